import { expect } from 'chai';
import type { ApprovalRecord } from '../../../../src/policies/approvals/approval-record.js';
import { compareScheduleWithRecord, type LedgerScheduleView } from '../../../../src/policies/approvals/ledger-schedule-check.js';
import { sampleRecord } from '../../../support/approval-store-contract.js';

/** A ledger-approved request for 10 HBAR from 0.0.1002 to 0.0.1003 on schedule 0.0.1006, and the ledger's view of that schedule. */
function scheduled(): { record: ApprovalRecord; view: LedgerScheduleView } {
  const record = {
    ...sampleRecord({ id: 'req-1', movements: [{ asset: 'HBAR', from: '0.0.1002', to: '0.0.1003', amount: '1000000000', display: '10 HBAR' }] }),
    id: 'req-1',
    state: 'scheduled',
    decisions: [],
    version: 1,
    schedule: { accounts: [], scheduleId: '0.0.1006', scheduledBody: { digest: 'sha384:aa', payer: '0.0.1001' } },
  } as ApprovalRecord;
  const view: LedgerScheduleView = {
    scheduleId: '0.0.1006',
    payer: '0.0.1001',
    bodyDigest: 'sha384:aa',
    kind: 'cryptoTransfer',
    changes: [
      { account: '0.0.1002', asset: 'HBAR', amount: '-1000000000', display: '0.0.1002 -10 HBAR' },
      { account: '0.0.1003', asset: 'HBAR', amount: '1000000000', display: '0.0.1003 +10 HBAR' },
    ],
    lines: [],
  };
  return { record, view };
}

describe('compareScheduleWithRecord', () => {
  it('accepts a request whose scheduled body, payer and net movements are those on the ledger', () => {
    const { record, view } = scheduled();
    expect(compareScheduleWithRecord(record, view)).to.deep.equal({ ok: true, view });
  });

  it('refuses another body digest or another payer, naming both sides', () => {
    const { record, view } = scheduled();
    const otherBody = compareScheduleWithRecord(record, { ...view, bodyDigest: 'sha384:bb' });
    expect(otherBody).to.include({ ok: false });
    expect((otherBody as { reason: string }).reason).to.equal(
      "schedule 0.0.1006 on the ledger does not run what request req-1 recorded: the ledger's cryptoTransfer has body digest sha384:bb, paid by 0.0.1001; the request recorded sha384:aa, paid by 0.0.1001 (the request in the approval store was changed, or names another schedule); nothing was signed",
    );
    expect((compareScheduleWithRecord(record, { ...view, payer: '0.0.1009' }) as { reason: string }).reason).to.contain('paid by 0.0.1009; the request recorded sha384:aa, paid by 0.0.1001');
  });

  it('refuses movements that net differently (another recipient, another amount, unreadable), but not a different split of the same nets', () => {
    const { record, view } = scheduled();
    const rewritten = { ...record, movements: [{ ...record.movements![0]!, to: '0.0.1004' }] };
    expect((compareScheduleWithRecord(rewritten, view) as { reason: string }).reason).to.equal(
      'request req-1 says it moves 0.0.1002 -10 HBAR, 0.0.1004 +10 HBAR, but schedule 0.0.1006 on the ledger moves 0.0.1002 -10 HBAR, 0.0.1003 +10 HBAR (the request in the approval store was changed); nothing was signed',
    );
    expect(compareScheduleWithRecord({ ...record, movements: [{ ...record.movements![0]!, amount: '1000000001' }] }, view).ok).to.equal(false);
    expect((compareScheduleWithRecord({ ...record, movements: null }, view) as { reason: string }).reason).to.contain('request req-1 says it moves unreadable movements');
    const split = { ...record, movements: [{ ...record.movements![0]!, amount: '400000000' }, { ...record.movements![0]!, amount: '600000000' }] };
    expect(compareScheduleWithRecord(split, view).ok).to.equal(true);
  });

  it('refuses a record without a scheduled body, and a view of another schedule', () => {
    const { record, view } = scheduled();
    const old = { ...record, schedule: { ...record.schedule!, scheduledBody: undefined } };
    expect((compareScheduleWithRecord(old, view) as { reason: string }).reason).to.match(/^request req-1 was recorded without the digest of the transaction its schedule runs \(made by an older version\)/);
    expect((compareScheduleWithRecord(record, { ...view, scheduleId: '0.0.1007' }) as { reason: string }).reason).to.equal('request req-1 names schedule 0.0.1006, not 0.0.1007; nothing was signed');
  });

  it('compares no movements for a body that is not a transfer: its digest binds it', () => {
    const { record, view } = scheduled();
    const { changes: _none, ...created } = view;
    expect(compareScheduleWithRecord({ ...record, movements: [] }, { ...created, kind: 'cryptoCreateAccount' }).ok).to.equal(true);
  });
});
