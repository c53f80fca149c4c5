import { expect } from 'chai';
import type { Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { MirrorClient } from '../../../src/mirror/mirror-client.js';
import { DuplicateIntentPolicy } from '../../../src/policies/duplicate-intent-policy.js';
import { tinybarsOf } from '../adversarial/adversarial-world.js';

const HBAR = 100_000_000n;

describe('DuplicateIntentPolicy on the devnet', function () {
  this.timeout(60_000);
  let net: Devnet;
  let payer: { accountId: string; client: Client };
  let kit: AgentKit;

  before(async () => {
    net = await startDevnet();
    const account = await net.createAccount({ hbar: 100 });
    payer = { accountId: account.accountId, client: createDevnetClient(net.grpcAddress, account.accountId, account.privateKey) };
    kit = await createAgentKit({ client: payer.client, mirrorNodeUrl: net.mirrorUrl, context: { hooks: [new DuplicateIntentPolicy({ windowMs: 10 * 60_000 })] } });
  });
  after(async () => {
    await kit.close();
    payer.client.close();
    await net.stop();
  });

  describe('when an agent retries a transfer that went through', () => {
    it('blocks the retry naming the first transaction, and the ledger shows one transfer', async () => {
      const recipient = (await net.createAccount({ hbar: 0 })).accountId;
      const payment = { transfers: [{ accountId: recipient, amount: 3 }], transactionMemo: 'invoice 42' };
      const first = await kit.execute('transfer_hbar_tool', payment);
      expect(first.raw.status, first.humanMessage).to.equal('SUCCESS');
      const transactionId = first.raw.transactionId as string;
      const retry = await kit.execute('transfer_hbar_tool', payment);
      expect(retry.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect(retry.raw.blockedBy?.reason).to.contain(`which executed: transaction ${transactionId}, SUCCESS`);
      expect(retry.humanMessage).to.contain('Duplicate Intent Policy');
      expect(await tinybarsOf(payer.client, recipient)).to.equal(3n * HBAR);
      const mirror = new MirrorClient(net.mirrorUrl);
      const credits = await mirror.getJson<{ transactions: unknown[] }>(`/transactions?account.id=${recipient}&type=credit&transactiontype=CRYPTOTRANSFER`, 'credits');
      expect(credits.transactions).to.have.length(1);
    });

    it('lets the same amount to the same account through under another memo: a new payment', async () => {
      const recipient = (await net.createAccount({ hbar: 0 })).accountId;
      for (const memo of ['invoice 43', 'invoice 44']) {
        const result = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 1 }], transactionMemo: memo });
        expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      }
      expect(await tinybarsOf(payer.client, recipient)).to.equal(2n * HBAR);
    });
  });
});
