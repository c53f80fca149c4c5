import { expect } from 'chai';
import { CALL_RECORD, callRecordOf, newCallRecord, takeLedgerApprovalAsk, withLedgerApproval } from '../../../src/lifecycle/call-record.js';
import type { ToolResult } from '../../../src/lifecycle/tool-result.js';

const ASK = { scheduling: { isScheduled: true, waitForExpiry: false } } as const;
const result = (status: string): ToolResult => ({ raw: { status }, humanMessage: 'Transferred 10 HBAR.' }) as unknown as ToolResult;

describe("a call's record (what its listeners note for each other and the kit)", () => {
  describe('when a listener holding the event tries to rewrite what the call noted', () => {
    it('finds no writer for would-blocks, and gets frozen copies it cannot change the record through', () => {
      const { state, record } = newCallRecord();
      (state.wouldBlocks ??= []).push({ policy: 'Max Transfer Policy', stage: 'postParamsNormalization', reason: 'the cap is 2 HBAR' });
      const seen = record.wouldBlock!;
      expect(Object.isFrozen(seen) && Object.isFrozen(seen[0])).to.equal(true);
      expect(() => (seen as unknown[]).pop()).to.throw(TypeError);
      expect(Object.isFrozen(record), 'no method of the record can be swapped').to.equal(true);
      expect(Object.keys(record)).to.deep.equal([]);
      expect(Object.getOwnPropertyNames(Object.getPrototypeOf(record)), 'no writer of would-blocks, asks or notes for the runner').to.have.members(['constructor', 'wouldBlock', 'idempotencyKey', 'toolCallId', 'approvalRequestId', 'noteApprovedBy', 'askLedgerApproval', 'noteLedgerApproval', 'noteAuditEntry']);
      expect(record.wouldBlock).to.deep.equal([{ policy: 'Max Transfer Policy', stage: 'postParamsNormalization', reason: 'the cap is 2 HBAR' }]);
    });

    it('refuses an approval request ID that is not a non-empty string, naming what it takes', () => {
      const { record } = newCallRecord();
      expect(() => record.noteApprovedBy('' as string)).to.throw(TypeError, "expected the approval request's ID, a non-empty string");
      record.noteApprovedBy('req-1');
      expect(record.approvalRequestId).to.equal('req-1');
    });
  });

  describe('when a policy asks for an approval by the ledger', () => {
    it('hands the ask to the runner once, and an ask after the transaction was built throws (the policy then blocks) instead of being ignored', () => {
      const { state, record } = newCallRecord();
      record.askLedgerApproval(ASK);
      expect(takeLedgerApprovalAsk(state)).to.equal(ASK);
      expect(takeLedgerApprovalAsk(state)).to.equal(undefined);
      expect(() => record.askLedgerApproval(ASK)).to.throw('a ledger approval was asked after the call built its transaction; ask at postParamsNormalization');
    });

    it("tells the call's result its request once: awaiting approval only when the ScheduleCreate succeeded", () => {
      const { state, record } = newCallRecord();
      record.noteLedgerApproval({ requestId: 'req-9', sentence: (raw) => `schedule for ${String(raw.approvalRequestId)}` });
      const told = withLedgerApproval(state, result('SUCCESS'));
      expect([told.raw, told.humanMessage]).to.deep.equal([{ status: 'SUCCESS', approvalRequestId: 'req-9', awaitingApproval: true }, 'schedule for req-9']);
      expect(withLedgerApproval(state, result('SUCCESS')).raw).to.deep.equal({ status: 'SUCCESS' });
      record.noteLedgerApproval({ requestId: 'req-10', sentence: () => 'refused' });
      expect(withLedgerApproval(state, result('ERROR')).raw).to.deep.equal({ status: 'ERROR', approvalRequestId: 'req-10' });
    });
  });

  describe('when a reader looks for the record on an event', () => {
    it('finds it under the registered symbol (the key both builds name), also on a copy of the event, and nothing on anything else', () => {
      const { record } = newCallRecord();
      const event = { method: 'transfer_hbar_tool', [CALL_RECORD]: record };
      expect(CALL_RECORD).to.equal(Symbol.for('hedera-agent-hooks.callRecord'));
      expect(callRecordOf(event)).to.equal(record);
      expect(callRecordOf({ ...event })).to.equal(record);
      expect(JSON.stringify(event)).to.equal('{"method":"transfer_hbar_tool"}');
      for (const other of [undefined, null, 'x', {}, { [CALL_RECORD]: 'forged' }, { [CALL_RECORD]: { wouldBlock: [] } }]) expect(callRecordOf(other)).to.equal(undefined);
    });
  });
});
