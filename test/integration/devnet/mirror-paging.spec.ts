import { expect } from 'chai';
import { AccountId, MirrorNodeAccountBalanceQuery } from '@hiero-ledger/sdk';
import { mirrornodeServiceFor } from '../../../src/compat/kit-mirrornode-service.js';
import { getJson, MirrorOpenApi } from '../../support/mirror-openapi.js';
import { buildMirrorWorld, LIST_SIZE, NFT_SERIALS_EACH, type MirrorWorld } from '../../support/mirror-world.js';

type Item = Record<string, any>;

/** One list route: where it is, how to name and order its items, and what it must list. */
interface ListRoute {
  template: string;
  url(world: MirrorWorld): string;
  list: string;
  id(item: Item): string;
  /** the documented order of the list, as a tuple compared column by column */
  key(item: Item): bigint[];
  expected(world: MirrorWorld): string[];
}

const num = (id: string | null): bigint => BigInt(id === null ? -1 : id.split('.')[2]);
const ts = (text: string): bigint => BigInt(text.replace('.', ''));
const genesis = ['0.0.2', '0.0.3', '0.0.98'];
/** The factory contracts the devnet starts with: a contract is an account, so the account lists show them. */
const genesisContracts = (w: MirrorWorld) => [w.net.contracts.erc20Factory.contractId, w.net.contracts.erc721Factory.contractId];

