import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hbar, PrivateKey, TransferTransaction } from '@hiero-ledger/sdk';
import { createSigningJudge, type SigningJudge } from '../../../src/signer/index.js';
import { ApprovalPolicy } from '../../../src/policies/approval-policy.js';
import { KillSwitch } from '../../../src/policies/kill-switch.js';
import { SqliteApprovalStore } from '../../../src/policies/approvals/sqlite-approval-store.js';
import { signApproval } from '../../../src/policies/approvals/approver-signature.js';
import type { ApprovalRecord } from '../../../src/policies/approvals/approval-record.js';
import { bodiesOf } from '../../support/signing-bodies.js';

const PAYER = '0.0.1001';

function tenHbar(validSeconds = 120): TransferTransaction {
  return new TransferTransaction().addHbarTransfer(PAYER, new Hbar(-10)).addHbarTransfer('0.0.1002', new Hbar(10)).setTransactionValidDuration(validSeconds);
}

/*
 * The signing judge with an ApprovalPolicy that waits in the call, its requests in a SQLite file an
 * approver's console decides in (here: the store's API with a signed decision, as the console and
 * `agent-hooks approve` write it). What an operator relies on: the signature is held no longer than
 * the body can be used, the SDK's other node bodies of a held transaction wait with it, and a
 * signer configured with deferred approvals does not start.
 */
describe('the signing judge holds a signature for an in-call approval', function () {
  this.timeout(60_000);
  const approver = PrivateKey.generateED25519();
  let folder: string;
  let store: SqliteApprovalStore;
  let judge: SigningJudge | undefined;

  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'signing-hold-'));
    store = new SqliteApprovalStore({ path: path.join(folder, 'approvals.sqlite') });
  });
  afterEach(async () => {
    await judge?.close();
    judge = undefined;
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const approvalPolicy = (options: { timeoutMs?: number; wait?: 'in-call' | 'deferred' } = {}) =>
    new ApprovalPolicy({ when: { hbarAbove: 5 }, quorum: { required: 1, of: [approver.publicKey.toStringDer()] }, store, timeoutMs: options.timeoutMs ?? 110_000, ...(options.wait ? { wait: options.wait } : {}) });

  async function pending(): Promise<ApprovalRecord> {
    for (let tries = 0; tries < 200; tries++) {
      const [record] = await store.listPending();
      if (record) return record;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('no pending approval request');
  }

  it('holds no longer than the body can be used: nobody deciding, a 15 s body is refused before its window closes, and the refusal says why', async () => {
    judge = await createSigningJudge({ policies: [approvalPolicy({ timeoutMs: 110_000 })] });
    const started = Date.now();
    const verdict = await judge.judge({ bodyBytes: bodiesOf(tenHbar(15), { payer: PAYER })[0]!, agent: 'agent-1' });
    const took = Date.now() - started;
    expect(verdict.sign).to.equal(false);
    expect((verdict as { reason: string }).reason).to.match(/valid/).and.match(/nobody answered/);
    // The window is 15 s; the agent keeps 10 s of it to submit: about 5 s of holding, never the policy's 110 s.
    expect(took).to.be.within(3_000, 8_000);
  });

  it('refuses at once a body whose window leaves no time to ask (10 s: all of it the agent\'s to submit), asking nobody', async () => {
    judge = await createSigningJudge({ policies: [approvalPolicy()] });
    const started = Date.now();
    const verdict = await judge.judge({ bodyBytes: bodiesOf(tenHbar(10), { payer: PAYER })[0]!, agent: 'agent-1' });
    expect(verdict.sign).to.equal(false);
    expect((verdict as { reason: string }).reason).to.match(/too soon to ask anyone; nothing was asked/);
    expect(Date.now() - started).to.be.below(2_000);
    expect(await store.listPending(), 'no request left for approvers to decide in vain').to.deep.equal([]);
  });

  it("the SDK's other node bodies of a held transaction wait for its approval, then are signed without a second request", async () => {
    judge = await createSigningJudge({ policies: [approvalPolicy()], policyTimeoutMs: 500 });
    const [first, second, third] = bodiesOf(tenHbar(), { payer: PAYER });
    const verdicts = Promise.all([first!, second!, third!].map((bodyBytes, node) => new Promise((resolve) => setTimeout(resolve, node * 200)).then(() => judge!.judge({ bodyBytes, agent: 'agent-1' }))));
    const request = await pending();
    // Longer than the ID's old wait (twice the 500 ms policy budget) before the approver decides.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const signed = signApproval(request, approver);
    const decided = await store.decide(request.id, { approver: signed.publicKey, approve: true, signature: signed.signature, publicKey: signed.publicKey });
    expect(decided.ok).to.equal(true);
    expect(await verdicts).to.deep.equal([{ sign: true }, { sign: true }, { sign: true }]);
    expect((await store.listPending()).length, 'one request for the transaction, not one per node').to.equal(0);
  });

  it('a pause while a signature is held refuses it within two seconds, naming the pause, and closes its request', async () => {
    const killSwitch = new KillSwitch({ pollMs: 50 });
    judge = await createSigningJudge({ policies: [approvalPolicy()], killSwitch });
    const started = Date.now();
    const verdict = judge.judge({ bodyBytes: bodiesOf(tenHbar(), { payer: PAYER })[0]!, agent: 'agent-1' });
    const request = await pending();
    const pausedAt = Date.now();
    await killSwitch.pause('incident 12: the agent misbehaves', { by: 'on-call' });
    const refused = await verdict;
    expect(refused.sign).to.equal(false);
    expect((refused as { reason: string }).reason).to.contain('incident 12');
    expect(Date.now() - pausedAt, 'refused within two seconds of the pause').to.be.below(2_000);
    expect(Date.now() - started).to.be.below(10_000);
    expect((await store.get(request.id))?.state, 'the request cannot be approved into a signature later').to.equal('expired');
  });

  it('refuses to start with a deferred ApprovalPolicy, saying why and what to use instead', async () => {
    let failed: Error | undefined;
    try {
      judge = await createSigningJudge({ policies: [approvalPolicy({ wait: 'deferred' })] });
    } catch (error) {
      failed = error as Error;
    }
    expect(failed?.message).to.match(/policies\[0\] \(Approval Policy\) defers its approvals \(wait: 'deferred'\)/).and.match(/in-call/);
    expect((failed as { code?: string } | undefined)?.code).to.equal('E_INVALID_ARGUMENT');
  });

  it('refuses to start with an ApprovalPolicy the ledger approves by schedule: the signer submits no schedule', async () => {
    const byLedger = new ApprovalPolicy({ when: { hbarAbove: 5 }, via: 'schedule', quorum: { required: 1, of: [approver.publicKey.toStringDer()] }, store });
    let failed: Error | undefined;
    try {
      judge = await createSigningJudge({ policies: [byLedger] });
    } catch (error) {
      failed = error as Error;
    }
    expect(failed?.message).to.match(/policies\[0\] \(Approval Policy\) has the ledger approve by a schedule \(via: 'schedule'\)/).and.match(/wait: 'in-call'/);
  });
});
