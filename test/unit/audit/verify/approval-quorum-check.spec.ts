import { PrivateKey } from '@hiero-ledger/sdk';
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { oversightEntry, type OversightEvent } from '../../../../src/audit/entries/oversight-builder.js';
import { AUDIT_ENTRY_TYPE, AUDIT_ENTRY_VERSION, auditEntryProblems, type AuditEntry } from '../../../../src/audit/entries/audit-entry.js';
import { approvalQuorumCheck } from '../../../../src/audit/verify/approval-quorum-check.js';
import type { FoundEntry } from '../../../../src/audit/readers/index.js';
import { approvalRequestDigest, signApproval } from '../../../../src/policies/approvals/index.js';
import { sampleRecord } from '../../../support/approval-store-contract.js';

const TOOL = 'transfer_hbar_tool';

describe('approvalQuorumCheck', () => {
  const record = { ...sampleRecord({ id: 'req-7', expiresAt: Date.parse('2030-01-01T00:00:00Z') }), state: 'pending' as const, decisions: [], version: 1 };
  const digest = approvalRequestDigest(record);
  const alice = PrivateKey.generateED25519();
  const bob = PrivateKey.generateECDSA();
  let seq = 0;
  let message = 0;

  beforeEach(() => {
    seq = 0;
    message = 0;
  });

  /** Each entry in a message of its own, in the order given (the topic's consensus order). */
  const onTopic = (...entries: object[]): FoundEntry[] => entries.map((entry) => ({ entry, where: `message #${++message}` }));
  const oversight = (event: Record<string, unknown>): object => oversightEntry({ tool: TOOL, ...event } as OversightEvent, ++seq, 'session-1');
  const request = (approvers?: string[], quorum = 2) =>
    oversight({ kind: 'approvalRequest', requestId: record.id, policy: record.policy, stage: record.stage, params: record.params, digest, quorum, ...(approvers ? { approvers } : {}), expiresAt: new Date(record.expiresAt).toISOString(), deferred: true });
  const decision = (by: string, decision: 'approve' | 'deny' = 'approve', signature?: object) => oversight({ kind: 'approvalDecision', requestId: record.id, decision, by, via: 'cli', ...(signature ? { signature } : {}) });
  const signed = (key: PrivateKey, over = record) => {
    const made = signApproval(over, key);
    return { algorithm: made.algorithm, publicKey: made.publicKey, signature: made.signature, digest: made.digest };
  };
  const call = (): AuditEntry => {
    const entry: AuditEntry = {
      type: AUDIT_ENTRY_TYPE,
      version: AUDIT_ENTRY_VERSION,
      id: randomUUID(),
      seq: ++seq,
      session: 'session-1',
      timestamp: new Date().toISOString(),
      tool: TOOL,
      outcome: 'executed',
      stage: 'postToolExecution',
      params: {},
      paramsKind: 'normalised',
      transactionId: '0.0.2@1700000000.000000001',
      status: 'SUCCESS',
      approvalRequestId: record.id,
    };
    expect(auditEntryProblems(entry)).to.deep.equal([]);
    return entry;
  };

  describe('when the quorum was reached before the call executed', () => {
    it('finds nothing wrong, with signed and unsigned decisions', () => {
      const tally = approvalQuorumCheck(onTopic(request(), decision('alice', 'approve', signed(alice)), decision('bob'), call()));
      expect(tally).to.deep.equal({ calls: 1, signedDecisions: 1, ledgerApproved: 0, problems: [] });
    });

    it('counts public keys named as approvers only by decisions signed with them', () => {
      const keys = [alice.publicKey.toStringDer(), bob.publicKey.toStringDer()];
      expect(approvalQuorumCheck(onTopic(request(keys), decision('alice', 'approve', signed(alice)), decision('bob', 'approve', signed(bob)), call())).problems).to.deep.equal([]);
      const unsigned = approvalQuorumCheck(onTopic(request(keys), decision('alice', 'approve', signed(alice)), decision(keys[1]!), call()));
      expect(unsigned.problems).to.have.length(1);
      expect(unsigned.problems[0]).to.match(/executed with 1 of the 2 approvals request req-7 needs before it/);
    });
  });

  describe('when the ledger approves the request (via: schedule)', () => {
    const ledgerRequest = () =>
      oversight({ kind: 'approvalRequest', requestId: record.id, policy: record.policy, stage: 'postCoreAction', params: record.params, digest, quorum: 2, approvers: [alice.publicKey.toStringDer(), bob.publicKey.toStringDer()], expiresAt: new Date(record.expiresAt).toISOString(), via: 'schedule' });
    const scheduleCall = (scheduleId?: string): AuditEntry => ({ ...call(), ...(scheduleId ? { scheduleId, scheduledTransactionId: '0.0.2@1700000000.000000001?scheduled' } : {}) });

    it('accepts a call that went out as a schedule without decisions in the store: the ledger enforced the threshold', () => {
      expect(approvalQuorumCheck(onTopic(ledgerRequest(), scheduleCall('0.0.1234')))).to.deep.equal({ calls: 1, signedDecisions: 0, ledgerApproved: 1, problems: [] });
    });

    it('refuses a call of such a request that names no schedule: it may have run without the approvers', () => {
      const tally = approvalQuorumCheck(onTopic(ledgerRequest(), scheduleCall()));
      expect(tally.ledgerApproved).to.equal(0);
      expect(tally.problems).to.have.length(1);
      expect(tally.problems[0]).to.match(/names request req-7, which the ledger approves, but it names no schedule/);
    });

    it('refuses an unknown outcome of such a request that names no schedule: it may have reached the ledger', () => {
      const tally = approvalQuorumCheck(onTopic(ledgerRequest(), { ...scheduleCall(), outcome: 'unknown', status: 'UNKNOWN' }));
      expect(tally.ledgerApproved).to.equal(0);
      expect(tally.problems[0]).to.match(/names request req-7, which the ledger approves, but it names no schedule/);
    });

    it('refuses a scheduled call that is on the topic before its request', () => {
      const tally = approvalQuorumCheck(onTopic(scheduleCall('0.0.1234'), ledgerRequest()));
      expect(tally.problems[0]).to.match(/before the approvalRequest entry of request req-7/);
    });
  });

  describe('when the quorum is missing', () => {
    it('names the call and how many approvals it had, counting one approver once', () => {
      const tally = approvalQuorumCheck(onTopic(request(), decision('alice'), decision('alice'), call()));
      expect(tally.problems).to.have.length(1);
      expect(tally.problems[0]).to.match(/^The transfer_hbar_tool call \(entry .*, seq 4, message #4, transaction 0\.0\.2@1700000000\.000000001\) executed with 1 of the 2 approvals request req-7 needs before it\.$/);
    });

    it('says when the request was never asked on the topic', () => {
      expect(approvalQuorumCheck(onTopic(decision('alice'), call())).problems[0]).to.match(/names approval request req-7, but the topic has no approvalRequest entry/);
    });
  });

  describe('when a decision reached consensus after the execution', () => {
    it('does not count it, and says so', () => {
      const tally = approvalQuorumCheck(onTopic(request(), decision('alice'), call(), decision('bob')));
      expect(tally.problems[0]).to.match(/executed with 1 of the 2 approvals .*; 1 approval is on the topic only after it\./);
    });

    it('orders by consensus across streams, not by seq', () => {
      // The approver's process writes seq 1 of its own stream, after the agent's entries have higher seqs.
      const found = onTopic(request(), decision('alice'), call());
      const late = { entry: oversightEntry({ kind: 'approvalDecision', tool: TOOL, requestId: record.id, decision: 'approve', by: 'bob' }, 1, 'approver'), where: 'message #9' };
      expect(approvalQuorumCheck([...found, late]).problems[0]).to.match(/1 approval is on the topic only after it/);
    });
  });

  describe('when a signature does not verify', () => {
    it('reports a bad signature and does not count the decision', () => {
      const forged = { ...signed(alice), signature: signed(alice, { ...record, id: 'other' }).signature };
      const tally = approvalQuorumCheck(onTopic(request(undefined, 1), decision('alice', 'approve', forged), call()));
      expect(tally.problems).to.have.length(2);
      expect(tally.problems[0]).to.match(/^The signed approve by alice of request req-7 .* does not verify: the signature does not verify over the request digest/);
      expect(tally.problems[1]).to.match(/executed with 0 of the 1 approvals/);
    });

    it('reports a signature by another key than the one it names', () => {
      const wrongKey = { ...signed(alice), publicKey: PrivateKey.generateED25519().publicKey.toStringDer() };
      const tally = approvalQuorumCheck(onTopic(request(undefined, 1), decision('alice', 'approve', wrongKey), call()));
      expect(tally.problems[0]).to.match(/does not verify/);
    });

    it('reports a signature over another digest than the request recorded', () => {
      const other = signed(alice, { ...record, expiresAt: record.expiresAt + 1 });
      const tally = approvalQuorumCheck(onTopic(request(undefined, 1), decision('alice', 'approve', other), call()));
      expect(tally.problems[0]).to.match(/is over digest [0-9a-f]{64}, but the request's recorded digest is/);
    });
  });

  it('reports a call that executed although it was denied first', () => {
    const tally = approvalQuorumCheck(onTopic(request(), decision('alice'), decision('bob', 'deny'), call()));
    expect(tally.problems[0]).to.match(/executed although bob denied request req-7/);
  });
});
