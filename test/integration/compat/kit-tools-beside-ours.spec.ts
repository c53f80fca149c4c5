import { expect } from 'chai';
import {
  AccountAllowanceApproveTransaction, NftId, TokenAirdropTransaction, TokenCreateTransaction, TokenId, TokenMintTransaction, TokenType,
  type Client, type Transaction, type TransactionReceipt,
} from '@hiero-ledger/sdk';
import { proto } from '@hiero-ledger/proto';
import type { Context as KitContext, IHederaMirrornodeService } from '@hashgraph/hedera-agent-kit';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { mirrornodeServiceFor } from '../../../src/compat/kit-mirrornode-service.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { AgentMode } from '../../../src/values/agent-mode.js';
import { MirrorClient } from '../../../src/mirror/mirror-client.js';
import coreQueriesPlugin from '../../../plugins/core-queries/index.js';
import coreTokenPlugin from '../../../plugins/core-token/index.js';
import { runRealKitTool } from '../../support/real-kit.js';

type Outcome = { raw: Record<string, any>; humanMessage: string };

/** The TransactionBody inside frozen bytes, as a node reads it. */
function wireBody(bytes: Uint8Array): proto.TransactionBody {
  const signed = proto.SignedTransaction.decode(proto.TransactionList.decode(bytes).transactionList[0]!.signedTransactionBytes!);
  return proto.TransactionBody.decode(signed.bodyBytes!);
}

/**
 * The Hedera Agent Kit's own tool (run as that kit runs it: its schema, then its execute, with our
 * mirror service as `context.mirrornodeService`) beside this project's tool of the same name, on one
 * devnet: the same input is accepted or refused by both, and both report the same ledger facts.
 */