const ROUTES: ListRoute[] = [
  {
    template: '/accounts', url: () => '/accounts', list: 'accounts', id: (a) => a.account, key: (a) => [num(a.account)],
    expected: (w) => [...genesis, ...genesisContracts(w), ...w.holders, w.receiver, w.receiver2, ...w.contracts],
  },
  {
    template: '/balances', url: () => '/balances', list: 'balances', id: (a) => a.account, key: (a) => [num(a.account)],
    expected: (w) => [...genesis, ...genesisContracts(w), ...w.holders, w.receiver, w.receiver2, ...w.contracts],
  },
  {
    template: '/accounts/{idOrAliasOrEvmAddress}', url: (w) => `/accounts/${w.operator}`, list: 'transactions',
    id: (t) => t.transaction_id, key: (t) => [ts(t.consensus_timestamp)], expected: (w) => [...w.transactionIds],
  },
  {
    template: '/transactions', url: () => '/transactions', list: 'transactions',
    id: (t) => t.transaction_id, key: (t) => [ts(t.consensus_timestamp)], expected: (w) => [...w.transactionIds],
  },
  {
    template: '/tokens', url: () => '/tokens', list: 'tokens', id: (t) => t.token_id, key: (t) => [num(t.token_id)],
    expected: (w) => [...w.fungibles, ...w.nftTokens],
  },
  {
    template: '/accounts/{idOrAliasOrEvmAddress}/tokens', url: (w) => `/accounts/${w.operator}/tokens`, list: 'tokens',
    id: (t) => t.token_id, key: (t) => [num(t.token_id)], expected: (w) => [...w.fungibles, ...w.nftTokens],
  },
  {
    template: '/tokens/{tokenId}/balances', url: (w) => `/tokens/${w.coin}/balances`, list: 'balances',
    id: (b) => b.account, key: (b) => [num(b.account)], expected: (w) => [w.operator, ...w.holders],
  },
  {
    template: '/tokens/{tokenId}/nfts', url: (w) => `/tokens/${w.nftTokens[0]}/nfts`, list: 'nfts',
    id: (n) => String(n.serial_number), key: (n) => [BigInt(n.serial_number)],
    expected: (w) => Array.from({ length: w.size }, (_, i) => String(i + 1)),
  },
  {
    template: '/accounts/{idOrAliasOrEvmAddress}/nfts', url: (w) => `/accounts/${w.operator}/nfts`, list: 'nfts',
    id: (n) => `${n.token_id}-${n.serial_number}`, key: (n) => [num(n.token_id), BigInt(n.serial_number)],
    expected: (w) => w.nftTokens.flatMap((token, i) => Array.from({ length: i === 0 ? w.size : NFT_SERIALS_EACH }, (_, s) => `${token}-${s + 1}`)),
  },
  {
    template: '/accounts/{idOrAliasOrEvmAddress}/allowances/crypto', url: (w) => `/accounts/${w.operator}/allowances/crypto`, list: 'allowances',
    id: (a) => a.spender, key: (a) => [num(a.spender)], expected: (w) => w.holders,
  },
  {
    template: '/accounts/{idOrAliasOrEvmAddress}/allowances/tokens', url: (w) => `/accounts/${w.operator}/allowances/tokens`, list: 'allowances',
    id: (a) => `${a.spender}-${a.token_id}`, key: (a) => [num(a.spender), num(a.token_id)],
    expected: (w) => w.tokenAllowances.map(([spender, token]) => `${spender}-${token}`),
  },
  {
    template: '/accounts/{idOrAliasOrEvmAddress}/allowances/nfts', url: (w) => `/accounts/${w.operator}/allowances/nfts`, list: 'allowances',
    id: (a) => `${a.spender}-${a.token_id}`, key: (a) => [num(a.spender), num(a.token_id)],
    expected: (w) => w.nftAllowances.map(([spender, token]) => `${spender}-${token}`),
  },
  {
    template: '/accounts/{idOrAliasOrEvmAddress}/airdrops/pending', url: (w) => `/accounts/${w.receiver}/airdrops/pending`, list: 'airdrops',
    id: (a) => `${a.sender_id}-${a.token_id}-${a.serial_number ?? 0}`, key: (a) => [num(a.sender_id), num(a.token_id), BigInt(a.serial_number ?? 0)], expected: (w) => w.pendingForReceiver,
  },
  {
    template: '/accounts/{idOrAliasOrEvmAddress}/airdrops/outstanding', url: (w) => `/accounts/${w.operator}/airdrops/outstanding`, list: 'airdrops',
    id: (a) => `${a.receiver_id}-${a.token_id}-${a.serial_number ?? 0}`, key: (a) => [num(a.receiver_id), num(a.token_id), BigInt(a.serial_number ?? 0)],
    expected: (w) => [
      ...w.pendingForReceiver.filter((id) => id.startsWith(`${w.operator}-`)).map((id) => id.replace(`${w.operator}-`, `${w.receiver}-`)),
      ...w.fungibles.slice(1, 11).map((token) => `${w.receiver2}-${token}-0`),
    ],
  },
  {
    template: '/topics/{topicId}/messages', url: (w) => `/topics/${w.topic}/messages`, list: 'messages',
    id: (m) => String(m.sequence_number), key: (m) => [ts(m.consensus_timestamp)],
    expected: (w) => Array.from({ length: w.size }, (_, i) => String(i + 1)),
  },
  {
    template: '/network/nodes', url: () => '/network/nodes', list: 'nodes', id: (n) => String(n.node_id), key: (n) => [BigInt(n.node_id)], expected: () => ['0'],
  },
  {
    template: '/schedules', url: () => '/schedules', list: 'schedules', id: (s) => s.schedule_id, key: (s) => [num(s.schedule_id)], expected: (w) => w.schedules,
  },
  {
    template: '/contracts', url: () => '/contracts', list: 'contracts', id: (c) => c.contract_id, key: (c) => [num(c.contract_id)],
    expected: (w) => [...genesisContracts(w), ...w.contracts],
  },
  {
    // A log is named by its Ping(round, n) topics, which the world chose, not by where it landed.
    template: '/contracts/{contractIdOrAddress}/results/logs', url: (w) => `/contracts/${w.contracts[0]}/results/logs`, list: 'logs',
    id: (l) => `${BigInt(l.topics[1])}-${BigInt(l.topics[2])}`, key: (l) => [ts(l.timestamp), BigInt(l.index)], expected: (w) => w.logs,
  },
  {
    template: '/accounts/{idOrAliasOrEvmAddress}/rewards', url: (w) => `/accounts/${w.operator}/rewards`, list: 'rewards',
    id: (r) => r.timestamp, key: (r) => [ts(r.timestamp)], expected: () => [],
  },
];

const paramNames = (link: string) => [...new URLSearchParams(link.split('?')[1]).keys()].sort();

function inOrder(keys: bigint[][], order: 'asc' | 'desc'): boolean {
  const compare = (a: bigint[], b: bigint[]) => { for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1; return 0; };
  return keys.every((key, i) => i === 0 || compare(keys[i - 1], key) === (order === 'asc' ? -1 : 1));
}

