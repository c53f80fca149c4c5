import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AccountBalanceQuery, TopicCreateTransaction } from '@hiero-ledger/sdk';
import { expect } from 'chai';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { ApprovalPolicy } from '../../../src/policies/approval-policy.js';
import { SqliteApprovalStore } from '../../../src/policies/approvals/sqlite-approval-store.js';
import { stateFileIn } from '../../../src/policies/state/sqlite-store.js';
import { devnetSuite } from '../../support/devnet-suite.js';

/**
 * The operator's story, in code this time: an agent built with createAgentKit, an audit journal
 * and an ApprovalPolicy given no store holds a 10 HBAR transfer, and the program restarts before
 * anyone decides. The request once lived in the policy's memory and died with the process; now it
 * is in the state file beside the journal, where the operator approves it and the restarted
 * program resumes the call, once.
 */
describe('an ApprovalPolicy built in code with no store, in a kit with a journal, on the devnet', function () {
  this.timeout(180_000);
  const suite = devnetSuite();
  let journalDir: string;
  let topicId: string;
  let kits: AgentKit[];

  beforeEach(async () => {
    journalDir = mkdtempSync(path.join(tmpdir(), 'code-kit-approvals-'));
    const receipt = await (await new TopicCreateTransaction().setSubmitKey(suite.net.operatorKey.publicKey).execute(suite.client)).getReceipt(suite.client);
    topicId = receipt.topicId!.toString();
    kits = [];
  });
  afterEach(async () => {
    for (const kit of kits) await kit.close();
    rmSync(journalDir, { recursive: true, force: true });
  });

  /** The same program each time: a fresh policy and audit hook over the same journal folder. */
  const startKit = async (withJournal = true): Promise<{ kit: AgentKit; policy: ApprovalPolicy }> => {
    const policy = new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred', quorum: { required: 1, of: ['alice'] } });
    const hooks = withJournal ? [new HcsAuditTrailHook(['*'], topicId, undefined, { journalDir, agentId: 'agent-1' })] : [];
    const kit = await createAgentKit({ client: suite.client, mirrorNodeUrl: suite.net.mirrorUrl, hooks, context: { hooks: [policy] } });
    kits.push(kit);
    return { kit, policy };
  };
  const closeKit = async (kit: AgentKit) => {
    kits.splice(kits.indexOf(kit), 1);
    await kit.close();
  };
  const balanceOf = async (account: string) => (await new AccountBalanceQuery().setAccountId(account).execute(suite.client)).hbars.toTinybars().toString();

  it('keeps the held request in the state file, so the restarted program lists it and resumes the approved call once', async () => {
    const recipient = (await suite.net.createAccount({ hbar: 0 })).accountId;
    const first = await startKit();
    const held = await first.kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 10 }] });
    expect(held.raw.status, held.humanMessage).to.equal('PENDING_APPROVAL');
    const id = held.raw.approvalRequestId as string;
    await closeKit(first.kit);

    // The operator, from another process, approves in the state file beside the journal.
    const operator = new SqliteApprovalStore({ path: stateFileIn(journalDir) });
    try {
      expect((await operator.listPending()).map((record) => record.id)).to.deep.equal([id]);
      await operator.decide(id, { approver: 'alice', approve: true, reason: 'invoice 42', via: 'cli' });
    } finally {
      await operator.close();
    }

    const restarted = await startKit();
    expect(restarted.policy.approvalStore.description).to.contain(stateFileIn(journalDir));
    expect(restarted.kit.approvalStores(), 'one store for the kit').to.have.length(1);
    const resumed = await restarted.kit.resume(id);
    expect(resumed.raw.status, resumed.humanMessage).to.equal('SUCCESS');
    const again = await restarted.kit.resume(id);
    expect(again.raw.errorCode, `a second resume sends nothing: ${again.humanMessage}`).to.equal('E_APPROVAL_NOT_EXECUTABLE');
    expect(await balanceOf(recipient)).to.equal('1000000000');
  });

  it('lets the restarted program list a request still pending, and refuse it once denied', async () => {
    const recipient = (await suite.net.createAccount({ hbar: 0 })).accountId;
    const first = await startKit();
    const held = await first.kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 10 }] });
    const id = held.raw.approvalRequestId as string;
    await closeKit(first.kit);

    const restarted = await startKit();
    const [store] = restarted.kit.approvalStores();
    expect((await store!.listPending()).map((record) => record.id)).to.deep.equal([id]);
    await store!.decide(id, { approver: 'alice', approve: false, reason: 'unknown recipient' });
    const refused = await restarted.kit.resume(id);
    expect(refused.raw.errorCode, refused.humanMessage).to.equal('E_APPROVAL_NOT_EXECUTABLE');
    expect(await balanceOf(recipient)).to.equal('0');
  });

  it('keeps the requests of a kit with no journal in memory, as before', async () => {
    const { kit, policy } = await startKit(false);
    expect(policy.approvalStore.description).to.equal('memory');
    const held = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: (await suite.net.createAccount({ hbar: 0 })).accountId, amount: 10 }] });
    expect(held.raw.status, held.humanMessage).to.equal('PENDING_APPROVAL');
  });
});
