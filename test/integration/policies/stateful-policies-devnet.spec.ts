import { expect } from 'chai';
import type { Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { RateLimitPolicy } from '../../../src/policies/rate-limit-policy.js';
import { SpendLimitPolicy } from '../../../src/policies/spend-limit-policy.js';
import { tinybarsOf } from '../adversarial/adversarial-world.js';

const HBAR = 100_000_000n;
const DAY = 86_400_000;

/** The core transfer_hbar_tool's input for one payment. */
const pay = (accountId: string, amount: number) => ({ transfers: [{ accountId, amount }] });

describe('stateful policies on the devnet', function () {
  this.timeout(120_000);
  let net: Devnet;
  let payer: { accountId: string; client: Client };
  let kits: AgentKit[];

  beforeEach(async () => {
    net = await startDevnet();
    const account = await net.createAccount({ hbar: 5_000 });
    payer = { accountId: account.accountId, client: createDevnetClient(net.grpcAddress, account.accountId, account.privateKey) };
    kits = [];
  });
  afterEach(async () => {
    for (const kit of kits) await kit.close();
    payer.client.close();
    await net.stop();
  });

  /** A kit paying from the payer account, with the core plugins and these policies. */
  async function agent(...policies: object[]): Promise<AgentKit> {
    const kit = await createAgentKit({ client: payer.client, mirrorNodeUrl: net.mirrorUrl, context: { hooks: policies } });
    kits.push(kit);
    return kit;
  }

  describe('SpendLimitPolicy', () => {
    describe('when 100 transfers of 10 HBAR start at once against 500 HBAR per 24 h', () => {
      it('executes exactly 50, and the ledger shows exactly 500 HBAR moved', async () => {
        const recipient = (await net.createAccount({ hbar: 0 })).accountId;
        const policy = new SpendLimitPolicy({ hbar: 500, windowMs: DAY });
        const kit = await agent(policy);
        const results = await Promise.all(Array.from({ length: 100 }, () => kit.execute('transfer_hbar_tool', pay(recipient, 10))));
        const executed = results.filter((result) => result.raw.status === 'SUCCESS');
        const blocked = results.filter((result) => result.raw.errorCode === 'E_POLICY_BLOCKED');
        expect(executed).to.have.length(50);
        expect(blocked).to.have.length(50);
        expect(blocked[0]!.raw.blockedBy?.reason).to.match(new RegExp(`^budget "spend-limit": ${payer.accountId.replace(/\./g, '\\.')} may spend 500 HBAR per 24 h; this call moves 10 HBAR, but 500 HBAR is spent or reserved in the window, 0 HBAR left; room for it frees up in `));
        expect(await tinybarsOf(payer.client, recipient)).to.equal(500n * HBAR);
        expect(await policy.usage(payer.accountId)).to.deep.equal({ committed: 500n * HBAR, pending: 0n });
      });
    });

    describe('when an approved transfer fails on the ledger', () => {
      it('gives the budget back, so the next transfer fits', async () => {
        const recipient = (await net.createAccount({ hbar: 0 })).accountId;
        const kit = await agent(new SpendLimitPolicy({ hbar: 10, windowMs: DAY }));
        net.faults.inject({ rpc: 'cryptoTransfer', receiptStatus: 'INSUFFICIENT_PAYER_BALANCE', times: 1 });
        const failed = await kit.execute('transfer_hbar_tool', pay(recipient, 10));
        expect(failed.raw).to.include({ status: 'ERROR', errorCode: 'INSUFFICIENT_PAYER_BALANCE' });
        const next = await kit.execute('transfer_hbar_tool', pay(recipient, 10));
        expect(next.raw.status, next.humanMessage).to.equal('SUCCESS');
        expect((await kit.execute('transfer_hbar_tool', pay(recipient, 1))).raw.errorCode).to.equal('E_POLICY_BLOCKED');
        expect(await tinybarsOf(payer.client, recipient)).to.equal(10n * HBAR);
      });
    });

    describe('when a transfer pays several recipients', () => {
      it('counts the whole debit, and blocks before anything is sent', async () => {
        const [a, b] = [(await net.createAccount({ hbar: 0 })).accountId, (await net.createAccount({ hbar: 0 })).accountId];
        const kit = await agent(new SpendLimitPolicy({ hbar: 15, windowMs: DAY }));
        const result = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: a, amount: 8 }, { accountId: b, amount: 8 }] });
        expect(result.raw.blockedBy?.reason).to.match(/this call moves 16 HBAR, more than the whole budget$/);
        expect(result.raw.transactionId).to.equal(undefined);
        expect(await tinybarsOf(payer.client, a)).to.equal(0n);
        expect((await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: a, amount: 7 }, { accountId: b, amount: 8 }] })).raw.status).to.equal('SUCCESS');
      });
    });

    describe('when the tool moves nothing it limits', () => {
      it('lets other tools through untouched', async () => {
        const kit = await agent(new SpendLimitPolicy({ hbar: 1, windowMs: DAY }));
        expect((await kit.execute('create_topic_tool', {})).raw.status).to.equal('SUCCESS');
      });
    });
  });

  describe('RateLimitPolicy', () => {
    describe('when a query tool is called past its limit', () => {
      it('answers the allowed calls, blocks the rest saying when it frees up, and counts per tool', async () => {
        const kit = await agent(new RateLimitPolicy({ limit: 2, windowMs: 60_000, tools: ['get_hbar_balance_query_tool'] }));
        for (let call = 0; call < 2; call++) expect((await kit.execute('get_hbar_balance_query_tool', {})).raw.status).to.equal('SUCCESS');
        const blocked = await kit.execute('get_hbar_balance_query_tool', {});
        expect(blocked.raw.blockedBy?.reason).to.match(/^get_hbar_balance_query_tool may be called 2 times per 1 min; this window has had 2, and it frees up in /);
        expect((await kit.execute('get_account_query_tool', { accountId: payer.accountId })).raw.status).to.equal('SUCCESS');
      });
    });

    describe('when a transfer it admitted fails (to an account that does not exist)', () => {
      it('gives the place back', async () => {
        const recipient = (await net.createAccount({ hbar: 0 })).accountId;
        const kit = await agent(new RateLimitPolicy({ limit: 1, windowMs: 60_000, tools: ['transfer_hbar_tool'] }));
        expect((await kit.execute('transfer_hbar_tool', pay('0.0.999999', 1))).raw.status).to.equal('ERROR');
        expect((await kit.execute('transfer_hbar_tool', pay(recipient, 1))).raw.status).to.equal('SUCCESS');
        expect((await kit.execute('transfer_hbar_tool', pay(recipient, 1))).raw.errorCode).to.equal('E_POLICY_BLOCKED');
      });
    });
  });
});
