import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import { auditEntryProblems } from '../../../../src/audit/entries/audit-entry.js';
import { errorEntry, executedEntry, sequenced } from '../../../../src/audit/entries/entry-builder.js';
import type { PostSecondaryActionParams, ToolErrorParams } from '../../../../src/lifecycle/stage-events.js';

const executed = (rawParams: unknown, normalisedParams: unknown) =>
  ({ method: 'transfer_hbar_tool', context: {}, rawParams, normalisedParams, toolResult: { raw: { status: 'SUCCESS', receiptStatus: 'SUCCESS' }, humanMessage: '' } }) as unknown as PostSecondaryActionParams;

describe("the call's input in audit entries", () => {
  describe('when normalisation ran', () => {
    it('records the raw input after paramsKind, and the entry stays valid', () => {
      const entry = sequenced(executedEntry(executed({ transfers: [{ accountId: '0.0.5', amount: 1 }] }, { hbarTransfers: ['1 ℏ'] }), 's'), 1);
      expect(entry.input).to.deep.equal({ transfers: [{ accountId: '0.0.5', amount: 1 }] });
      const keys = Object.keys(entry);
      expect(keys.indexOf('input')).to.equal(keys.indexOf('paramsKind') + 1);
      expect(auditEntryProblems(entry)).to.deep.equal([]);
    });

    it('redacts keys in it and bounds it like raw params', () => {
      const key = PrivateKey.generateED25519();
      const entry = executedEntry(executed({ privateKey: key.toStringDer(), memo: 'x'.repeat(500) }, { memo: 'x' }), 's');
      const input = entry.input as Record<string, string>;
      expect(input.privateKey).to.equal('[REDACTED]');
      expect(input.memo).to.match(/^x{100}…\[400 more characters\]$/);
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

  describe('when an entry was written before the field existed', () => {
    it('is still valid', () => {
      const { input: _dropped, ...old } = sequenced(executedEntry(executed({ a: 1 }, { a: '1' }), 's'), 1);
      expect(old).to.not.have.property('input');
      expect(auditEntryProblems(old)).to.deep.equal([]);
    });
  });
});
