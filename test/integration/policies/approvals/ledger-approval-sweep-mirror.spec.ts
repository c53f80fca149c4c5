import { expect } from 'chai';
import { TransferTransaction, Hbar, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../../src/devnet/index.js';
import { createDevnetClient } from '../../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../../src/kit/agent-kit.js';
import { LedgerApprovalSweep } from '../../../../src/kit/ledger-approval-sweep.js';
import { silentLogger } from '../../../../src/lifecycle/logger.js';
import { ApprovalPolicy } from '../../../../src/policies/approval-policy.js';
import { EXPIRY_GRACE_MS } from '../../../../src/audit/schedules/schedule-finding.js';
import { CORE_PLUGINS } from '../../plugins/core-plugins-world.js';
import { createThresholdTreasury } from '../../../support/threshold-treasury.js';

/**
 * With a mirror node, the kit's sweep concludes an expiry as the audit hooks' watcher does: only a
 * grace period past the schedule's expiration time, with no execution on record. The devnet's clock
 * (and the clock the sweep judges by) is moved past that, so the spec does not wait a minute.
 */
describe('the ledger-approval sweep with a mirror node, across a schedule\'s expiry (devnet)', function () {
  this.timeout(60_000);
  let net: Devnet;
  let operator: Client;
  let agent: Client;
  let kit: AgentKit;
  let ahead = 0;
  const clock = () => Date.now() + ahead;

  beforeEach(async () => {
    ahead = 0;
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0, now: clock });
    operator = net.client();
    const made = await net.createAccount({ hbar: 50 });
    agent = createDevnetClient(net.grpcAddress, made.accountId, made.privateKey);
  });

  afterEach(async () => {
    await kit?.close();
    agent.close();
    await net.stop();
  });

  it('leaves the request scheduled before the grace has passed, and closes it expired after it', async () => {
    const { treasury, publicKeys } = await createThresholdTreasury(operator, ['ED25519', 'ED25519']);
    const bob = (await net.createAccount({ hbar: 1 })).accountId;
    const approval = new ApprovalPolicy({ when: { hbarAbove: 5 }, via: 'schedule', quorum: { required: 2, of: publicKeys }, timeoutMs: 30_000 });
    kit = await createAgentKit({ client: agent, pluginsDir: null, plugins: CORE_PLUGINS, mirrorNodeUrl: net.mirrorUrl, context: { hooks: [approval] } });
    const result = await kit.execute('transfer_hbar_tool', { sourceAccountId: treasury, transfers: [{ accountId: bob, amount: 10 }] });
    expect(result.raw, result.humanMessage).to.include({ status: 'SUCCESS', scheduled: true });
    const id = String(result.raw.approvalRequestId);
    const store = approval.approvalStore;

    const sweep = new LedgerApprovalSweep(() => ({ client: agent, mirrorUrl: net.mirrorUrl }), silentLogger, clock);
    try {
      await sweep.pass(store);
      expect((await store.get(id))!.state, 'a pending schedule stays open').to.equal('scheduled');

      // Past the expiration time but within the grace: a last-moment execution could still be listed.
      ahead += 30_000 + 5_000;
      await (await new TransferTransaction().addHbarTransfer(net.operatorId, Hbar.fromTinybars(-1)).addHbarTransfer(bob, Hbar.fromTinybars(1)).execute(operator)).getReceipt(operator);
      await sweep.pass(store);
      expect((await store.get(id))!.state, 'within the grace').to.equal('scheduled');

      ahead += EXPIRY_GRACE_MS;
      await sweep.pass(store);
      const closed = (await store.get(id))!;
      expect(closed.state).to.equal('expired');
      expect(closed.schedule).to.include({ scheduleId: result.raw.scheduleId, outcome: 'scheduleExpired' });
      expect(closed.execution).to.equal(undefined);
    } finally {
      sweep.detachAll();
    }
  });
});
