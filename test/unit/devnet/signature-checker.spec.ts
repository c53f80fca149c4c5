import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import type { proto } from '@hiero-ledger/proto';
import { SignatureChecker } from '../../../src/devnet/ledger/signature-checker.js';

const body = Buffer.from('transaction body bytes');
const ed = PrivateKey.generateED25519();
const ecdsa = PrivateKey.generateECDSA();
const other = PrivateKey.generateED25519();

function pair(key: PrivateKey, prefixLength?: number, message: Uint8Array = body): proto.ISignaturePair {
  const raw = key.publicKey.toBytesRaw();
  const signature = key.sign(message);
  const prefix = raw.subarray(0, prefixLength ?? raw.length);
  return key.type === 'ED25519' ? { pubKeyPrefix: prefix, ed25519: signature } : { pubKeyPrefix: prefix, ECDSASecp256k1: signature };
}

const protoKey = (key: PrivateKey): proto.IKey => key.publicKey._toProtobufKey();

describe('SignatureChecker', () => {
  describe('when checking simple keys', () => {
    it('accepts ED25519 and ECDSA signatures over the body bytes', () => {
      const checker = new SignatureChecker(body, [pair(ed), pair(ecdsa)]);
      expect(checker.isSatisfied(protoKey(ed))).to.equal(true);
      expect(checker.isSatisfied(protoKey(ecdsa))).to.equal(true);
      expect(checker.isSatisfied(protoKey(other))).to.equal(false);
    });

    it('rejects a signature over other bytes and an absent key', () => {
      const checker = new SignatureChecker(body, [pair(ed, undefined, Buffer.from('something else'))]);
      expect(checker.isSatisfied(protoKey(ed))).to.equal(false);
      expect(checker.isSatisfied(undefined)).to.equal(false);
    });

    it('matches short prefixes, and an empty prefix only when it is the sole signature', () => {
      expect(new SignatureChecker(body, [pair(ed, 4)]).isSatisfied(protoKey(ed))).to.equal(true);
      expect(new SignatureChecker(body, [pair(ed, 0)]).isSatisfied(protoKey(ed))).to.equal(true);
      expect(new SignatureChecker(body, [pair(ed, 0), pair(other)]).isSatisfied(protoKey(ed))).to.equal(false);
    });
  });

  describe('when checking key lists and threshold keys', () => {
    it('needs every member of a list and `threshold` members of a threshold key', () => {
      const checker = new SignatureChecker(body, [pair(ed), pair(ecdsa)]);
      const keys = [protoKey(ed), protoKey(ecdsa), protoKey(other)];
      expect(checker.isSatisfied({ keyList: { keys: keys.slice(0, 2) } })).to.equal(true);
      expect(checker.isSatisfied({ keyList: { keys } })).to.equal(false);
      expect(checker.isSatisfied({ keyList: { keys: [] } })).to.equal(false);
      expect(checker.isSatisfied({ thresholdKey: { threshold: 2, keys: { keys } } })).to.equal(true);
      expect(checker.isSatisfied({ thresholdKey: { threshold: 3, keys: { keys } } })).to.equal(false);
    });
  });

  describe('when prepared ahead, off the main thread', () => {
    it('gives the same verdicts as checking on demand, for intact, corrupted, short-prefix and missing signatures', async () => {
      const tampered = pair(other);
      tampered.ed25519 = Uint8Array.from(tampered.ed25519!);
      tampered.ed25519[3] ^= 0x01;
      const pairs = [pair(ed), pair(ecdsa), tampered, pair(PrivateKey.generateED25519(), 6)];
      const keys = [protoKey(ed), protoKey(ecdsa), protoKey(other), protoKey(PrivateKey.generateED25519()), { thresholdKey: { threshold: 2, keys: { keys: [protoKey(ed), protoKey(other)] } } }];
      const prepared = await SignatureChecker.prepare(body, pairs);
      const onDemand = new SignatureChecker(body, pairs);
      expect(keys.map((key) => prepared.isSatisfied(key))).to.deep.equal(keys.map((key) => onDemand.isSatisfied(key)));
      expect(keys.map((key) => prepared.isSatisfied(key))).to.deep.equal([true, true, false, false, false]);
    });
  });
});
