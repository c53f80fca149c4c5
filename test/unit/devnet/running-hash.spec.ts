import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { nextRunningHash } from '../../../src/devnet/ledger/running-hash.js';

describe('nextRunningHash', () => {
  const base = { previous: new Uint8Array(48), payerNum: 2, topicNum: 1001, consensusNs: 1_700_000_000_123_456_789n, sequenceNumber: 1n, message: Buffer.from('hi') };

  describe('when hashing a message', () => {
    it('hashes the documented big-endian layout with SHA-384', () => {
      const layout = Buffer.alloc(48 + 8 * 8 + 4 + 8);
      let offset = 48;
      for (const value of [3n, 0n, 0n, 2n, 0n, 0n, 1001n, 1_700_000_000n]) { layout.writeBigUInt64BE(value, offset); offset += 8; }
      layout.writeUInt32BE(123_456_789, offset); offset += 4;
      layout.writeBigUInt64BE(1n, offset);
      const expected = createHash('sha384').update(Buffer.concat([layout, createHash('sha384').update('hi').digest()])).digest();
      expect(Buffer.from(nextRunningHash(base)).equals(expected)).to.equal(true);
    });

    it('changes with every input', () => {
      const reference = Buffer.from(nextRunningHash(base)).toString('hex');
      const variants = [
        { ...base, previous: new Uint8Array(48).fill(1) }, { ...base, payerNum: 3 }, { ...base, topicNum: 1002 },
        { ...base, consensusNs: base.consensusNs + 1n }, { ...base, sequenceNumber: 2n }, { ...base, message: Buffer.from('ho') },
      ];
      for (const variant of variants) expect(Buffer.from(nextRunningHash(variant)).toString('hex')).to.not.equal(reference);
    });
  });
});
