import { expect } from 'chai';
import { AccountAllowanceApproveTransaction, Hbar, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { AllowanceSpendPolicy } from '../../../src/policies/allowance-spend-policy.js';
import { tinybarsOf } from '../adversarial/adversarial-world.js';

const HBAR = 100_000_000n;

describe('AllowanceSpendPolicy on the devnet', function () {
  this.timeout(120_000);
  let net: Devnet;
  let agentClient: Client;
  let kit: AgentKit;
  let owner: string;
  let recipient: string;

  beforeEach(async () => {
    net = await startDevnet();
    const agentAccount = await net.createAccount({ hbar: 1_000 });
    const ownerAccount = await net.createAccount({ hbar: 1_000 });
    owner = ownerAccount.accountId;
    recipient = (await net.createAccount({ hbar: 0 })).accountId;
    // The user (the owner) approves 30 HBAR for the agent's account, signing with its own key.
    const ownerClient = createDevnetClient(net.grpcAddress, ownerAccount.accountId, ownerAccount.privateKey);
    const approval = await new AccountAllowanceApproveTransaction().approveHbarAllowance(owner, agentAccount.accountId, new Hbar(30)).execute(ownerClient);
    expect((await approval.getReceipt(ownerClient)).status.toString()).to.equal('SUCCESS');
    ownerClient.close();
    agentClient = createDevnetClient(net.grpcAddress, agentAccount.accountId, agentAccount.privateKey);
    kit = await createAgentKit({ client: agentClient, mirrorNodeUrl: net.mirrorUrl, context: { hooks: [new AllowanceSpendPolicy({ owners: [owner] })] } });
  });
  afterEach(async () => {
    await kit?.close();
    agentClient?.close();
    await net?.stop();
  });

  const spend = (amount: number, from = owner) => kit.execute('transfer_hbar_with_allowance_tool', { sourceAccountId: from, transfers: [{ accountId: recipient, amount }] });

  describe('when the agent spends from the allowance', () => {
    it('spends to its limit and no further, the ledger showing exactly the allowance moved', async () => {
      // Four calls of 10 at once against 30 left: the calls in flight are counted, so exactly 3 go out.
      const results = await Promise.all([spend(10), spend(10), spend(10), spend(10)]);
      expect(results.filter((result) => result.raw.status === 'SUCCESS')).to.have.length(3);
      const refused = results.find((result) => result.raw.status !== 'SUCCESS')!;
      expect(refused.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect(refused.raw.blockedBy?.reason).to.match(new RegExp(`^${owner}'s allowance to 0\\.0\\.\\d+ has 0 HBAR left \\(the mirror's figure, less this agent's calls in flight\\); this call spends 10 HBAR$`));
      expect(await tinybarsOf(net.client(), recipient)).to.equal(30n * HBAR);

      const after = await spend(1);
      expect(after.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect(after.raw.blockedBy?.reason).to.include('has 0 HBAR left');
      expect(await tinybarsOf(net.client(), recipient)).to.equal(30n * HBAR);
    });

    it('refuses a source that is not a listed owner', async () => {
      const other = (await net.createAccount({ hbar: 100 })).accountId;
      const result = await spend(1, other);
      expect(result.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect(result.raw.blockedBy?.reason).to.equal(`this call moves 1 HBAR out of ${other}, which is not an owner whose allowance this agent may spend (${owner})`);
    });
  });

  describe('when the agent tries a transfer its own account funds', () => {
    it('is blocked before its input is parsed, and nothing moves', async () => {
      const result = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 1 }] });
      expect(result.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect(result.raw.blockedBy).to.include({ policy: 'Allowance Spend Policy', stage: 'preToolExecution' });
      expect(result.raw.blockedBy?.reason).to.match(/^transfer_hbar_tool moves value the agent's own account funds/);
      expect(await tinybarsOf(net.client(), recipient)).to.equal(0n);
    });
  });

  describe('when the mirror node cannot answer', () => {
    it('refuses the spend, saying so', async () => {
      await kit.close();
      kit = await createAgentKit({ client: agentClient, mirrorNodeUrl: 'http://127.0.0.1:9', context: { hooks: [new AllowanceSpendPolicy({ owners: [owner] })] } });
      const result = await spend(1);
      expect(result.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect(result.raw.blockedBy?.reason).to.match(/^cannot read what is left of the allowance from the mirror node \(.+\); spending is refused until it answers$/);
      expect(await tinybarsOf(net.client(), recipient)).to.equal(0n);
    });
  });
});
