import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import { anyAuditEntrySchema, auditEntryProblems, callEntries, type AnyAuditEntry } from '../../../../src/audit/entries/audit-entry.js';
import { oversightEntry, type OversightEvent } from '../../../../src/audit/entries/oversight-builder.js';
import { isOversightEntry } from '../../../../src/audit/entries/oversight-entry.js';
import { entryDetail, entryOutcome } from '../../../../src/audit/entries/entry-summary.js';

const DIGEST = 'ab'.repeat(32);
const requestId = 'req-1';

/** One event of every oversight kind, as the kill switch and the approvals write them. */
const EVENTS: OversightEvent[] = [
  { kind: 'pause', switch: 'kill-switch', scope: 'all', reason: 'incident 42', by: 'alice', at: '2025-01-01T00:00:00.000Z' },
  { kind: 'unpause', switch: 'kill-switch', by: 'bob', lifted: { scope: 'all', reason: 'incident 42', by: 'alice', at: '2025-01-01T00:00:00.000Z' } },
  {
    kind: 'approvalRequest',
    tool: 'transfer_hbar_tool',
    requestId,
    callId: 'call-9',
    policy: 'Approval Policy',
    stage: 'postCoreAction',
    params: { transfers: [{ accountId: '0.0.5', amount: '10' }] },
    movements: [{ from: '0.0.2', to: '0.0.5', asset: 'HBAR', amount: '1000000000' }],
    preview: { transactionType: 'TransferTransaction', payer: '0.0.2', transactionId: '0.0.2@1700000000.000000001', memo: '<script>alert(1)</script>', maxFee: '2 ℏ', bytesDigest: DIGEST },
    digest: DIGEST,
    quorum: 2,
    approvers: ['alice', 'bob'],
    expiresAt: '2025-01-01T00:10:00.000Z',
    deferred: true,
  },
  {
    kind: 'approvalDecision',
    tool: 'transfer_hbar_tool',
    requestId,
    decision: 'approve',
    by: 'alice',
    via: 'cli',
    signature: { algorithm: 'ED25519', publicKey: '302a300506032b6570032100' + 'cd'.repeat(32), signature: 'ef'.repeat(64), digest: DIGEST },
  },
  { kind: 'approvalDecision', tool: 'transfer_hbar_tool', requestId, decision: 'deny', by: 'bob', via: 'console', reason: 'unknown recipient' },
  { kind: 'approvalExpired', tool: 'transfer_hbar_tool', requestId, expiresAt: '2025-01-01T00:10:00.000Z' },
  { kind: 'approvalAbandoned', tool: 'transfer_hbar_tool', requestId, reason: 'the process waiting for it exited' },
];

describe('oversight entries', () => {
  describe('when built from an event of each kind', () => {
    it('are valid entries of their own kind, read by every reader as such', () => {
      const entries = EVENTS.map((event, at) => oversightEntry(event, at + 1, 'agent-7'));
      for (const entry of entries) {
        expect(auditEntryProblems(entry), entry.kind).to.deep.equal([]);
        expect(anyAuditEntrySchema.safeParse(entry).success, entry.kind).to.equal(true);
        expect(isOversightEntry(entry)).to.equal(true);
        expect(entry).to.include({ type: 'hedera-agent-hooks/audit-entry', version: 1, session: 'agent-7' });
      }
      expect(entries.map((entry) => [entry.seq, entry.tool, entryOutcome(entry)])).to.deep.equal([
        [1, '*', 'pause'],
        [2, '*', 'unpause'],
        [3, 'transfer_hbar_tool', 'approvalRequest'],
        [4, 'transfer_hbar_tool', 'approvalDecision'],
        [5, 'transfer_hbar_tool', 'approvalDecision'],
        [6, 'transfer_hbar_tool', 'approvalExpired'],
        [7, 'transfer_hbar_tool', 'approvalAbandoned'],
      ]);
      expect(entries[0]!.timestamp).to.equal('2025-01-01T00:00:00.000Z');
      expect(entryDetail(entries[0]!)).to.equal('alice paused every call: "incident 42"');
      expect(entryDetail(entries[1]!)).to.equal('bob unpaused (lifting the pause by alice)');
      expect(entryDetail(entries[3]!)).to.equal('approval req-1: approve by alice (signed)');
      expect(entryDetail(entries[4]!)).to.equal('approval req-1: deny by bob');
      // Counting calls still counts calls.
      expect(callEntries(entries as AnyAuditEntry[])).to.deep.equal([]);
    });
  });

  describe('when a trail was written before the switch was turned off with unpause', () => {
    it("still reads and verifies its 'resume' entries, and writes no new one", () => {
      const unpause = oversightEntry(EVENTS[1]!, 2, 'agent-7');
      // An entry as older versions journaled it: the same fields, kind 'resume'.
      const old = { ...unpause, kind: 'resume' };
      expect(auditEntryProblems(old)).to.deep.equal([]);
      expect(anyAuditEntrySchema.safeParse(old).success).to.equal(true);
      expect(entryOutcome(old as AnyAuditEntry)).to.equal('resume');
      expect(entryDetail(old as AnyAuditEntry)).to.equal('bob unpaused (lifting the pause by alice)');
      expect(() => oversightEntry({ ...EVENTS[1]!, kind: 'resume' } as never, 3, 'agent-7')).to.throw("'resume' is the kill switch's entry kind of older trails (still verified), not written now: record { kind: 'unpause' }.");
    });
  });

  describe('when an event is malformed', () => {
    it('is refused, naming each field and the kind', () => {
      expect(() => oversightEntry({ kind: 'approvalDecision', requestId, decision: 'maybe', by: 'alice' } as never, 1, 's')).to.throw(/the approvalDecision event cannot be recorded: tool: .*; decision: /);
      expect(() => oversightEntry({ kind: 'pause', switch: 'k', scope: 'all', by: 'alice' } as never, 1, 's')).to.throw('reason');
      expect(() => oversightEntry({ kind: 'pause', switch: 'k', scope: 'all', by: 'a', reason: 'r', extra: 1 } as never, 1, 's')).to.throw('extra');
      expect(() => oversightEntry({ kind: 'vote' } as never, 1, 's')).to.throw('an oversight event needs a kind, one of pause, unpause, resume, approvalRequest');
    });
  });

  describe('when a reason, a memo or params carry key material or megabytes', () => {
    it('redacts the keys and bounds the text', () => {
      const key = PrivateKey.generateED25519();
      const event = EVENTS[2] as Extract<OversightEvent, { kind: 'approvalRequest' }>;
      const entry = oversightEntry({ ...event, params: { privateKey: key.toStringDer(), memo: 'm'.repeat(5_000) }, preview: { ...event.preview!, memo: key.toStringDer() } }, 1, 's');
      const text = JSON.stringify(entry);
      expect(text).not.to.contain(key.toStringDer());
      expect(text).to.contain('more characters');
      const denied = oversightEntry({ kind: 'approvalAbandoned', tool: 't', requestId, reason: `x ${key.toStringDer()} ${'y'.repeat(5_000)}` }, 1, 's');
      expect(JSON.stringify(denied)).not.to.contain(key.toStringDer());
      expect(auditEntryProblems(denied)).to.deep.equal([]);
    });
  });

  describe('when a reader meets a kind it does not know', () => {
    it('says which kinds it knows', () => {
      expect(auditEntryProblems({ kind: 'vote' })[0]).to.contain('"vote" is not a kind of entry this version knows (scheduleOutcome, pause, unpause, resume');
    });
  });
});
