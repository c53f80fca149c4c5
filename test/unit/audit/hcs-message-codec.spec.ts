import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { AUDIT_ENTRY_TYPE, type AuditEntry } from '../../../src/audit/audit-entry.js';
import { decodeAuditMessage, joinParts, packEntries } from '../../../src/audit/hcs-message-codec.js';

function entry(seq: number, note = ''): AuditEntry {
  return {
    type: AUDIT_ENTRY_TYPE, version: 1, id: `id-${seq}`, seq, session: '0.0.2', timestamp: new Date(0).toISOString(),
    tool: 'transfer_hbar_tool', outcome: 'executed', stage: 'postToolExecution', params: { note }, paramsKind: 'normalised',
    transactionId: `0.0.2@1.${seq}`, status: 'SUCCESS',
  };
}

describe('packEntries', () => {
  describe('when entries are small', () => {
    it('puts consecutive entries into shared messages of at most 1024 bytes, in order', () => {
      const entries = Array.from({ length: 20 }, (_, at) => entry(at + 1));
      const groups = packEntries(entries);
      expect(groups.length).to.be.lessThan(entries.length);
      expect(groups.flatMap((group) => group.entries)).to.deep.equal(entries.map((item) => item.id));
      for (const group of groups) {
        expect(group.messages).to.have.length(1);
        expect(Buffer.byteLength(group.messages[0]!)).to.be.at.most(1024);
        const decoded = decodeAuditMessage(group.messages[0]!);
        expect(decoded.kind).to.equal('entries');
      }
    });
  });

  describe('when many entries are waiting', () => {
    it('compresses them so one message carries more entries than a plain one could', () => {
      const entries = Array.from({ length: 40 }, (_, at) => entry(at + 1, `invoice ${at}`));
      const plainFit = packEntries(entries.slice(0, 1)).length && Math.floor(1024 / Buffer.byteLength(JSON.stringify(entries[0])));
      const groups = packEntries(entries);
      expect(groups[0]!.entries.length).to.be.greaterThan(plainFit);
      expect(JSON.parse(groups[0]!.messages[0]!)).to.have.property('z');
      const decoded = groups.flatMap((group) => {
        expect(Buffer.byteLength(group.messages[0]!)).to.be.at.most(1024);
        const message = decodeAuditMessage(group.messages[0]!);
        return message.kind === 'entries' ? message.entries : [];
      });
      expect(decoded).to.deep.equal(entries);
    });

    it('reports compressed data that does not decode', () => {
      expect(decodeAuditMessage('{"p":"hedera-agent-hooks/audit","v":1,"z":"AAAA"}')).to.deep.equal({
        kind: 'foreign',
        problem: 'is a compressed audit message whose data does not decode to a list of entries',
      });
    });
  });

  describe('when an entry is larger than a message', () => {
    it('splits it into parts of at most 1024 bytes that join back to the entry', () => {
      const big = entry(1, randomBytes(4000).toString('hex'));
      const [group] = packEntries([big]);
      expect(group!.messages.length).to.be.greaterThan(5);
      const parts = group!.messages.map((message) => {
        expect(Buffer.byteLength(message)).to.be.at.most(1024);
        const decoded = decodeAuditMessage(message);
        if (decoded.kind !== 'part') throw new Error('expected a part');
        return decoded;
      });
      expect(joinParts(parts.reverse()).entry).to.deep.equal(big);
    });

    it('reports a missing part in plain words', () => {
      const [group] = packEntries([entry(1, 'y'.repeat(3000))]);
      const parts = group!.messages.map((message) => decodeAuditMessage(message) as { i: number; n: number; data: string });
      expect(joinParts(parts.slice(1)).problem).to.equal(`part 0 of ${parts.length} is missing`);
    });
  });

  describe('when a message is not ours', () => {
    it('says why', () => {
      expect(decodeAuditMessage('hello')).to.deep.equal({ kind: 'foreign', problem: 'is not JSON' });
      expect(decodeAuditMessage('{"p":"other"}').kind).to.equal('foreign');
    });
  });
});