describe('devnet mirror: paging every list route to the end', function () {
  this.timeout(180_000);
  let world: MirrorWorld;
  const spec = new MirrorOpenApi();

  before(async () => { world = await buildMirrorWorld(LIST_SIZE); });
  after(async () => { await world?.stop(); });

  /** Follows links.next from the first page as a client does, checking every page on the way. */
  async function walk(route: ListRoute, query: string, limit: number, order: 'asc' | 'desc') {
    const items: Item[] = [];
    const links: string[] = [];
    let next: string | null = `/api/v1${route.url(world)}${query}`;
    const maxPages = Math.ceil(Math.max(route.expected(world).length, 1) / limit) + 1;
    while (next !== null) {
      expect(links.length, `${route.template}: more pages than ${maxPages}`).to.be.below(maxPages);
      const { status, body } = await getJson(`${world.net.mirrorUrl}${next}`);
      expect(status, next).to.equal(200);
      expect(spec.errors(route.template, status, body), next).to.deep.equal([]);
      expect(body[route.list].length, next).to.be.at.most(limit);
      items.push(...body[route.list]);
      next = body.links.next;
      if (next !== null) {
        expect(next.startsWith(`/api/v1${route.url(world)}?`), next).to.equal(true);
        links.push(next);
      }
    }
    // The cursor is replaced, not appended: every next link has the same parameters as the first.
    for (const link of links) expect(paramNames(link), link).to.deep.equal(paramNames(links[0]));
    expect(inOrder(items.map(route.key), order), `${route.template} ${order} order`).to.equal(true);
    return items.map(route.id);
  }

  for (const route of ROUTES) {
    // The order a list has without `order` is the default its OpenAPI operation documents.
    const defaultOrder = spec.parameters(route.template).find((p) => p.name === 'order')!.schema!.default as 'asc' | 'desc';
    describe(`when following ${route.template}`, () => {
      it(`lists every item once in the documented default (${defaultOrder}) order, 37 a page`, async () => {
        const ids = await walk(route, '?limit=37', 37, defaultOrder);
        expect(ids.length).to.equal(new Set(ids).size);
        expect([...ids].sort()).to.deep.equal([...route.expected(world)].sort());
        expect(ids.length).to.equal(route.expected(world).length);
      });

      it('lists the same items in the other order, 100 a page', async () => {
        const order = defaultOrder === 'asc' ? 'desc' : 'asc';
        const ids = await walk(route, `?order=${order}&limit=100`, 100, order);
        expect(ids.length).to.equal(new Set(ids).size);
        expect([...ids].sort()).to.deep.equal([...route.expected(world)].sort());
      });
    });
  }

  describe('when no limit is given', () => {
    it('pages 25 at a time', async () => {
      const { body } = await getJson(`${world.net.mirrorUrl}/api/v1/tokens/${world.nftTokens[0]}/nfts`);
      expect(body.nfts.map((n: Item) => n.serial_number)).to.deep.equal(Array.from({ length: 25 }, (_, i) => world.size - i));
      expect(body.links.next).to.equal(`/api/v1/tokens/${world.nftTokens[0]}/nfts?limit=25&order=desc&serialnumber=lt:${world.size - 24}`);
    });
  });

  describe('when clients follow the links', () => {
    it('lets the kit-compatible mirror service collect every pending airdrop, NFT and allowance', async () => {
      const service = mirrornodeServiceFor(world.net.mirrorUrl);
      const pending = await service.getPendingAirdrops(world.receiver);
      expect(pending.airdrops).to.have.length(world.pendingForReceiver.length);
      expect(new Set(pending.airdrops.map((a: Item) => `${a.sender_id}-${a.token_id}-${a.serial_number ?? 0}`))).to.deep.equal(new Set(world.pendingForReceiver));
      expect(pending.links.next).to.equal(null);
      const nfts = await service.getAccountNfts(world.operator);
      expect(new Set(nfts.nfts.map((n: Item) => `${n.token_id}-${n.serial_number}`)).size).to.equal(world.size + 9 * NFT_SERIALS_EACH);
      const tokens = await service.getAccountTokenBalances(world.operator);
      expect(tokens.tokens).to.have.length(world.fungibles.length + world.nftTokens.length);
      const messages = await service.getTopicMessages({ topicId: world.topic, limit: world.size });
      expect(messages.messages.map((m: Item) => m.sequence_number)).to.deep.equal(Array.from({ length: world.size }, (_, i) => world.size - i));
    });

    it("answers the SDK's MirrorNodeAccountBalanceQuery by account ID and by EVM address", async () => {
      // The SDK derives the REST URL from the mirror network (port 5551 on loopback); point it here.
      Object.defineProperty(world.client, 'mirrorRestApiBaseUrl', { configurable: true, get: () => `${world.net.mirrorUrl}/api/v1` });
      const byId = await new MirrorNodeAccountBalanceQuery().setAccountId(world.holders[7]).execute(world.client);
      expect(byId.hbars.toTinybars().toNumber()).to.equal(100_000_000);
      const evm = AccountId.fromString(world.holders[7]).toEvmAddress();
      const byEvm = await new MirrorNodeAccountBalanceQuery().setAccountId(AccountId.fromEvmAddress(0, 0, evm)).execute(world.client);
      expect(byEvm.hbars.toTinybars().toNumber()).to.equal(100_000_000);
      const unknown = await new MirrorNodeAccountBalanceQuery().setAccountId('0.0.999999').execute(world.client);
      expect(unknown.hbars.toTinybars().toNumber()).to.equal(0);
    });
  });
});
