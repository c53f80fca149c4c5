import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import { MemoryApprovalStore } from '../../../../src/policies/approvals/index.js';
import { settledAt, stateAt } from '../../../../src/policies/approvals/approval-record.js';
import { sampleRecord } from '../../../support/approval-store-contract.js';

/**
 * A request the ledger approves (ApprovalPolicy via: 'schedule') ends as its schedule did. The
 * schedule may run at the last moment before its expiry while the close is recorded later (an audit
 * hook's next look, a kit's sweep at its next start): the request's own expiry passing in between
 * must never turn an execution the ledger made into "expired", nor lapse it while it waits for its close.
 */
describe('a ledger-approved request past its expiry', () => {
  const alice = PrivateKey.generateED25519();
  const bob = PrivateKey.generateECDSA();
  let now = 1_800_000_000_000;
  const store = () => new MemoryApprovalStore(() => now);
  const ledgerRecord = () =>
    sampleRecord({
      createdAt: now,
      expiresAt: now + 60_000,
      quorum: { required: 2, of: [alice.publicKey.toStringDer(), bob.publicKey.toStringDer()] },
      schedule: { accounts: [{ accountId: '0.0.2', threshold: 2, keys: [alice.publicKey.toStringDer(), bob.publicKey.toStringDer()], others: 0 }], createTransactionId: '0.0.5@1700000000.000000001', scheduledTransactionId: '0.0.5@1700000000.000000001?scheduled' },
    });

  it('still reads scheduled, not expired, until its schedule outcome closes it', async () => {
    const approvals = store();
    const record = await approvals.create(ledgerRecord());
    await approvals.recordSchedule(record.id, { status: 'SUCCESS', scheduleId: '0.0.77' });
    now += 3_600_000;
    const read = (await approvals.get(record.id))!;
    expect([stateAt(read, now), settledAt(read, now).state, read.state]).to.deep.equal(['scheduled', 'scheduled', 'scheduled']);
    expect((await approvals.listScheduled()).map((each) => each.id)).to.deep.equal([record.id]);
  });

  it('reads executed when the ledger executed it, though the close was recorded after the expiry', async () => {
    const approvals = store();
    const record = await approvals.create(ledgerRecord());
    await approvals.recordSchedule(record.id, { status: 'SUCCESS', scheduleId: '0.0.77' });
    now += 3_600_000;
    const closed = await approvals.closeSchedule(record.id, { scheduleId: '0.0.77', outcome: 'scheduleExecuted', status: 'SUCCESS', consensusTimestamp: '1800000059.000000001' });
    expect(closed.ok && closed.record.state).to.equal('executed');
    now += 86_400_000;
    const read = (await approvals.get(record.id))!;
    expect([read.state, stateAt(read, now), settledAt(read, now).state]).to.deep.equal(['executed', 'executed', 'executed']);
    expect(read.execution).to.include({ by: 'the ledger', status: 'SUCCESS', transactionId: '0.0.5@1700000000.000000001?scheduled' });
    expect(read.note).to.not.match(/expired/);
  });

  it('reads executed for a record that says so, whatever the clock, and expired only when its schedule expired', () => {
    const base = { ...ledgerRecord(), id: 'r1', state: 'executed' as const, decisions: [], version: 3 };
    expect(stateAt(base, base.expiresAt + 1)).to.equal('executed');
    expect(stateAt({ ...base, state: 'scheduled' }, base.expiresAt + 1)).to.equal('scheduled');
    expect(stateAt({ ...base, state: 'expired' }, base.expiresAt - 1)).to.equal('expired');
  });
});
