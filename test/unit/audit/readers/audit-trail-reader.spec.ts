import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { AUDIT_ENTRY_TYPE, type AuditEntry } from '../../../../src/audit/entries/audit-entry.js';
import { bySeq, readAuditMessages, streamGaps } from '../../../../src/audit/readers/audit-trail-reader.js';
import { packBatches } from '../../../../src/audit/delivery/batch-packer.js';
import { entriesMessage } from '../../../../src/audit/codecs/hcs-message-codec.js';

function entry(seq: number, note = ''): AuditEntry {
  return {
    type: AUDIT_ENTRY_TYPE, version: 1, id: `id-${seq}`, seq, session: '0.0.2', timestamp: new Date(0).toISOString(),
    tool: 'transfer_hbar_tool', outcome: 'executed', stage: 'postToolExecution', params: { note }, paramsKind: 'normalised', status: 'SUCCESS',
  };
}

const asTopic = (texts: readonly string[]) => texts.map((text, at) => ({ sequenceNumber: at + 1, text }));

describe('readAuditMessages', () => {
  describe('when batches reach the topic out of seq order, one of them split into parts', () => {
    it('splits every batch into its entries and bySeq restores the journal order', () => {
      const entries = [entry(1), entry(2), entry(3, randomBytes(2000).toString('hex')), entry(4), entry(5)];
      const messages = packBatches(entries, 'stream-a').flatMap((batch) => batch.messages);
      expect(messages.length).to.be.greaterThan(3);
      const shuffled = [...messages.slice(-1), ...messages.slice(1, -1).reverse(), messages[0]!];
      const { found, problems } = readAuditMessages(asTopic(shuffled));
      expect(problems).to.deep.equal([]);
      expect(bySeq(found).map((item) => (item.entry as AuditEntry).seq)).to.deep.equal([1, 2, 3, 4, 5]);
      expect(streamGaps(found)).to.deep.equal([]);
    });
  });

  describe('when a batch carries other seqs than its header names', () => {
    it('says which it names and which it carries', () => {
      const text = entriesMessage({ stream: 'stream-a', first: 1, last: 3 }, [entry(1), entry(3)]);
      const { found, problems } = readAuditMessages(asTopic([text]));
      expect(found).to.have.length(2);
      expect(problems).to.deep.equal(['The batch in message #1 names seq 1-3 of stream stream-a, but carries seq 1, 3.']);
    });
  });

  describe('when a batch between two others never arrived', () => {
    it('reports the missing seqs per stream, and not the seqs before a stream\'s first batch', () => {
      const texts = [
        entriesMessage({ stream: 'a', first: 3, last: 4 }, [entry(3), entry(4)]),
        entriesMessage({ stream: 'a', first: 8, last: 8 }, [entry(8)]),
        entriesMessage({ stream: 'b', first: 1, last: 2 }, [entry(1), entry(2)]),
      ];
      expect(streamGaps(readAuditMessages(asTopic(texts)).found)).to.deep.equal([{ stream: 'a', first: 5, last: 7 }]);
    });
  });

  describe('when parts of a batch are missing', () => {
    it('reports the batch as incomplete', () => {
      const [batch] = packBatches([entry(1, randomBytes(3000).toString('hex'))], 'stream-a');
      const { found, problems } = readAuditMessages(asTopic(batch!.messages.slice(1)));
      expect(found).to.deep.equal([]);
      expect(problems).to.deep.equal([`Batch stream-a seq 1-1 is incomplete on the topic: ${batch!.messages.length - 1} of ${batch!.messages.length} parts.`]);
    });
  });
});