describe("the Hedera Agent Kit's tools beside this project's, on the same input", () => {
  let net: Devnet;
  let client: Client;
  let ours: AgentKit;
  let kitContext: KitContext;
  let mirror: MirrorClient;
  let tokenId: string;
  let nftId: string;
  let dave: string;
  let spender: string;

  async function run(tx: Transaction): Promise<TransactionReceipt> {
    return (await tx.execute(client)).getReceipt(client);
  }

  /** The kit's tool: refused by its schema (as its toolkits parse input first), else its execute's result. */
  const theirs = (method: string, args: unknown, context: KitContext = kitContext): Promise<Outcome> => runRealKitTool(method, args, client, context);

  const accepted = (outcome: Outcome) => outcome.raw.status === 'SUCCESS';

  /** Runs the input through both; they must agree on accepting it. */
  async function both(method: string, args: unknown): Promise<{ ours: Outcome; theirs: Outcome }> {
    const pair = { ours: await ours.execute(method, args), theirs: await theirs(method, args) };
    expect(accepted(pair.ours), `ours on ${JSON.stringify(args)}: ${pair.ours.humanMessage}`).to.equal(accepted(pair.theirs));
    return pair;
  }

  const spenderOf = async (serial: number) => (await mirror.getJson<{ spender: string | null }>(`/tokens/${nftId}/nfts/${serial}`, `NFT ${serial}`)).spender;

  before(async () => {
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
    client = net.client();
    mirror = new MirrorClient(net.mirrorUrl, { retries: 0 });
    ours = await createAgentKit({ client, pluginsDir: null, plugins: [coreQueriesPlugin, coreTokenPlugin], mirrorNodeUrl: net.mirrorUrl });
    // The kit declares some mirror fields with other types than the mirror returns; ours returns the mirror's.
    kitContext = { mirrornodeService: mirrornodeServiceFor(net.mirrorUrl) as unknown as IHederaMirrornodeService };

    const operatorKey = net.operatorKey.publicKey;
    tokenId = (await run(new TokenCreateTransaction().setTokenName('Copper').setTokenSymbol('CU').setDecimals(2).setInitialSupply(10_000)
      .setTreasuryAccountId(net.operatorId).setSupplyKey(operatorKey))).tokenId!.toString();
    nftId = (await run(new TokenCreateTransaction().setTokenName('Moons').setTokenSymbol('MOON').setTokenType(TokenType.NonFungibleUnique)
      .setTreasuryAccountId(net.operatorId).setSupplyKey(operatorKey))).tokenId!.toString();
    await run(new TokenMintTransaction().setTokenId(nftId).setMetadata(Array.from({ length: 8 }, (_, at) => Buffer.from(`moon/${at + 1}`))));
    // dave has no association and no automatic slots: the airdrop waits for him.
    dave = (await net.createAccount({ hbar: 1 })).accountId;
    await run(new TokenAirdropTransaction().addTokenTransfer(tokenId, net.operatorId, -20).addTokenTransfer(tokenId, dave, 20));
    spender = (await net.createAccount({ hbar: 1 })).accountId;
    const approve = new AccountAllowanceApproveTransaction();
    for (let serial = 1; serial <= 8; serial++) approve.approveTokenNftAllowance(new NftId(TokenId.fromString(nftId), serial), net.operatorId, spender);
    await run(approve);
  });
  after(async () => {
    await ours.close();
    await net.stop();
  });

  describe('when get_exchange_rate_tool is asked', () => {
    it('accepts the same timestamps and reads the same rates', async () => {
      for (const args of [{ timestamp: '1700000000' }, { timestamp: '1700000000.123456789' }, { timestamp: 'lte:1700000000' }]) {
        const pair = await both('get_exchange_rate_tool', args);
        const [mine, kits] = [pair.ours.raw, pair.theirs.raw];
        expect(accepted(pair.ours), JSON.stringify(args)).to.equal(true);
        expect(mine.timestamp).to.equal(kits.timestamp);
        for (const [rate, kitRate] of [[mine.currentRate, kits.current_rate], [mine.nextRate, kits.next_rate]]) {
          expect([rate.hbarEquivalent, rate.centEquivalent, rate.expirationTime]).to.deep.equal([kitRate.hbar_equivalent, kitRate.cent_equivalent, kitRate.expiration_time]);
        }
        expect(pair.theirs.humanMessage).to.contain(`Current exchange rate: ${String(mine.currentRate.usdPerHbar)}`);
      }
      // The latest rate: the same ratio (the two reads may fall either side of an hour's end, so expiries may differ).
      const latest = await both('get_exchange_rate_tool', {});
      expect([latest.ours.raw.currentRate.centEquivalent, latest.ours.raw.currentRate.hbarEquivalent])
        .to.deep.equal([latest.theirs.raw.current_rate.cent_equivalent, latest.theirs.raw.current_rate.hbar_equivalent]);
    });

    it('refuses the same timestamps: ours names the field, the kit fails when the mirror refuses them', async () => {
      for (const timestamp of ['soon', '2025-01-31T12:00:00Z', 'ne:1700000000', 1700000000]) {
        const pair = await both('get_exchange_rate_tool', { timestamp });
        expect(accepted(pair.ours), String(timestamp)).to.equal(false);
        expect(pair.ours.raw.errorCode).to.equal('E_INVALID_PARAMS');
      }
    });
  });

  describe('when get_pending_airdrop_tool is asked', () => {
    it('lists the same airdrops with the same symbol and decimals, and defaults to the same account', async () => {
      const pair = await both('get_pending_airdrop_tool', { accountId: dave });
      const mine = (pair.ours.raw.airdrops as Record<string, any>[]).map((a) => [a.tokenId, a.senderId, Number(a.amount), a.symbol, a.decimals]);
      const kits = (pair.theirs.raw.pendingAirdrops.airdrops as Record<string, any>[]).map((a) => [a.token_id, a.sender_id, a.amount, a.symbol, a.decimals]);
      expect(mine).to.deep.equal([[tokenId, net.operatorId, 20, 'CU', 2]]);
      expect(mine).to.deep.equal(kits);
      expect([pair.ours.raw.accountId, pair.theirs.raw.accountId]).to.deep.equal([dave, dave]);
      const fallback = await both('get_pending_airdrop_tool', {});
      expect([fallback.ours.raw.accountId, fallback.theirs.raw.accountId]).to.deep.equal([net.operatorId, net.operatorId]);
      expect([fallback.ours.raw.airdrops, fallback.theirs.raw.pendingAirdrops.airdrops]).to.deep.equal([[], []]);
    });

    it('refuses the same malformed account IDs', async () => {
      for (const accountId of ['dave', '0.0.x', 7]) {
        const pair = await both('get_pending_airdrop_tool', { accountId });
        expect(pair.ours.raw.errorCode, String(accountId)).to.equal('E_INVALID_PARAMS');
      }
    });
  });

  describe('when delete_non_fungible_token_allowance_tool is asked', () => {
    it('accepts the same input, with or without an owner, and both remove the allowances on the ledger', async () => {
      const calls: [unknown, unknown][] = [
        [{ tokenId: nftId, serialNumbers: [1, 2] }, { tokenId: nftId, serialNumbers: [3, 4] }],
        [{ tokenId: nftId, serialNumbers: [5], ownerAccountId: net.operatorId, transactionMemo: 'ours' }, { tokenId: nftId, serialNumbers: [6], ownerAccountId: net.operatorId, transactionMemo: 'theirs' }],
      ];
      for (const [mine, kits] of calls) {
        const results = [await ours.execute('delete_non_fungible_token_allowance_tool', mine), await theirs('delete_non_fungible_token_allowance_tool', kits)];
        for (const result of results) {
          expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
          const [record] = (await mirror.getTransaction(String(result.raw.transactionId))).transactions;
          expect([record!.name, record!.result]).to.deep.equal(['CRYPTODELETEALLOWANCE', 'SUCCESS']);
        }
      }
      const spenders = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(spenderOf));
      expect(spenders).to.deep.equal([null, null, null, null, null, null, spender, spender]);
    });

    it('refuses the same malformed input, ours before anything is built, and nothing changes', async () => {
      const cases = [
        { serialNumbers: [7] },
        { tokenId: nftId },
        { tokenId: nftId, serialNumbers: [] },
        { tokenId: nftId, serialNumbers: [0] },
        { tokenId: nftId, serialNumbers: [7.5] },
        { tokenId: nftId, serialNumbers: '7' },
      ];
      for (const args of cases) {
        const pair = await both('delete_non_fungible_token_allowance_tool', args);
        expect([pair.ours.raw.errorCode, pair.theirs.raw.status], JSON.stringify(args)).to.deep.equal(['E_INVALID_PARAMS', 'ERROR']);
      }
      expect(await spenderOf(7)).to.equal(spender);
    });

    it('fails on the ledger with the same status for a serial that was never minted', async () => {
      const pair = await both('delete_non_fungible_token_allowance_tool', { tokenId: nftId, serialNumbers: [99] });
      expect(pair.ours.raw.errorCode).to.equal('INVALID_TOKEN_NFT_SERIAL_NUMBER');
      expect(JSON.stringify(pair.theirs.raw)).to.contain('INVALID_TOKEN_NFT_SERIAL_NUMBER');
    });

    it('refuses a fungible token in both: the ledger tells the kit, ours says so before sending', async () => {
      const pair = await both('delete_non_fungible_token_allowance_tool', { tokenId, serialNumbers: [1] });
      expect(pair.ours.raw.errorCode).to.equal('E_INVALID_PARAMS');
      expect(pair.ours.raw.transactionId).to.equal(undefined);
      expect(JSON.stringify(pair.theirs.raw)).to.contain('FUNGIBLE_TOKEN_IN_NFT_ALLOWANCES');
    });

    it('prepares the same removal in RETURN_BYTES mode, and neither reaches the ledger', async () => {
      const args = { tokenId: nftId, serialNumbers: [8, 7] };
      const bytesKit = await createAgentKit({ client, pluginsDir: null, plugins: [coreTokenPlugin], mirrorNodeUrl: net.mirrorUrl, context: { mode: AgentMode.RETURN_BYTES, accountId: spender } });
      const mine = await bytesKit.execute('delete_non_fungible_token_allowance_tool', { ...args, ownerAccountId: net.operatorId });
      await bytesKit.close();
      const kits = (await theirs('delete_non_fungible_token_allowance_tool', { ...args, ownerAccountId: net.operatorId }, { ...kitContext, mode: 'returnBytes' as never, accountId: spender })) as unknown as Record<string, any>;
      expect(mine.raw.status, mine.humanMessage).to.equal('SUCCESS');
      expect(kits.status).to.equal('SUCCESS');
      const [myBody, kitBody] = [wireBody(mine.raw.bytes as Uint8Array), wireBody(kits.bytes as Uint8Array)];
      const removals = (body: proto.TransactionBody) =>
        body.cryptoDeleteAllowance!.nftAllowances!.map((entry) => [`0.0.${String(entry.tokenId!.tokenNum)}`, `0.0.${String(entry.owner!.accountNum)}`, entry.serialNumbers!.map(String)]);
      expect(removals(myBody)).to.deep.equal([[nftId, net.operatorId, ['8', '7']]]);
      expect(removals(kitBody)).to.deep.equal(removals(myBody));
      expect([myBody.transactionID!.accountID!.accountNum, kitBody.transactionID!.accountID!.accountNum].map(String)).to.deep.equal([spender.split('.')[2], spender.split('.')[2]]);
      expect([await spenderOf(7), await spenderOf(8)]).to.deep.equal([spender, spender]);
    });
  });
});
