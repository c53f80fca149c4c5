import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import { signApproval, type ApprovalRecord, type ApprovalStore, type NewApprovalRecord } from '../../src/policies/approvals/index.js';

/** A new record for store tests: `overrides` changes any field. */
export function sampleRecord(overrides: Partial<NewApprovalRecord> = {}): NewApprovalRecord {
  const now = Date.now();
  return {
    id: '',
    createdAt: now,
    expiresAt: now + 60_000,
    policy: 'Approval Policy',
    tool: 'transfer_hbar_tool',
    summary: 'transfer_hbar_tool: 10 HBAR from 0.0.2 to 0.0.1001',
    why: 'it moves 10 HBAR, more than the 5 HBAR allowed without approval',
    params: { transfers: [{ accountId: '0.0.1001', amount: 10 }] },
    movements: [{ asset: 'HBAR', from: '0.0.2', to: '0.0.1001', amount: '1000000000', display: '10 HBAR' }],
    stage: 'postParamsNormalization',
    wait: 'deferred',
    quorum: { required: 1, of: [] },
    call: { input: '{"transfers":[{"accountId":"0.0.1001","amount":10}]}', inputDigest: 'sha256:x' },
    ...overrides,
  };
}

/** What every ApprovalStore must do; run against the memory store and a real Redis. */
export function approvalStoreContract(make: () => ApprovalStore): void {
  let store: ApprovalStore;
  beforeEach(() => (store = make()));
  afterEach(() => store.close());

  it('lists a new request as pending and gets it back by ID', async () => {
    const record = await store.create(sampleRecord());
    expect(record.id).to.be.a('string').and.not.equal('');
    expect(record.state).to.equal('pending');
    expect((await store.get(record.id))?.summary).to.equal(record.summary);
    expect((await store.listPending()).map((each) => each.id)).to.include(record.id);
  });

  it('approves once the quorum of distinct approvers is reached, and refuses a second vote of one approver', async () => {
    const record = await store.create(sampleRecord({ quorum: { required: 2, of: ['alice', 'bob', 'carol'] } }));
    expect((await store.decide(record.id, { approver: 'alice', approve: true })).ok).to.equal(true);
    expect((await store.get(record.id))?.state).to.equal('pending');
    const again = await store.decide(record.id, { approver: 'alice', approve: true });
    expect(again.ok).to.equal(false);
    expect(!again.ok && again.reason).to.match(/alice has already decided/);
    const stranger = await store.decide(record.id, { approver: 'mallory', approve: true });
    expect(!stranger.ok && stranger.reason).to.match(/mallory is not one of the approvers/);
    const second = await store.decide(record.id, { approver: 'bob', approve: true });
    expect(second.ok && second.record.state).to.equal('approved');
    expect((await store.listPending()).map((each) => each.id)).not.to.include(record.id);
  });

  it('denies on one denial, keeping the reason, and takes no decision afterwards', async () => {
    const record = await store.create(sampleRecord({ quorum: { required: 2, of: [] } }));
    await store.decide(record.id, { approver: 'alice', approve: true });
    const denied = await store.decide(record.id, { approver: 'bob', approve: false, reason: 'not this recipient' });
    expect(denied.ok && denied.record.state).to.equal('denied');
    expect(denied.ok && denied.record.decisions[1]).to.include({ approver: 'bob', approve: false, reason: 'not this recipient' });
    const late = await store.decide(record.id, { approver: 'carol', approve: true });
    expect(!late.ok && late.reason).to.match(/is denied/);
  });

  it('shows a request past its expiry as expired, and approving it changes nothing', async () => {
    const record = await store.create(sampleRecord({ expiresAt: Date.now() - 1 }));
    expect((await store.get(record.id))?.state).to.equal('expired');
    const outcome = await store.decide(record.id, { approver: 'alice', approve: true });
    expect(outcome.ok).to.equal(false);
    expect(!outcome.ok && outcome.reason).to.match(/is expired.*nothing it describes executes/);
  });

  it('shows an in-call request whose waiter stopped heartbeating as abandoned', async () => {
    const record = await store.create(sampleRecord({ wait: 'in-call', heartbeatMs: 10, heartbeatAt: Date.now() - 1_000 }));
    expect((await store.get(record.id))?.state).to.equal('abandoned');
    const outcome = await store.decide(record.id, { approver: 'alice', approve: true });
    expect(!outcome.ok && outcome.reason).to.match(/abandoned.*waiting for this decision stopped/);
  });

  it('keeps a heartbeating in-call request pending', async () => {
    const record = await store.create(sampleRecord({ wait: 'in-call', heartbeatMs: 50, heartbeatAt: Date.now() - 120 }));
    await store.heartbeat(record.id);
    expect((await store.get(record.id))?.state).to.equal('pending');
  });

  it('lets exactly one of many concurrent claims execute an approved request', async () => {
    const record = await store.create(sampleRecord());
    await store.decide(record.id, { approver: 'alice', approve: true });
    const claims = await Promise.all(Array.from({ length: 8 }, (_, at) => store.claimExecution(record.id, `runner-${at}`)));
    expect(claims.filter((claim) => claim.ok)).to.have.length(1);
    await store.finishExecution(record.id, { status: 'SUCCESS', transactionId: '0.0.2@1.2' });
    const after = await store.claimExecution(record.id, 'late');
    expect(!after.ok && after.reason).to.match(/executed already \(transaction 0\.0\.2@1\.2\)/);
    expect((await store.get(record.id))?.state).to.equal('executed');
  });

  it('refuses to execute a pending request, saying how many approvals it has', async () => {
    const record = await store.create(sampleRecord({ quorum: { required: 2, of: [] } }));
    await store.decide(record.id, { approver: 'alice', approve: true });
    const claim = await store.claimExecution(record.id, 'runner');
    expect(!claim.ok && claim.reason).to.match(/still pending: 1 of 2 approvals/);
  });

  it("stamps a request with the store's clock, not the agent's: an agent an hour behind gets the store's time and its own lifetime", async () => {
    const agentNow = Date.now() - 3_600_000;
    const before = Date.now();
    const record = await store.create(sampleRecord({ createdAt: agentNow, expiresAt: agentNow + 60_000, wait: 'in-call', heartbeatMs: 1_000, heartbeatAt: agentNow }));
    const after = Date.now();
    expect(record.createdAt, 'the store clock at creation').to.be.within(before - 5, after + 5);
    expect([record.expiresAt - record.createdAt, record.heartbeatAt! - record.createdAt]).to.deep.equal([60_000, 0]);
    expect((await store.get(record.id))?.state, 'not lapsed by the agent’s clock').to.equal('pending');
  });

  it('executes nothing for an approved request past its expiry, and shows it expired', async () => {
    const now = Date.now();
    const record = await store.create(sampleRecord({ createdAt: now, expiresAt: now + 300 }));
    await store.decide(record.id, { approver: 'alice', approve: true });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const claim = await store.claimExecution(record.id, 'late runner');
    expect(claim.ok).to.equal(false);
    expect(!claim.ok && claim.reason).to.match(/is expired: it was approved but not executed before the request expired; nothing it describes executes/);
    expect((await store.get(record.id))?.state).to.equal('expired');
  });

  it('gives a claimed request back when its call sent nothing, so a later claim runs it once', async () => {
    const record = await store.create(sampleRecord());
    await store.decide(record.id, { approver: 'alice', approve: true });
    expect((await store.claimExecution(record.id, 'blocked runner')).ok).to.equal(true);
    const released = await store.releaseExecution(record.id);
    expect(released.ok && released.record.state).to.equal('approved');
    expect(released.ok && released.record).to.not.have.property('execution');
    expect((await store.releaseExecution(record.id)).ok, 'only a claimed request is given back').to.equal(false);
    expect((await store.claimExecution(record.id, 'second runner')).ok).to.equal(true);
    await store.finishExecution(record.id, { status: 'SUCCESS', transactionId: '0.0.2@1.3' });
    expect((await store.claimExecution(record.id, 'third runner')).ok).to.equal(false);
  });

  it('closes an in-call request approved just as its call gave up waiting, so nothing can resume it', async () => {
    const record = await store.create(sampleRecord({ wait: 'in-call', heartbeatMs: 1_000, heartbeatAt: Date.now() }));
    await store.decide(record.id, { approver: 'alice', approve: true });
    await store.expire(record.id, 'nobody answered within 500 ms; the call was refused');
    const closed = await store.get(record.id);
    expect(closed?.state).to.equal('expired');
    expect(closed?.note).to.match(/^the approval came after the call gave up waiting \(nobody answered within 500 ms/);
    expect((await store.claimExecution(record.id, 'resumer')).ok).to.equal(false);
  });

  it("refuses to execute a denied request with the approver's own reason", async () => {
    const record = await store.create(sampleRecord());
    await store.decide(record.id, { approver: 'bob', approve: false, reason: 'not this recipient' });
    const claim = await store.claimExecution(record.id, 'runner');
    expect(!claim.ok && claim.reason).to.match(/was denied \(bob denied: not this recipient\); nothing was executed/);
  });

  describe('when decisions are signed', () => {
    const alice = PrivateKey.generateED25519();
    const bob = PrivateKey.generateECDSA();

    it('counts a decision signed over the request digest with ED25519 or ECDSA, keeping the DER public key', async () => {
      const record = await store.create(sampleRecord({ quorum: { required: 2, of: [] } }));
      const first = signApproval(record, alice);
      const signedByAlice = await store.decide(record.id, { approver: 'alice', approve: true, signature: first.signature, publicKey: alice.publicKey.toStringRaw() });
      expect(signedByAlice.ok, !signedByAlice.ok ? signedByAlice.reason : '').to.equal(true);
      expect(signedByAlice.ok && signedByAlice.record.decisions[0]).to.include({ approver: 'alice', signature: first.signature, publicKey: alice.publicKey.toStringDer() });
      const second = signApproval(record, bob);
      const signedByBob = await store.decide(record.id, { approver: 'bob', approve: true, signature: second.signature, publicKey: second.publicKey });
      expect(signedByBob.ok && signedByBob.record.state).to.equal('approved');
    });

    it('refuses a signature that does not verify (another request, another key, half a signature) and counts nothing', async () => {
      const record = await store.create(sampleRecord());
      const other = await store.create(sampleRecord());
      const forOther = signApproval(other, alice);
      const replayed = await store.decide(record.id, { approver: 'alice', approve: true, signature: forOther.signature, publicKey: forOther.publicKey });
      expect(!replayed.ok && replayed.reason).to.match(/alice's decision on request .* was not counted: the signature does not verify over the request digest [0-9a-f]{64} with the ED25519 key/);
      const wrongKey = await store.decide(record.id, { approver: 'alice', approve: true, signature: signApproval(record, alice).signature, publicKey: bob.publicKey.toStringDer() });
      expect(!wrongKey.ok && wrongKey.reason).to.match(/with the ECDSA_SECP256K1 key/);
      const half = await store.decide(record.id, { approver: 'alice', approve: true, signature: forOther.signature });
      expect(!half.ok && half.reason).to.match(/needs both signature and publicKey/);
      const notAKey = await store.decide(record.id, { approver: 'alice', approve: true, signature: forOther.signature, publicKey: 'alice' });
      expect(!notAKey.ok && notAKey.reason).to.match(/is not an ED25519 or ECDSA secp256k1 public key/);
      const after = await store.get(record.id);
      expect(after?.state).to.equal('pending');
      expect(after?.decisions).to.deep.equal([]);
    });

    it('with public keys in the quorum, counts only decisions signed by those keys, once per key', async () => {
      const carol = PrivateKey.generateED25519();
      const record = await store.create(sampleRecord({ quorum: { required: 2, of: [alice.publicKey.toStringDer(), bob.publicKey.toStringRaw(), 'dave'] } }));
      const typed = await store.decide(record.id, { approver: alice.publicKey.toStringDer(), approve: true });
      expect(!typed.ok && typed.reason).to.match(/is an approver of request .* by key: only a decision signed with that key counts/);
      const stranger = signApproval(record, carol);
      const unlisted = await store.decide(record.id, { approver: 'carol', approve: true, signature: stranger.signature, publicKey: stranger.publicKey });
      expect(!unlisted.ok && unlisted.reason).to.match(/carol is not one of the approvers/);
      const byAlice = signApproval(record, alice);
      expect((await store.decide(record.id, { approver: 'alice', approve: true, signature: byAlice.signature, publicKey: byAlice.publicKey })).ok).to.equal(true);
      const twice = await store.decide(record.id, { approver: 'alice-again', approve: true, signature: byAlice.signature, publicKey: byAlice.publicKey });
      expect(!twice.ok && twice.reason).to.match(/has already decided/);
      const byBob = signApproval(record, bob);
      const approved = await store.decide(record.id, { approver: 'bob', approve: true, signature: byBob.signature, publicKey: byBob.publicKey });
      expect(approved.ok && approved.record.state).to.equal('approved');
    });
  });

  it('tells subscribers of creation and decisions, and stops after unsubscribe', async () => {
    const seen: string[] = [];
    const unsubscribe = store.subscribe((change) => seen.push(`${change.kind}:${change.record.state}`));
    await store.subscribed?.();
    const record = await store.create(sampleRecord());
    await store.decide(record.id, { approver: 'alice', approve: true });
    await waitUntil(() => seen.length >= 2);
    expect(seen).to.deep.equal(['created:pending', 'decided:approved']);
    unsubscribe();
    await store.create(sampleRecord());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).to.have.length(2);
  });
  describe('when the ledger approves the request (a schedule)', () => {
    const alice = PrivateKey.generateED25519();
    const bob = PrivateKey.generateECDSA();
    const mallory = PrivateKey.generateED25519();
    const ledgerRecord = () =>
      sampleRecord({
        quorum: { required: 2, of: [alice.publicKey.toStringDer(), bob.publicKey.toStringDer()] },
        schedule: { accounts: [{ accountId: '0.0.2', threshold: 2, keys: [alice.publicKey.toStringDer(), bob.publicKey.toStringDer()], others: 0 }], createTransactionId: '0.0.5@1700000000.000000001' },
      });
    const signedBy = (record: ApprovalRecord, key: PrivateKey, approve = true) => {
      const made = signApproval(record, key);
      return { approver: made.publicKey, approve, signature: made.signature, publicKey: made.publicKey, via: 'ledger' };
    };

    it('starts scheduled (not pending), records signed decisions without deciding, and is closed by the schedule outcome', async () => {
      const record = await store.create(ledgerRecord());
      expect(record.state).to.equal('scheduled');
      expect((await store.listPending()).map((each) => each.id)).not.to.include(record.id);
      expect((await store.listScheduled!()).map((each) => each.id)).to.include(record.id);
      const unsigned = await store.decide(record.id, { approver: 'alice', approve: true });
      expect(!unsigned.ok && unsigned.reason).to.match(/must be signed with an approver's key/);
      const stranger = await store.decide(record.id, signedBy(record, mallory));
      expect(!stranger.ok && stranger.reason).to.match(/not one of the approvers/);
      const first = await store.decide(record.id, signedBy(record, alice));
      const second = await store.decide(record.id, signedBy(record, bob));
      // Two approvals make no store decision: the ledger decides.
      expect([first.ok, second.ok && second.record.state, second.ok && second.record.decisions.length]).to.deep.equal([true, 'scheduled', 2]);
      const twice = await store.decide(record.id, signedBy(record, alice, false));
      expect(!twice.ok && twice.reason).to.match(/has already decided/);

      const sent = await store.recordSchedule!(record.id, { status: 'SUCCESS', scheduleId: '0.0.77', scheduledTransactionId: '0.0.5@1700000000.000000001?scheduled' });
      expect(sent.ok && sent.record.schedule).to.include({ scheduleId: '0.0.77', scheduledTransactionId: '0.0.5@1700000000.000000001?scheduled' });
      const other = await store.closeSchedule!(record.id, { scheduleId: '0.0.78', outcome: 'scheduleExecuted' });
      expect(!other.ok && other.reason).to.match(/follows schedule 0\.0\.77, not 0\.0\.78/);
      const closed = await store.closeSchedule!(record.id, { scheduleId: '0.0.77', outcome: 'scheduleExecuted', status: 'SUCCESS' });
      expect(closed.ok && closed.record.state).to.equal('executed');
      expect(closed.ok && closed.record.execution).to.include({ by: 'the ledger', status: 'SUCCESS', transactionId: '0.0.5@1700000000.000000001?scheduled' });
      expect((await store.closeSchedule!(record.id, { scheduleId: '0.0.77', outcome: 'scheduleExpired' })).ok).to.equal(false);
      expect((await store.listScheduled!()).map((each) => each.id)).not.to.include(record.id);
    });

    it('expires when the ScheduleCreate was refused, or when the schedule expired or was deleted', async () => {
      const refused = await store.create(ledgerRecord());
      const answer = await store.recordSchedule!(refused.id, { status: 'INSUFFICIENT_PAYER_BALANCE' });
      expect(answer.ok && [answer.record.state, answer.record.note]).to.deep.equal(['expired', 'the ScheduleCreate was not accepted (INSUFFICIENT_PAYER_BALANCE), so nothing was scheduled and nothing it describes executes']);
      const lapsed = await store.create(ledgerRecord());
      await store.recordSchedule!(lapsed.id, { status: 'SUCCESS', scheduleId: '0.0.79' });
      const deleted = await store.closeSchedule!(lapsed.id, { scheduleId: '0.0.79', outcome: 'scheduleDeleted' });
      expect(deleted.ok && [deleted.record.state, deleted.record.schedule?.outcome]).to.deep.equal(['expired', 'scheduleDeleted']);
      expect(deleted.ok && deleted.record.note).to.match(/schedule 0\.0\.79 was deleted before its threshold keys were satisfied/);
    });
  });
}

export async function waitUntil(done: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
