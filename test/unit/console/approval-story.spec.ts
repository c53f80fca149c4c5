import { expect } from 'chai';
import type { AnyAuditEntry } from '../../../src/audit/index.js';
import { CallList } from '../../../src/console/call-feed.js';
import type { CallView } from '../../../src/console/call-view.js';
import { explorerLinks } from '../../../src/console/index.js';

const links = explorerLinks('testnet', undefined);
const REQUEST = 'req-1';
let seq = 0;
const at = (second: number) => `2026-01-01T00:00:${String(second).padStart(2, '0')}.000Z`;
const head = (second: number, tool = 'transfer_hbar_tool') => ({ type: 'hedera-agent-hooks/audit-entry', version: 1, id: `e${++seq}`, seq, session: 'payments-agent', timestamp: at(second), tool });

const request = (second: number, extra: object = {}) =>
  ({ ...head(second), kind: 'approvalRequest', requestId: REQUEST, policy: 'Approval Policy', stage: 'postParamsNormalization', params: { transfers: [{ accountId: '0.0.1001', amount: 6 }] }, digest: 'a'.repeat(64), quorum: 1, expiresAt: at(59), ...extra }) as unknown as AnyAuditEntry;
const decision = (second: number, approve: boolean, by = 'alice') => ({ ...head(second), kind: 'approvalDecision', requestId: REQUEST, decision: approve ? 'approve' : 'deny', by, via: 'console' }) as unknown as AnyAuditEntry;
const call = (second: number, outcome: string, extra: object = {}) =>
  ({ ...head(second), outcome, stage: 'postToolExecution', params: { hbarTransfers: [{ accountId: '0.0.1001', amount: '6 ℏ' }] }, paramsKind: 'normalised', approvalRequestId: REQUEST, ...extra }) as unknown as AnyAuditEntry;
const hold = (second: number) => call(second, 'blocked', { transactionId: '0.0.2@1.1', blockedBy: { policy: 'Approval Policy', stage: 'postParamsNormalization', reason: 'asked because it moves 6 HBAR' } });

/** The rows a list shows after `entries`, each read from its journal as the feeds do. */
function rows(...entries: AnyAuditEntry[]): CallView[] {
  const list = new CallList(links);
  for (const entry of entries) list.putEntry(entry, 'hcs-0.0.1234.jsonl', false);
  return [...list.all()];
}

describe('the console: the entries of one approval request as one row', () => {
  beforeEach(() => (seq = 0));

  it('folds a deferred hold, its request, the approval and the resumed call into one executed row that links the sent transaction only', () => {
    const [pending] = rows(request(1, { deferred: true }), hold(1));
    expect(pending).to.include({ id: `approval-${REQUEST}`, outcome: 'pending', session: 'payments-agent' });
    expect(pending!.blockedBy, 'a hold is not a block').to.equal(undefined);
    expect(pending!.transactionId, 'the frozen ID of a call never sent').to.equal(undefined);

    const [approved] = rows(request(1, { deferred: true }), hold(1), decision(5, true));
    expect(approved).to.include({ outcome: 'approved' });
    expect(approved!.approval).to.include({ state: 'approved', approvals: 1, required: 1, deferred: true });
    expect(approved!.approval!.next).to.contain(`kit.resume('${REQUEST}')`);
    expect(approved!.transactionLink).to.equal(undefined);

    const all = rows(request(1, { deferred: true }), hold(1), decision(5, true), call(9, 'executed', { transactionId: '0.0.2@9.9', status: 'SUCCESS' }));
    expect(all).to.have.length(1);
    expect(all[0]).to.include({ outcome: 'executed', status: 'SUCCESS', transactionId: '0.0.2@9.9', timestamp: at(1) });
    expect(all[0]!.transactionLink).to.match(/^https:\/\/hashscan.io\/testnet\/transaction\//);
    expect(all[0]!.approval!.next).to.equal(undefined);
  });

  it('reads the entries in time order whichever journal is read first', () => {
    const [row] = rows(call(9, 'executed', { transactionId: '0.0.2@9.9', status: 'SUCCESS' }), decision(5, true), hold(1), request(1, { deferred: true }));
    expect(row).to.include({ outcome: 'executed', transactionId: '0.0.2@9.9' });
    expect(row!.blockedBy).to.equal(undefined);
  });

  it('shows a denial as denied, not as a block, linking nothing', () => {
    const [row] = rows(request(1, { deferred: true }), hold(1), decision(5, false));
    expect(row).to.include({ outcome: 'denied' });
    expect(row!.blockedBy).to.equal(undefined);
    expect(row!.transactionId).to.equal(undefined);
    // An in-call denial: the refusal by the approval policy comes after the decision.
    const [inCall] = rows(request(1), decision(2, false), hold(3));
    expect(inCall).to.include({ outcome: 'denied' });
    expect(inCall!.blockedBy).to.equal(undefined);
  });

  it('counts as a block a refusal by another policy after approval, without linking what it never sent', () => {
    const later = call(9, 'blocked', { transactionId: '0.0.2@9.9', blockedBy: { policy: 'Spend Limit Policy', stage: 'postCoreAction', reason: 'over budget' } });
    const [row] = rows(request(1, { deferred: true }), hold(1), decision(5, true), later);
    expect(row).to.include({ outcome: 'blocked' });
    expect(row!.blockedBy).to.deep.equal({ policy: 'Spend Limit Policy', stage: 'postCoreAction', reason: 'over budget' });
    expect(row!.transactionId).to.equal(undefined);
  });

  it('keeps entries of no request (a pause, another call) in rows of their own', () => {
    const other = { ...head(2), outcome: 'executed', stage: 'postToolExecution', params: {}, paramsKind: 'raw', transactionId: '0.0.2@2.2', status: 'SUCCESS' } as unknown as AnyAuditEntry;
    expect(rows(request(1), other).map((row) => row.id)).to.deep.equal([`approval-${REQUEST}`, other.id]);
  });
});
