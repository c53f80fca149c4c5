import { expect } from 'chai';
import type { Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { MaxTransferPolicy } from '../../../src/policies/max-transfer-policy.js';
import { SpendLimitPolicy } from '../../../src/policies/spend-limit-policy.js';
import { tinybarsOf } from '../adversarial/adversarial-world.js';

const DAY = 86_400_000;

/** The core transfer_hbar_tool's input for one payment, in HBAR. */
const pay = (accountId: string, amount: number | string) => ({ transfers: [{ accountId, amount: Number(amount) }] });

describe('dollar limits on the devnet', function () {
  this.timeout(120_000);
  let net: Devnet;
  let payer: { accountId: string; client: Client };
  let recipient: string;
  let kits: AgentKit[];

  beforeEach(async () => {
    net = await startDevnet({ exchangeRate: { hbarEquiv: 1, centEquiv: 12 } });
    const account = await net.createAccount({ hbar: 5_000 });
    payer = { accountId: account.accountId, client: createDevnetClient(net.grpcAddress, account.accountId, account.privateKey) };
    recipient = (await net.createAccount({ hbar: 0 })).accountId;
    kits = [];
  });
  afterEach(async () => {
    for (const kit of kits) await kit.close();
    payer.client.close();
    await net.stop();
  });

  async function agent(...policies: object[]): Promise<AgentKit> {
    const kit = await createAgentKit({ client: payer.client, mirrorNodeUrl: net.mirrorUrl, context: { hooks: policies } });
    kits.push(kit);
    return kit;
  }

  describe('MaxTransferPolicy({ usd: 50 }) at the rate the devnet publishes', () => {
    it('executes a transfer just under the cap and blocks one just over, reading the rate from the kit’s mirror', async () => {
      const kit = await agent(new MaxTransferPolicy({ usd: 50 }));
      const under = await kit.execute('transfer_hbar_tool', pay(recipient, '416.66666666')); // $49.9999999992 at 12 ¢
      expect(under.raw.status, under.humanMessage).to.equal('SUCCESS');
      const over = await kit.execute('transfer_hbar_tool', pay(recipient, '416.66666667')); // $50.0000000004
      expect(over.raw.blockedBy?.reason).to.match(/^transfer_hbar_tool moves 416\.66666667 HBAR \(\$50\.00000001\) in this call, to 0\.0\.\d+, worth \$50\.00000001 \(HBAR at 12 ¢\/HBAR \(the network's rate published \d{4}-.+Z, read \d{4}-.+Z\)\); the cap is \$50 per call$/);
      expect(over.raw.transactionId).to.equal(undefined);
      expect(await tinybarsOf(payer.client, recipient)).to.equal(41_666_666_666n);
    });

    it('flips the same HBAR amount when the devnet’s rate changes', async () => {
      const kit = await agent(new MaxTransferPolicy({ usd: 50, exchangeRate: { mirrorUrl: net.mirrorUrl, maxAgeMs: 0 } }));
      expect((await kit.execute('transfer_hbar_tool', pay(recipient, 400))).raw.status).to.equal('SUCCESS'); // $48 at 12 ¢
      net.setExchangeRate({ hbarEquiv: 1, centEquiv: 13 });
      const blocked = await kit.execute('transfer_hbar_tool', pay(recipient, 400)); // $52 at 13 ¢
      expect(blocked.raw.blockedBy?.reason).to.contain('worth $52 (HBAR at 13 ¢/HBAR');
      net.setExchangeRate({ hbarEquiv: 2, centEquiv: 25 });
      expect((await kit.execute('transfer_hbar_tool', pay(recipient, 400))).raw.status).to.equal('SUCCESS'); // $50 at 12.5 ¢
      expect(await tinybarsOf(payer.client, recipient)).to.equal(80_000_000_000n);
    });
  });

  describe('SpendLimitPolicy({ usd: 12 }) at 12 ¢ per HBAR', () => {
    it('spends the budget to its limit and not one tinybar further, and the ledger shows exactly that', async () => {
      const policy = new SpendLimitPolicy({ usd: 12, windowMs: DAY });
      const kit = await agent(policy);
      expect((await kit.execute('transfer_hbar_tool', pay(recipient, 60))).raw.status).to.equal('SUCCESS'); // $7.2
      expect((await kit.execute('transfer_hbar_tool', pay(recipient, 40))).raw.status).to.equal('SUCCESS'); // $4.8: $12 spent
      const further = await kit.execute('transfer_hbar_tool', pay(recipient, 0.00000001));
      expect(further.raw.blockedBy?.reason).to.match(new RegExp(`^budget "spend-limit": ${payer.accountId.replace(/\./g, '\\.')} may spend \\$12 per 24 h; this call moves \\$0\\.00000001 \\(HBAR at 12 ¢/HBAR \\(the network's rate published .+\\)\\), but \\$12 is spent or reserved in the window, \\$0 left; `));
      expect(await tinybarsOf(payer.client, recipient)).to.equal(100n * 100_000_000n);
      expect(await policy.usage(payer.accountId, 'USD')).to.deep.equal({ committed: 1_200_000_000n, pending: 0n });
    });
  });
});
