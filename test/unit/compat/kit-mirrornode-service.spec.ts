import { expect } from 'chai';
import sinon from 'sinon';
import BigNumber from 'bignumber.js';
import type { IHederaMirrornodeService } from '@hashgraph/hedera-agent-kit';
import { mirrornodeServiceFor, type KitMirrornodeService, type KitMirrornodeServiceOptions } from '../../../src/compat/kit-mirrornode-service.js';
import { AgentHooksError } from '../../../src/errors/index.js';
import { MirrorError, MirrorErrorCode } from '../../../src/mirror/mirror-error.js';

// Compile-time: the service has exactly the kit's method names, no more and no fewer.
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
const everyKitMethod: SameKeys<KitMirrornodeService, IHederaMirrornodeService> = true;

type Reply = { status: number; body?: unknown } | Error;

/** A fetch that answers from a script by longest matching path prefix and records each request. */
class ScriptedFetch {
  readonly calls: string[] = [];
  private readonly replies = new Map<string, Reply[]>();

  reply(pathPrefix: string, ...replies: Reply[]): void {
    this.replies.set(pathPrefix, replies);
  }

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const path = `${url.pathname}${url.search}`;
    this.calls.push(`${init?.method ?? 'GET'} ${path}${init?.body ? ` ${String(init.body)}` : ''}`);
    const key = [...this.replies.keys()].filter((prefix) => path.startsWith(prefix)).sort((a, b) => b.length - a.length)[0];
    const queue = key ? this.replies.get(key)! : [];
    const next = queue.length > 1 ? queue.shift()! : queue[0] ?? { status: 404, body: { _status: { messages: [{ message: 'Not found' }] } } };
    if (next instanceof Error) throw next;
    const text = next.body === undefined ? '' : typeof next.body === 'string' ? next.body : JSON.stringify(next.body);
    return new Response(text, { status: next.status, headers: { 'content-type': 'application/json' } });
  };
}

const BASE = 'http://mirror.test:5551';

async function rejection(promise: Promise<unknown>): Promise<MirrorError> {
  const error = await promise.then(() => undefined, (thrown: unknown) => thrown);
  expect(error, 'expected a MirrorError').to.be.instanceOf(MirrorError);
  return error as MirrorError;
}

const account = {
  account: '0.0.5', balance: { balance: 1_250_000_000, timestamp: '1.000000000', tokens: [] }, created_timestamp: '1.0', deleted: false,
  ethereum_nonce: 0, evm_address: '0x0000000000000000000000000000000000000005', key: { _type: 'ED25519', key: 'ab'.repeat(32) },
  max_automatic_token_associations: 3, memo: 'hi',
};
const message = (seq: number) => ({
  consensus_timestamp: `1700000000.00000000${seq}`, message: Buffer.from(`m${seq}`).toString('base64'), payer_account_id: '0.0.2',
  running_hash: '', running_hash_version: 3, sequence_number: seq, topic_id: '0.0.9', chunk_info: null,
});

