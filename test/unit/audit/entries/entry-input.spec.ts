import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import { auditEntryProblems } from '../../../../src/audit/entries/audit-entry.js';
import { errorEntry, executedEntry, sequenced } from '../../../../src/audit/entries/entry-builder.js';
import type { PostSecondaryActionParams, ToolErrorParams } from '../../../../src/lifecycle/stage-events.js';

const executed = (rawParams: unknown, normalisedParams: unknown) =>
  ({ method: 'transfer_hbar_tool', context: {}, rawParams, normalisedParams, toolResult: { raw: { status: 'SUCCESS', receiptStatus: 'SUCCESS' }, humanMessage: '' } }) as unknown as PostSecondaryActionParams;

describe("the call's input in audit entries", () => {
  // A typical transfer as transfer_hbar_tool receives it, and its params once normalised (as the core tool's are, SDK values as strings).
  const input = { transfers: [{ accountId: '0.0.1001', amount: 2.5 }], transactionMemo: 'invoice 2026-014' };
  const normalised = { hbarTransfers: [{ accountId: '0.0.1001', amount: '2.5 ℏ' }, { accountId: '0.0.2', amount: '-2.5 ℏ' }], transactionMemo: 'invoice 2026-014', schedulingParams: { isScheduled: false } };

  describe('when normalisation ran', () => {
    it('carries the params once: the input the agent sent, from which replay runs it again, and the entry stays valid', () => {
      const entry = sequenced(executedEntry(executed(input, normalised), 's'), 1);
      expect(entry.paramsKind).to.equal('input');
      expect(entry.params).to.deep.equal(input);
      expect(entry).to.not.have.property('input');
      expect(auditEntryProblems(entry)).to.deep.equal([]);
    });

    it('is no larger in bytes than the entry was before replay needed the input (normalised params alone)', () => {
      const entry = sequenced(executedEntry(executed(input, normalised), 's'), 1);
      const preReplay = { ...entry, params: normalised, paramsKind: 'normalised' };
      const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
      expect(bytes(entry)).to.be.at.most(bytes(preReplay));
      // The memo, in both copies before, appears once.
      expect(JSON.stringify(entry).split('invoice 2026-014')).to.have.length(2);
    });

    it('redacts keys in it, and cuts it to a sample like refused input when it is larger than the normalised params (keys the tool ignores)', () => {
      const key = PrivateKey.generateED25519();
      const entry = executedEntry(executed({ privateKey: key.toStringDer(), memo: 'x'.repeat(500) }, { memo: 'x' }), 's');
      const params = entry.params as Record<string, string>;
      expect(params.privateKey).to.equal('[REDACTED]');
      expect(params.memo).to.match(/^x{100}…\[400 more characters\]$/);
      expect(JSON.stringify(entry)).to.not.include(key.toStringRaw());
    });
  });

  describe('when params already are the raw input', () => {
    it('records no second copy', () => {
      const event = { method: 'transfer_hbar_tool', context: {}, rawParams: { amount: 'lots' }, stage: 'normalizeParams', error: new Error('bad amount') } as unknown as ToolErrorParams;
      const entry = errorEntry(event, 's');
      expect(entry.paramsKind).to.equal('raw');
      expect(entry).to.not.have.property('input');
    });
  });

  describe('when an entry was written before', () => {
    it('is still valid with normalised params and the input beside them (two copies, as entries were written while replay carried both)', () => {
      const old = { ...sequenced(executedEntry(executed(input, normalised), 's'), 1), params: normalised, paramsKind: 'normalised', input };
      expect(auditEntryProblems(old)).to.deep.equal([]);
    });

    it('is still valid with normalised params alone (before replay)', () => {
      const old = { ...sequenced(executedEntry(executed(input, normalised), 's'), 1), params: normalised, paramsKind: 'normalised' };
      expect(auditEntryProblems(old)).to.deep.equal([]);
    });
  });
});
