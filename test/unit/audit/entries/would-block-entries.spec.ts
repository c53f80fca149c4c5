import { expect } from 'chai';
import { auditEntryProblems } from '../../../../src/audit/entries/audit-entry.js';
import { errorEntry, executedEntry, sequenced } from '../../../../src/audit/entries/entry-builder.js';
import { entryDetail } from '../../../../src/audit/entries/entry-summary.js';
import { PolicyBlockedError } from '../../../../src/lifecycle/policy-blocked-error.js';
import type { PostSecondaryActionParams, ToolErrorParams } from '../../../../src/lifecycle/stage-events.js';
import { CALL_RECORD, newCallRecord, type CallRecord } from '../../../../src/lifecycle/call-record.js';
import type { WouldBlock } from '../../../../src/lifecycle/would-blocks.js';

/** A call's record, as the runner keeps it, with these would-blocks noted. */
function recordWith(wouldBlocks: WouldBlock[] = []): CallRecord {
  const { state, record } = newCallRecord();
  if (wouldBlocks.length) state.wouldBlocks = [...wouldBlocks];
  return record;
}

const executed = (callId: string, record = recordWith()) =>
  ({ [CALL_RECORD]: record, method: 'transfer_hbar_tool', callId, context: {}, rawParams: {}, normalisedParams: { hbarTransfers: [] }, toolResult: { raw: { status: 'SUCCESS', receiptStatus: 'SUCCESS', transactionId: '0.0.2@1700000000.000000001' }, humanMessage: '' } }) as unknown as PostSecondaryActionParams;

describe('audit entries of calls a policy in report mode would have blocked', () => {
  it('carry wouldBlock, in order, on an executed entry, and the entry stays valid', () => {
    const record = recordWith([{ policy: 'Max Transfer Policy', stage: 'postParamsNormalization', reason: 'the cap is 2 HBAR per call' }, { policy: 'Quota', stage: 'postCoreAction' }]);
    const entry = sequenced(executedEntry(executed('call-a', record), 's'), 1);
    expect(entry.wouldBlock).to.deep.equal([{ policy: 'Max Transfer Policy', stage: 'postParamsNormalization', reason: 'the cap is 2 HBAR per call' }, { policy: 'Quota', stage: 'postCoreAction' }]);
    expect(entry.outcome).to.equal('executed');
    expect(auditEntryProblems(entry)).to.deep.equal([]);
    // A listing of the trail says so after the transaction.
    expect(entryDetail(entry)).to.equal('0.0.2@1700000000.000000001 SUCCESS; would have been blocked by Max Transfer Policy, Quota (report mode)');
  });

  it('carry wouldBlock beside the blockedBy of the enforcing policy that then blocked the call', () => {
    const record = recordWith([{ policy: 'Soft', stage: 'preToolExecution', reason: 'would refuse' }]);
    const error = new PolicyBlockedError('transfer_hbar_tool', { policy: 'Hard', stage: 'postParamsNormalization', reason: 'refused' });
    const entry = sequenced(errorEntry({ [CALL_RECORD]: record, method: 'transfer_hbar_tool', callId: 'call-b', context: {}, rawParams: {}, stage: 'postParamsNormalization', error } as unknown as ToolErrorParams, 's'), 1);
    expect([entry.outcome, entry.blockedBy?.policy, entry.wouldBlock]).to.deep.equal(['blocked', 'Hard', [{ policy: 'Soft', stage: 'preToolExecution', reason: 'would refuse' }]]);
    expect(entryDetail(entry)).to.equal('by Hard; would have been blocked by Soft (report mode)');
    expect(auditEntryProblems(entry)).to.deep.equal([]);
  });

  it('leave the field out for a call no reporting policy objected to, and the schema refuses a malformed one', () => {
    const entry = sequenced(executedEntry(executed('call-none'), 's'), 1);
    expect(entry).to.not.have.property('wouldBlock');
    expect(auditEntryProblems({ ...entry, wouldBlock: [] })).to.deep.equal(['wouldBlock: Too small: expected array to have >=1 items']);
    expect(auditEntryProblems({ ...entry, wouldBlock: [{ policy: 'P', stage: 'preToolExecution', extra: 1 }] })).to.deep.equal(['wouldBlock.0: Unrecognized key: "extra"']);
  });
});
