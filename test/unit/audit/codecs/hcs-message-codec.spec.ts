import { expect } from 'chai';
import { AUDIT_ENTRY_TYPE, type AuditEntry } from '../../../../src/audit/entries/audit-entry.js';
import { compressEntries, decodeAuditMessage, entriesMessage, joinParts } from '../../../../src/audit/codecs/hcs-message-codec.js';

function entry(seq: number): AuditEntry {
  return {
    type: AUDIT_ENTRY_TYPE, version: 1, id: `id-${seq}`, seq, session: '0.0.2', timestamp: new Date(0).toISOString(),
    tool: 'transfer_hbar_tool', outcome: 'executed', stage: 'postToolExecution', params: {}, paramsKind: 'normalised', status: 'SUCCESS',
  };
}

describe('decodeAuditMessage', () => {
  describe('when the message is a version 2 batch', () => {
    it('returns its entries with the stream and seq range it names', () => {
      const text = entriesMessage({ stream: 's-1', first: 4, last: 5 }, [entry(4), entry(5)]);
      expect(text.startsWith('{"p":"hedera-agent-hooks/audit","v":2,"s":"s-1","seq":[4,5],"e":[')).to.equal(true);
      expect(decodeAuditMessage(text)).to.deep.equal({ kind: 'entries', entries: [entry(4), entry(5)], batch: { stream: 's-1', first: 4, last: 5 } });
    });

    it('refuses a header without a stream or with a seq range that runs backwards', () => {
      for (const header of ['"seq":[1,1]', '"s":"","seq":[1,1]', '"s":"x","seq":[3,2]', '"s":"x","seq":[0,1]', '"s":"x","seq":"1-2"']) {
        const decoded = decodeAuditMessage(`{"p":"hedera-agent-hooks/audit","v":2,${header},"e":[]}`);
        expect(decoded.kind, header).to.equal('foreign');
      }
    });

    it('reports compressed data that does not decode', () => {
      expect(decodeAuditMessage('{"p":"hedera-agent-hooks/audit","v":2,"s":"x","seq":[1,1],"z":"AAAA"}')).to.deep.equal({
        kind: 'foreign',
        problem: 'is a compressed audit message whose data does not decode to a list of entries',
      });
    });
  });

  describe('when the message was written by version 1', () => {
    it('still reads its entries, compressed entries and parts, without a batch header', () => {
      expect(decodeAuditMessage(JSON.stringify({ p: 'hedera-agent-hooks/audit', v: 1, e: [entry(1)] }))).to.deep.equal({ kind: 'entries', entries: [entry(1)] });
      expect(decodeAuditMessage(JSON.stringify({ p: 'hedera-agent-hooks/audit', v: 1, z: compressEntries([entry(2)]) }))).to.deep.equal({ kind: 'entries', entries: [entry(2)] });
      const data = Buffer.from(JSON.stringify(entry(3))).toString('base64');
      const parts = [data.slice(0, 10), data.slice(10)].map((d, i) => decodeAuditMessage(JSON.stringify({ p: 'hedera-agent-hooks/audit', v: 1, part: { id: 'id-3', i, n: 2, d } })));
      expect(parts.map((part) => part.kind)).to.deep.equal(['part', 'part']);
      expect(joinParts(parts as { i: number; n: number; data: string }[]).entries).to.deep.equal([entry(3)]);
    });
  });

  describe('when a message is not ours', () => {
    it('says why', () => {
      expect(decodeAuditMessage('hello')).to.deep.equal({ kind: 'foreign', problem: 'is not JSON' });
      expect(decodeAuditMessage('{"p":"other"}').kind).to.equal('foreign');
      expect(decodeAuditMessage('{"p":"hedera-agent-hooks/audit","v":3,"e":[]}')).to.deep.equal({ kind: 'foreign', problem: 'has message version 3; this reader knows 1 and 2' });
    });
  });
});
