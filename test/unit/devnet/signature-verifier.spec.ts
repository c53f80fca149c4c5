import { createPublicKey, verify } from 'node:crypto';
import { expect } from 'chai';
import fc from 'fast-check';
import { Long, PrivateKey, PublicKey } from '@hiero-ledger/sdk';
import type { proto } from '@hiero-ledger/proto';
import { verifySimpleKeySignature } from '../../../src/devnet/ledger/signature-verifier.js';

const body = Buffer.from('transaction body bytes');
const protoKey = (key: PrivateKey | PublicKey): proto.IKey => ('publicKey' in key ? key.publicKey : key)._toProtobufKey();

/** What the devnet used to answer for every signature: the SDK's own verdict. */
function sdkVerdict(publicKey: PublicKey, message: Uint8Array, signature: Uint8Array): boolean {
  try {
    return publicKey.verify(message, signature);
  } catch {
    return false;
  }
}

/**
 * An Ed25519 public key with a component of order 8 (A = aB + T) and a signature over MESSAGE made with
 * `a` whose challenge k is not a multiple of 8. The cofactored check the SDK runs ([8]R + [8][k]A =
 * [8][s]B) holds; OpenSSL's strict check (R + [k]A = [s]B) does not. Made once with noble-curves from
 * a random scalar and the torsion point ED25519_TORSION_SUBGROUP[1].
 */
const MIXED_ORDER = {
  publicKey: '91d015bcc5d66ca919e6c87b88a75292945fc414df1bf144da88d6f3701b3512',
  signature: 'aafcc8404f05d47c3a0b1cb44ba373191e1d65812f2109b0b637af25ff8f3dac0e76c172a186cf23b4b2634284130ea8f5bb17a1a094994c23c6c9e106611409',
  message: Buffer.from('devnet mixed-order key test vector'),
};

describe('verifySimpleKeySignature', () => {
  describe('when the key is ED25519', () => {
    it('gives the SDK verdict for intact, tampered, truncated and foreign signatures', () => {
      fc.assert(fc.property(fc.uint8Array({ minLength: 0, maxLength: 300 }), fc.nat(63), fc.integer({ min: 1, max: 255 }), (message, at, flip) => {
        const key = PrivateKey.generateED25519();
        const signature = key.sign(message);
        const tampered = Uint8Array.from(signature);
        tampered[at] ^= flip;
        const candidates = [signature, tampered, signature.subarray(0, 63), new Uint8Array(), PrivateKey.generateED25519().sign(message)];
        for (const candidate of candidates) {
          expect(verifySimpleKeySignature(protoKey(key), message, candidate)).to.equal(sdkVerdict(key.publicKey, message, candidate));
        }
        expect(verifySimpleKeySignature(protoKey(key), message, signature)).to.equal(true);
        expect(verifySimpleKeySignature(protoKey(key), message, tampered)).to.equal(false);
      }), { numRuns: 40 });
    });

    it('accepts, as the SDK does, a signature that only the cofactored check accepts', () => {
      const publicKey = PublicKey.fromBytesED25519(Buffer.from(MIXED_ORDER.publicKey, 'hex'));
      const signature = Buffer.from(MIXED_ORDER.signature, 'hex');
      const spki = createPublicKey({ key: Buffer.from(`302a300506032b6570032100${MIXED_ORDER.publicKey}`, 'hex'), format: 'der', type: 'spki' });
      // The vector is only meaningful while OpenSSL refuses it and the SDK takes it.
      expect(verify(null, MIXED_ORDER.message, spki, signature)).to.equal(false);
      expect(sdkVerdict(publicKey, MIXED_ORDER.message, signature)).to.equal(true);
      expect(verifySimpleKeySignature(protoKey(publicKey), MIXED_ORDER.message, signature)).to.equal(true);
      expect(verifySimpleKeySignature(protoKey(publicKey), Buffer.from('other bytes'), signature)).to.equal(false);
    });

    it('refuses, without throwing, signatures for key bytes that are not a curve point', () => {
      const notAPoint: proto.IKey = { ed25519: Buffer.alloc(32, 0xff) };
      expect(verifySimpleKeySignature(notAPoint, body, PrivateKey.generateED25519().sign(body))).to.equal(false);
      expect(verifySimpleKeySignature(notAPoint, body, new Uint8Array(64))).to.equal(false);
    });
  });

  describe('when the key is ECDSA(secp256k1)', () => {
    it('accepts the signature over keccak-256 of the body, in 64- and 65-byte form, and refuses a tampered one', () => {
      const key = PrivateKey.generateECDSA();
      const signature = key.sign(body);
      const tampered = Uint8Array.from(signature);
      tampered[40] ^= 0x01;
      expect(verifySimpleKeySignature(protoKey(key), body, signature)).to.equal(true);
      expect(verifySimpleKeySignature(protoKey(key), body, Uint8Array.from([...signature, 1]))).to.equal(sdkVerdict(key.publicKey, body, Uint8Array.from([...signature, 1])));
      expect(verifySimpleKeySignature(protoKey(key), body, tampered)).to.equal(false);
      expect(verifySimpleKeySignature(protoKey(key), Buffer.from('other bytes'), signature)).to.equal(false);
      expect(verifySimpleKeySignature(protoKey(key), body, new Uint8Array(3))).to.equal(false);
    });
  });

  describe('when the key cannot sign', () => {
    it('refuses contract keys and keys of the wrong length', () => {
      const ed = PrivateKey.generateED25519();
      expect(verifySimpleKeySignature({ contractID: { contractNum: Long.fromNumber(5) } }, body, ed.sign(body))).to.equal(false);
      expect(verifySimpleKeySignature({ ed25519: ed.publicKey.toBytesRaw().subarray(0, 31) }, body, ed.sign(body))).to.equal(false);
    });
  });
});
