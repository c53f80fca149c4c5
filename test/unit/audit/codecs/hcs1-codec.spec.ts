import { expect } from 'chai';
import { createHash, randomBytes } from 'node:crypto';
import { decodeHcs1File, encodeHcs1File } from '../../../../src/audit/codecs/hcs1-codec.js';

describe('encodeHcs1File', () => {
  describe('when the file needs more than 1000 chunks', () => {
    it('keeps every serialized chunk within the limit, even with four-digit indices', () => {
      // A 100-byte limit reaches four-digit indices with a small file; the room for `c` is computed the same way at 1024.
      const content = randomBytes(70_000).toString('base64');
      const { memo, chunks } = encodeHcs1File(content, 'text/plain', 100);
      expect(chunks.length).to.be.greaterThan(1000);
      for (const chunk of chunks) expect(Buffer.byteLength(chunk)).to.be.at.most(100);
      expect(Buffer.byteLength(chunks[chunks.length - 1]!)).to.be.greaterThan(0);
      expect(memo).to.equal(`${createHash('sha256').update(content).digest('hex')}:brotli:base64`);
      expect(JSON.parse(chunks[0]!).c).to.match(/^data:text\/plain;base64,/);
      expect(JSON.parse(chunks[1]!).c).not.to.match(/^data:/);
      expect(decodeHcs1File(memo, [...chunks].reverse()).content).to.equal(content);
    });
  });

  describe('when the file is written at the network limit', () => {
    it('fills chunks up to exactly 1024 bytes', () => {
      const { chunks } = encodeHcs1File(randomBytes(5000).toString('hex'), 'application/json');
      expect(Buffer.byteLength(chunks[0]!)).to.equal(1024);
    });
  });

  describe('when the chunks were tampered with', () => {
    it('reports the problem', () => {
      const { memo, chunks } = encodeHcs1File(JSON.stringify({ a: 'b'.repeat(5000), r: randomBytes(2000).toString('hex') }), 'application/json');
      expect(decodeHcs1File(memo, chunks.slice(1)).problem).to.equal('chunk 0 is missing');
      expect(decodeHcs1File(memo, [...chunks, chunks[0]!]).problem).to.equal('chunk 0 appears more than once');
      expect(decodeHcs1File(`${'0'.repeat(64)}:brotli:base64`, chunks).problem).to.equal('its content does not match the hash in its memo');
      expect(decodeHcs1File('nope', chunks).problem).to.contain('is not <sha256>:brotli:base64');
    });
  });
});
