import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import { isEd25519Point } from '../../../src/authoring/ed25519-point.js';

describe('isEd25519Point', () => {
  describe('when given real ED25519 public keys', () => {
    it('accepts every one', () => {
      for (let round = 0; round < 50; round++) expect(isEd25519Point(PrivateKey.generateED25519().publicKey.toBytesRaw())).to.equal(true);
    });
  });

  describe('when given bytes that are no point', () => {
    it('refuses a known non-point, y at or above the field prime, and wrong lengths', () => {
      expect(isEd25519Point(Buffer.from('686dfa63e07f652b0e20b5ce2b4f658ef454ff9090d3c9fd3cd927a374e1fb10', 'hex'))).to.equal(false);
      expect(isEd25519Point(Buffer.from(`${'ff'.repeat(31)}7f`, 'hex'))).to.equal(false);
      expect(isEd25519Point(new Uint8Array(31))).to.equal(false);
    });

    it('treats the identity (y = 1) as a point, but not with the sign bit of x set, as x is 0', () => {
      const identity = new Uint8Array(32);
      identity[0] = 1;
      expect(isEd25519Point(identity)).to.equal(true);
      identity[31] = 0x80;
      expect(isEd25519Point(identity)).to.equal(false);
    });
  });
});
