import { expect } from 'chai';
import sinon from 'sinon';
import { startDevnet, type Devnet } from '../../../../src/devnet/index.js';
import { createAgentKit } from '../../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../../src/kit/agent-kit.js';
import { ApprovalPolicy } from '../../../../src/policies/approval-policy.js';
import { MemoryApprovalStore } from '../../../../src/policies/approvals/index.js';
import { tinybarsOf } from '../../adversarial/adversarial-world.js';
import { TestTransferTool } from '../../../support/audit-transfer-tool.js';

const TEN_HBAR = 1_000_000_000n;

/** `0.0.2@1700000000.123456789` as the mirror's REST path spells it: `0.0.2-1700000000-123456789`. */
const mirrorId = (transactionId: string): string => transactionId.replace('@', '-').replace(/\.(\d+)$/, '-$1');

/**
 * Issue 25, point 1: "a transaction whose valid window passed is rebuilt and approved again, never
 * sent changed". The clock of this process, the devnet's included (it runs here and reads
 * Date.now), is moved past the approved transaction's valid window instead of waiting 120 s.
 */
describe('a deferred approval at postCoreAction whose transaction outlived its valid window, on the devnet', function () {
  this.timeout(60_000);
  let net: Devnet;
  let kit: AgentKit | undefined;
  let clock: sinon.SinonFakeTimers | undefined;

  before(async () => (net = await startDevnet()));
  after(async () => net?.stop());
  afterEach(async () => {
    clock?.restore();
    clock = undefined;
    await kit?.close();
    kit = undefined;
  });

  it('sends nothing on resume, asks again for the rebuilt transaction, and executes that one once when approved', async () => {
    const store = new MemoryApprovalStore();
    const policy = new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred', stage: 'postCoreAction', store });
    kit = await createAgentKit({ client: net.client(), mirrorNodeUrl: net.mirrorUrl, context: { hooks: [policy] } });
    const to = (await net.createAccount({ hbar: 0 })).accountId;

    const held = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: to, amount: 10 }], transactionMemo: 'rent' });
    expect(held.raw.status, held.humanMessage).to.equal('PENDING_APPROVAL');
    const first = held.raw.approvalRequestId as string;
    const approved = (await store.get(first))!.preview!;
    expect(approved.validUntil, 'the preview says until when the frozen transaction is valid').to.be.a('number');
    await store.decide(first, { approver: 'alice', approve: true });

    // Time moves on, here and on the network: the approved bytes can no longer be sent.
    clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['Date'], shouldAdvanceTime: true });
    clock.setSystemTime(approved.validUntil! + 5_000);

    const resumed = await kit.resume(first);
    expect(resumed.raw.status, resumed.humanMessage).to.equal('PENDING_APPROVAL');
    expect(resumed.raw.submitted).to.equal(false);
    const second = resumed.raw.approvalRequestId as string;
    expect(second).to.be.a('string').and.not.equal(first);
    expect(resumed.humanMessage).to.contain('the approved transaction could not be sent as approved (its valid window passed), so it was rebuilt and must be approved again');
    // Nothing reached the ledger: no balance moved, and the approved transaction ID is unknown to the mirror.
    expect(await tinybarsOf(net.client(), to)).to.equal(0n);
    expect((await fetch(`${net.mirrorUrl}/api/v1/transactions/${mirrorId(approved.transactionId!)}`)).status).to.equal(404);

    const old = (await store.get(first))!;
    expect(old.state).to.equal('expired');
    expect(old.note).to.equal(`the approved transaction's valid window passed; it was rebuilt as request ${second}, which must be approved again`);
    const rebuilt = (await store.get(second))!;
    expect(rebuilt.state).to.equal('pending');
    expect(rebuilt.decisions, 'the earlier approval does not carry over').to.deep.equal([]);
    expect(rebuilt.preview!.transactionId).to.not.equal(approved.transactionId);
    expect(rebuilt.preview!.digest).to.not.equal(approved.digest);
    expect(rebuilt.preview!.validUntil).to.be.above(Date.now());
    // The same call, rebuilt: same kind, payer, memo and movements.
    expect(rebuilt.preview).to.include({ type: approved.type, payer: approved.payer, memo: 'rent' });
    expect(rebuilt.movements).to.deep.equal(old.movements);

    // The old request cannot be resumed any more.
    const again = await kit.resume(first);
    expect(again.raw.errorCode).to.equal('E_APPROVAL_NOT_EXECUTABLE');
    expect(await tinybarsOf(net.client(), to)).to.equal(0n);

    await store.decide(second, { approver: 'alice', approve: true });
    const executed = await kit.resume(second);
    expect(executed.raw.status, executed.humanMessage).to.equal('SUCCESS');
    expect(executed.raw.transactionId, 'the rebuilt transaction as approved').to.equal(rebuilt.preview!.transactionId);
    expect(await tinybarsOf(net.client(), to)).to.equal(TEN_HBAR);
    // The mirror path above is the one that finds a transaction the ledger has.
    expect((await fetch(`${net.mirrorUrl}/api/v1/transactions/${mirrorId(rebuilt.preview!.transactionId!)}`)).status).to.equal(200);
    expect((await store.get(second))!.state).to.equal('executed');

    // Once: a second resume sends nothing.
    const twice = await kit.resume(second);
    expect(twice.raw.errorCode).to.equal('E_APPROVAL_NOT_EXECUTABLE');
    expect(await tinybarsOf(net.client(), to)).to.equal(TEN_HBAR);
  });

  it('within the valid window, a call built differently on resume is not sent either, and is not said to have outlived its window', async () => {
    // A tool that builds a different transaction each time (its memo counts its builds).
    class ChangingTransferTool extends TestTransferTool {
      private builds = 0;
      override coreAction(params: Parameters<TestTransferTool['coreAction']>[0]) {
        return super.coreAction(params).setTransactionMemo(`build ${++this.builds}`);
      }
    }
    const store = new MemoryApprovalStore();
    const policy = new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred', stage: 'postCoreAction', store });
    kit = await createAgentKit({ client: net.client(), pluginsDir: null, plugins: [{ name: 'changing', tools: () => [new ChangingTransferTool()] }], context: { hooks: [policy] } });
    const to = (await net.createAccount({ hbar: 0 })).accountId;
    const held = await kit.execute('transfer_hbar_tool', { to, tinybars: Number(TEN_HBAR) });
    const first = held.raw.approvalRequestId as string;
    await store.decide(first, { approver: 'alice', approve: true });
    const resumed = await kit.resume(first);
    expect(resumed.raw.status, resumed.humanMessage).to.equal('PENDING_APPROVAL');
    expect(resumed.humanMessage).to.contain('the call built on resume is not the one approved (its input or transaction bytes differ), so it was rebuilt and must be approved again').and.not.to.contain('valid window');
    expect((await store.get(first))!.note).to.equal(`the call built on resume was not the one approved; it was rebuilt as request ${resumed.raw.approvalRequestId as string}, which must be approved again`);
    expect(await tinybarsOf(net.client(), to)).to.equal(0n);
  });

  it("one ApprovalPolicy's approval does not let a resumed call through another that shares its store", async () => {
    const store = new MemoryApprovalStore();
    const anyone = new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred', store });
    const two = new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred', stage: 'postCoreAction', quorum: { required: 2, of: ['alice', 'bob'] }, store });
    kit = await createAgentKit({ client: net.client(), mirrorNodeUrl: net.mirrorUrl, context: { hooks: [anyone, two] } });
    const to = (await net.createAccount({ hbar: 0 })).accountId;
    const held = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: to, amount: 10 }] });
    const first = held.raw.approvalRequestId as string;
    expect((await store.get(first))!.quorum.required).to.equal(1);
    await store.decide(first, { approver: 'carol', approve: true });

    const resumed = await kit.resume(first);
    expect(resumed.raw.status, 'carol alone is not the two of alice and bob').to.equal('PENDING_APPROVAL');
    expect(resumed.humanMessage).to.not.contain('rebuilt');
    const second = (await store.get(resumed.raw.approvalRequestId as string))!;
    expect(second.stage).to.equal('postCoreAction');
    expect(second.quorum).to.deep.equal({ required: 2, of: ['alice', 'bob'] });
    expect(await tinybarsOf(net.client(), to)).to.equal(0n);
    // The first request's resume was held again (docs/approvals.md says so): nothing was sent, so it stays approved, not spent.
    const firstRecord = (await store.get(first))!;
    expect(firstRecord.state).to.equal('approved');
    expect(firstRecord).to.not.have.property('execution');
  });
});
