import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import sinon from 'sinon';
import { AUDIT_ENTRY_TYPE, type AuditEntry } from '../../../../src/audit/entries/audit-entry.js';
import { packBatches } from '../../../../src/audit/delivery/batch-packer.js';
import { decodeAuditMessage, joinParts } from '../../../../src/audit/codecs/hcs-message-codec.js';

const STREAM = '6f1c2a4e-0d7b-4c1e-9a35-2f8e4b7d9c10';

function entry(seq: number, note = ''): AuditEntry {
  return {
    type: AUDIT_ENTRY_TYPE, version: 1, id: `id-${seq}`, seq, session: '0.0.2', timestamp: new Date(0).toISOString(),
    tool: 'transfer_hbar_tool', outcome: 'executed', stage: 'postToolExecution', params: { note }, paramsKind: 'normalised',
    transactionId: `0.0.2@1.${seq}`, status: 'SUCCESS',
  };
}

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

describe('packBatches', () => {
  describe('when entries are small', () => {
    it('packs consecutive entries into single messages of at most 1024 bytes, each naming its stream and seq range', () => {
      const entries = Array.from({ length: 20 }, (_, at) => entry(at + 1));
      const batches = packBatches(entries, STREAM);
      expect(batches.length).to.be.lessThan(entries.length);
      expect(batches.flatMap((batch) => batch.entries)).to.deep.equal(entries.map((item) => item.id));
      let next = 1;
      for (const batch of batches) {
        expect(batch.messages).to.have.length(1);
        expect(bytes(batch.messages[0]!)).to.be.at.most(1024);
        const decoded = decodeAuditMessage(batch.messages[0]!);
        if (decoded.kind !== 'entries') throw new Error(`expected entries, got ${decoded.kind}`);
        expect(decoded.batch).to.deep.equal({ stream: STREAM, first: next, last: next + batch.entries.length - 1 });
        expect(decoded.entries).to.deep.equal(entries.slice(next - 1, next - 1 + batch.entries.length));
        next += batch.entries.length;
      }
    });

    it('marks every batch but the last full, and the last one not, so a publisher can wait for more', () => {
      const batches = packBatches(Array.from({ length: 60 }, (_, at) => entry(at + 1, randomBytes(12).toString('hex'))), STREAM);
      expect(batches.length).to.be.greaterThan(1);
      expect(batches.slice(0, -1).every((batch) => batch.full)).to.equal(true);
      expect(batches[batches.length - 1]!.full).to.equal(false);
    });

    it('proposes at most `limit` batches, the last of them full when entries were left over', () => {
      const entries = Array.from({ length: 60 }, (_, at) => entry(at + 1, randomBytes(12).toString('hex')));
      const [first, ...rest] = packBatches(entries, STREAM, 1);
      expect(rest).to.deep.equal([]);
      expect(first!.full).to.equal(true);
      expect(first!.entries).to.deep.equal(packBatches(entries, STREAM)[0]!.entries);
    });
  });

  describe('when many entries are waiting', () => {
    it('compresses them, so one message carries more entries than a plain one could', () => {
      const entries = Array.from({ length: 40 }, (_, at) => entry(at + 1, `invoice ${at}`));
      const plainFit = Math.floor(1024 / bytes(JSON.stringify(entries[0])));
      const [first] = packBatches(entries, STREAM);
      expect(first!.entries.length).to.be.greaterThan(plainFit);
      expect(JSON.parse(first!.messages[0]!)).to.have.property('z');
    });
  });

  describe('when a pile of typical transfer entries waits, as with many callers', () => {
    const transfer = (seq: number): AuditEntry => ({
      ...entry(seq),
      id: randomUUID(),
      timestamp: new Date(1_767_261_600_000 + seq * 7).toISOString(),
      params: { to: '0.0.1001', tinybars: 1, memo: `invoice ${seq * 37}` },
      paramsKind: 'input',
      transactionId: `0.0.2@${1_767_261_600 + seq}.${String(seq * 12_345).padStart(9, '0')}`,
    });
    afterEach(() => sinon.restore());

    it('finds how many fit with about one compression per message, starting from what entries usually compress to', () => {
      const compressions = sinon.spy(zlib, 'brotliCompressSync');
      for (const waiting of [12, 32, 200]) {
        const entries = Array.from({ length: waiting }, (_, at) => transfer(at + 1));
        compressions.resetHistory();
        const batches = packBatches(entries, STREAM);
        expect(batches.flatMap((batch) => batch.entries)).to.deep.equal(entries.map((item) => item.id));
        for (const batch of batches) expect(bytes(batch.messages[0]!)).to.be.at.most(1024);
        // Each compression of a message-sized batch is most of what packing costs; climbing from a few entries took three or four.
        expect(compressions.callCount, `${compressions.callCount} compressions for ${batches.length} messages of ${waiting} entries`).to.be.at.most(1.6 * batches.length + 1);
        // As many to a message as a full search finds: eleven or twelve of these.
        for (const batch of batches.slice(0, -1)) expect(batch.entries.length).to.be.at.least(11);
      }
    });
  });

  describe('when an entry is larger than a message', () => {
    it('sends it alone, split into parts of at most 1024 bytes that join back to it in any order', () => {
      const big = entry(7, randomBytes(4000).toString('hex'));
      const [batch, after] = packBatches([big, entry(8)], STREAM);
      expect(batch!.entries).to.deep.equal([big.id]);
      expect(batch!.full).to.equal(true);
      expect(after!.entries).to.deep.equal(['id-8']);
      expect(batch!.messages.length).to.be.greaterThan(2);
      const parts = batch!.messages.map((message) => {
        expect(bytes(message)).to.be.at.most(1024);
        const decoded = decodeAuditMessage(message);
        if (decoded.kind !== 'part') throw new Error('expected a part');
        expect(decoded.batch).to.deep.equal({ stream: STREAM, first: 7, last: 7 });
        return decoded;
      });
      expect(joinParts(parts.reverse()).entries).to.deep.equal([big]);
    });

    it('reports a missing part in plain words', () => {
      const [batch] = packBatches([entry(1, randomBytes(3000).toString('hex'))], STREAM);
      const parts = batch!.messages.map((message) => decodeAuditMessage(message) as { i: number; n: number; data: string });
      expect(joinParts(parts.slice(1)).problem).to.equal(`part 0 of ${parts.length} is missing`);
    });
  });
});
