import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { nextRunningHash } from '../../../src/devnet/ledger/running-hash.js';

describe('nextRunningHash in the concatenated layout', () => {
  const base = { previous: new Uint8Array(48), payerNum: 2, topicNum: 1001, consensusNs: 1_700_000_000_123_456_789n, sequenceNumber: 1n, message: Buffer.from('hi') };

  describe('when hashing a message', () => {
    it('hashes the documented big-endian layout with SHA-384', () => {
      const layout = Buffer.alloc(48 + 8 * 8 + 4 + 8);
      let offset = 48;
      for (const value of [3n, 0n, 0n, 2n, 0n, 0n, 1001n, 1_700_000_000n]) { layout.writeBigUInt64BE(value, offset); offset += 8; }
      layout.writeUInt32BE(123_456_789, offset); offset += 4;
      layout.writeBigUInt64BE(1n, offset);
      const expected = createHash('sha384').update(Buffer.concat([layout, createHash('sha384').update('hi').digest()])).digest();
      expect(Buffer.from(nextRunningHash(base, 'concatenated')).equals(expected)).to.equal(true);
    });

    it('changes with every input', () => {
      const reference = Buffer.from(nextRunningHash(base, 'concatenated')).toString('hex');
      const variants = [
        { ...base, previous: new Uint8Array(48).fill(1) }, { ...base, payerNum: 3 }, { ...base, topicNum: 1002 },
        { ...base, consensusNs: base.consensusNs + 1n }, { ...base, sequenceNumber: 2n }, { ...base, message: Buffer.from('ho') },
      ];
      for (const variant of variants) expect(Buffer.from(nextRunningHash(variant, 'concatenated')).toString('hex')).to.not.equal(reference);
    });
  });
});

describe('nextRunningHash in the java-serialized layout', () => {
  describe('when hashing the same input as Hedera services', () => {
    it('matches a vector produced by Java ObjectOutputStream with the services field order', () => {
      // Generated once with OpenJDK 17: ObjectOutputStream writing writeObject(prev), writeLong×9 + writeInt
      // in the services order, writeObject(sha384("hi")), for payer 0.0.2, topic 0.0.1001, 1700000000.123456789, seq 1.
      const javaVector = '8ff014f6890f3e6852065e33e489a973dab1c6cb82008695fb5d3decf334eafbbf8180445cd30b6dcc16d08ee5d107f2';
      const input = { previous: new Uint8Array(48), payerNum: 2, topicNum: 1001, consensusNs: 1_700_000_000_123_456_789n, sequenceNumber: 1n, message: Buffer.from('hi') };
      expect(Buffer.from(nextRunningHash(input, 'java-serialized')).toString('hex')).to.equal(javaVector);
      expect(Buffer.from(nextRunningHash(input, 'concatenated')).toString('hex')).to.not.equal(javaVector);
    });
  });
});