describe('mirrornodeServiceFor', () => {
  const sandbox = sinon.createSandbox();
  let mirror: ScriptedFetch;
  const serviceWith = (options: KitMirrornodeServiceOptions = {}) => mirrornodeServiceFor(`${BASE}/api/v1/`, { retryDelayMs: 1, fetch: mirror.fetch, ...options });

  beforeEach(() => { mirror = new ScriptedFetch(); });
  afterEach(() => sandbox.restore());

  it('has every method of the kit service', () => {
    expect(everyKitMethod).to.equal(true);
  });

  describe('when given the mirror URL with or without /api/v1', () => {
    it('reports the REST root with /api/v1, as the kit appends paths to it', () => {
      expect(mirrornodeServiceFor(BASE).getBaseUrl()).to.equal(`${BASE}/api/v1`);
      expect(mirrornodeServiceFor(`${BASE}/api/v1/`).getBaseUrl()).to.equal(`${BASE}/api/v1`);
    });

    it('refuses a URL that is not http(s)', () => {
      expect(() => mirrornodeServiceFor('mirror.test:5551')).to.throw(MirrorError, /http\(s\) URL/);
    });

    it('refuses a retry count, delay or timeout out of range, naming the option', () => {
      expect(() => mirrornodeServiceFor(BASE, { notFoundRetries: -1 })).to.throw(AgentHooksError, 'options.notFoundRetries must be an integer from 0 to 10, got -1');
      expect(() => mirrornodeServiceFor(BASE, { retryDelayMs: 1.5 })).to.throw(AgentHooksError, /options\.retryDelayMs/);
      expect(() => mirrornodeServiceFor(BASE, { timeoutMs: 0 })).to.throw(AgentHooksError, 'options.timeoutMs must be an integer from 1 to 600000, got 0');
    });
  });

  describe('when reading an account', () => {
    it("maps the mirror account to the kit's camelCase fields, keeping the balance object", async () => {
      mirror.reply('/api/v1/accounts/0.0.5', { status: 200, body: account });
      expect(await serviceWith().getAccount('0.0.5')).to.deep.equal({
        accountId: '0.0.5', accountPublicKey: 'ab'.repeat(32), balance: account.balance, evmAddress: account.evm_address, ethereumNonce: 0,
        createdTimestamp: '1.0', memo: 'hi', maxAutomaticTokenAssociations: 3, deleted: false,
      });
    });

    it('returns the HBAR balance as a BigNumber of tinybars, which the kit divides by 1e8', async () => {
      mirror.reply('/api/v1/accounts/0.0.5', { status: 200, body: account });
      const balance = await serviceWith().getAccountHbarBalance('0.0.5');
      expect(BigNumber.isBigNumber(balance)).to.equal(true);
      expect(balance.div(1e8).toString()).to.equal('12.5');
    });

    it('refuses an answer that names no account', async () => {
      mirror.reply('/api/v1/accounts/0.0.5', { status: 200, body: {} });
      const error = await rejection(serviceWith().getAccount('0.0.5'));
      expect(error.code).to.equal(MirrorErrorCode.BAD_RESPONSE);
      expect(error.message).to.contain('GET /api/v1/accounts/0.0.5 names no account');
    });
  });

  describe('when an entity is not found', () => {
    it('retries the 404 a bounded number of times, then names the entity, the path and the status', async () => {
      const error = await rejection(serviceWith({ notFoundRetries: 2 }).getAccount('0.0.77'));
      expect(error.code).to.equal(MirrorErrorCode.NOT_FOUND);
      expect(error.httpStatus).to.equal(404);
      expect(error.message).to.equal(
        'Account 0.0.77 was not found on the mirror node at http://mirror.test:5551: GET /api/v1/accounts/0.0.77 answered HTTP 404 Not Found (it does not exist, or is too new to be indexed yet).',
      );
      expect(mirror.calls).to.have.length(3);
    });

    it('finds something indexed between two tries', async () => {
      mirror.reply('/api/v1/tokens/0.0.8', { status: 404 }, { status: 200, body: { token_id: '0.0.8', symbol: 'NEW' } });
      expect((await serviceWith().getTokenInfo('0.0.8')).symbol).to.equal('NEW');
    });

    it('does not retry a transaction too old to reach consensus any more', async () => {
      await rejection(serviceWith().getTransactionRecord('0.0.2-1600000000-000000001'));
      expect(mirror.calls).to.deep.equal(['GET /api/v1/transactions/0.0.2-1600000000-000000001']);
    });

    it('retries a transaction made moments ago, and reads the SDK ID form and a nonce', async () => {
      const seconds = Math.floor(Date.now() / 1000);
      mirror.reply('/api/v1/transactions/', { status: 404 }, { status: 200, body: { transactions: [{ transaction_id: `0.0.2-${seconds}-000000042` }] } });
      const record = await serviceWith().getTransactionRecord(`0.0.2@${seconds}.000000042`, 1);
      expect(record.transactions).to.have.length(1);
      expect(mirror.calls).to.deep.equal([`GET /api/v1/transactions/0.0.2-${seconds}-000000042?nonce=1`, `GET /api/v1/transactions/0.0.2-${seconds}-000000042?nonce=1`]);
    });
  });

  describe('when the mirror fails', () => {
    it('retries 429 and gateway errors, then reports the last status', async () => {
      mirror.reply('/api/v1/topics/0.0.9', { status: 429 }, { status: 502 }, { status: 503 });
      const error = await rejection(serviceWith({ retries: 2 }).getTopicInfo('0.0.9'));
      expect(error.code).to.equal(MirrorErrorCode.UNAVAILABLE);
      expect(error.message).to.equal('Could not read topic 0.0.9 from the mirror node at http://mirror.test:5551: GET /api/v1/topics/0.0.9 answered HTTP 503 Service Unavailable.');
      expect(mirror.calls).to.have.length(3);
    });

    it('says why there was no answer at all', async () => {
      mirror.reply('/api/v1/tokens/0.0.1', new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:5551') }));
      const error = await rejection(serviceWith({ retries: 0 }).getTokenInfo('0.0.1'));
      expect(error.message).to.contain('GET /api/v1/tokens/0.0.1 got no answer (fetch failed: connect ECONNREFUSED 127.0.0.1:5551)');
    });

    it('reports a malformed request and a body that is not JSON without retrying', async () => {
      mirror.reply('/api/v1/network/exchangerate', { status: 400, body: {} });
      const refused = await rejection(serviceWith().getExchangeRate('yesterday'));
      expect(refused.message).to.contain('GET /api/v1/network/exchangerate?timestamp=yesterday answered HTTP 400 Bad Request');
      mirror.reply('/api/v1/schedules/0.0.3', { status: 200, body: '<html>' });
      const garbled = await rejection(serviceWith().getScheduledTransactionDetails('0.0.3'));
      expect(garbled.code).to.equal(MirrorErrorCode.BAD_RESPONSE);
      expect(garbled.message).to.contain('GET /api/v1/schedules/0.0.3 answered HTTP 200 with a body that is not JSON');
      expect(mirror.calls).to.have.length(2);
    });

    it('keeps an ID from changing the path', async () => {
      await rejection(serviceWith({ notFoundRetries: 0 }).getTopicInfo('../accounts/0.0.2'));
      expect(mirror.calls).to.deep.equal(['GET /api/v1/topics/..%2Faccounts%2F0.0.2']);
    });
  });

  describe('when listing token balances', () => {
    it("follows every page, filters by token, and adds each token's symbol", async () => {
      mirror.reply('/api/v1/accounts/0.0.5/tokens?limit=100&token.id=0.0.7', {
        status: 200, body: { tokens: [{ token_id: '0.0.7', balance: 1, decimals: 2 }], links: { next: '/api/v1/accounts/0.0.5/tokens?p=2' } },
      });
      mirror.reply('/api/v1/accounts/0.0.5/tokens?p=2', { status: 200, body: { tokens: [{ token_id: '0.0.8', balance: 2, decimals: 0 }], links: { next: null } } });
      mirror.reply('/api/v1/tokens/0.0.7', { status: 200, body: { symbol: 'SEVEN' } });
      mirror.reply('/api/v1/tokens/0.0.8', { status: 200, body: { symbol: 'EIGHT' } });
      const { tokens, links } = await serviceWith().getAccountTokenBalances('0.0.5', '0.0.7');
      expect(tokens).to.deep.equal([{ token_id: '0.0.7', balance: 1, decimals: 2, symbol: 'SEVEN' }, { token_id: '0.0.8', balance: 2, decimals: 0, symbol: 'EIGHT' }]);
      expect(links.next).to.equal(null);
    });

    it("marks a token whose info cannot be read 'UNKNOWN' and tells the logger, keeping the rest", async () => {
      const logger = { debug: sandbox.spy(), warn: sandbox.spy(), error: sandbox.spy() };
      mirror.reply('/api/v1/accounts/0.0.5/tokens', { status: 200, body: { tokens: [{ token_id: '0.0.7', balance: 1 }, { token_id: '0.0.8', balance: 2 }], links: { next: null } } });
      mirror.reply('/api/v1/tokens/0.0.7', { status: 503 });
      mirror.reply('/api/v1/tokens/0.0.8', { status: 200, body: { symbol: 'EIGHT' } });
      const { tokens } = await serviceWith({ retries: 0, logger }).getAccountTokenBalances('0.0.5');
      expect(tokens.map((token) => token.symbol)).to.deep.equal(['UNKNOWN', 'EIGHT']);
      expect(logger.warn.calledOnce).to.equal(true);
      expect(logger.warn.firstCall.args[0]).to.include({ tokenId: '0.0.7', accountId: '0.0.5' });
    });
  });

  describe('when reading topic messages', () => {
    it('asks newest first, 100 a page, within the bounds, and stops at the limit', async () => {
      mirror.reply('/api/v1/topics/0.0.9/messages?timestamp=gte:1.000000000&timestamp=lte:2.000000000&order=desc&limit=100', {
        status: 200, body: { messages: [message(4), message(3)], links: { next: '/api/v1/topics/0.0.9/messages?p=2' } },
      });
      mirror.reply('/api/v1/topics/0.0.9/messages?p=2', { status: 200, body: { messages: [message(2), message(1)], links: { next: '/api/v1/topics/0.0.9/messages?p=3' } } });
      const result = await serviceWith().getTopicMessages({ topicId: '0.0.9', lowerTimestamp: '1.000000000', upperTimestamp: '2.000000000', limit: 3 });
      expect(result.topicId).to.equal('0.0.9');
      expect(result.messages.map((each) => each.sequence_number)).to.deep.equal([4, 3, 2]);
      expect(mirror.calls).to.have.length(2);
    });

    it('leaves out empty bounds and reads every page without a limit', async () => {
      mirror.reply('/api/v1/topics/0.0.9/messages?order=desc&limit=100', { status: 200, body: { messages: [message(2)], links: { next: '/api/v1/topics/0.0.9/messages?p=2' } } });
      mirror.reply('/api/v1/topics/0.0.9/messages?p=2', { status: 200, body: { messages: [message(1)], links: { next: null } } });
      const result = await serviceWith().getTopicMessages({ topicId: '0.0.9', lowerTimestamp: '', upperTimestamp: '' });
      expect(result.messages).to.have.length(2);
    });
  });

  describe('when reading airdrops, allowances and NFTs', () => {
    it('asks the routes the kit asks and returns their lists', async () => {
      mirror.reply('/api/v1/accounts/0.0.5/airdrops/pending', { status: 200, body: { airdrops: [{ token_id: '0.0.7', amount: 5 }], links: { next: null } } });
      mirror.reply('/api/v1/accounts/0.0.5/airdrops/outstanding', { status: 200, body: { airdrops: [], links: { next: null } } });
      mirror.reply('/api/v1/accounts/0.0.5/allowances/tokens', { status: 200, body: { allowances: [{ token_id: '0.0.7', amount: 1 }], links: { next: null } } });
      mirror.reply('/api/v1/accounts/0.0.5/nfts', { status: 200, body: { nfts: [{ token_id: '0.0.7', serial_number: 1 }], links: { next: null } } });
      const service = serviceWith();
      expect((await service.getPendingAirdrops('0.0.5')).airdrops).to.have.length(1);
      expect((await service.getOutstandingAirdrops('0.0.5')).airdrops).to.deep.equal([]);
      expect((await service.getTokenAllowances('0.0.5', '0.0.6')).allowances).to.have.length(1);
      expect((await service.getAccountNfts('0.0.5')).nfts).to.have.length(1);
      expect(mirror.calls).to.deep.equal([
        'GET /api/v1/accounts/0.0.5/airdrops/pending?limit=100', 'GET /api/v1/accounts/0.0.5/airdrops/outstanding?limit=100',
        'GET /api/v1/accounts/0.0.5/allowances/tokens?spender.id=0.0.6&limit=100', 'GET /api/v1/accounts/0.0.5/nfts?limit=100',
      ]);
    });

    it('refuses a list answer without its list', async () => {
      mirror.reply('/api/v1/accounts/0.0.5/nfts', { status: 200, body: { links: { next: null } } });
      const error = await rejection(serviceWith().getAccountNfts('0.0.5'));
      expect(error.message).to.contain('GET /api/v1/accounts/0.0.5/nfts?limit=100 has no "nfts" list');
    });
  });

  describe('when calling a contract', () => {
    it('POSTs data and to, and resolves to the result', async () => {
      mirror.reply('/api/v1/contracts/call', { status: 200, body: { result: '0x2a' } });
      expect(await serviceWith().callContract('0xab', '0x313ce567')).to.equal('0x2a');
      expect(mirror.calls).to.deep.equal(['POST /api/v1/contracts/call {"data":"0x313ce567","to":"0xab"}']);
    });

    it('reports a failed call by its path and status', async () => {
      mirror.reply('/api/v1/contracts/call', { status: 200, body: {} });
      expect((await rejection(serviceWith().callContract('0xab', '0x'))).message).to.contain('POST /api/v1/contracts/call has no "result" string');
      mirror.reply('/api/v1/contracts/call', { status: 405 });
      expect((await rejection(serviceWith().callContract('0xab', '0x'))).message).to.contain('POST /api/v1/contracts/call answered HTTP 405 Method Not Allowed');
    });
  });
});
