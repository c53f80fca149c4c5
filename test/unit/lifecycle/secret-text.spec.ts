import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import { REDACTED, redactKeyMaterial, redactPrivateKeys } from '../../../src/lifecycle/secret-text.js';

describe('secret-text', () => {
  const ed = PrivateKey.generateED25519();
  const ec = PrivateKey.generateECDSA();

  describe('when a DER private key sits anywhere in a text', () => {
    it('replaces the key, padded, prefixed or embedded, and keeps the words around it', () => {
      expect(redactPrivateKeys(ed.toStringDer())).to.equal(REDACTED);
      expect(redactPrivateKeys(`  \n${ec.toStringDer()}\t`)).to.equal(`  \n${REDACTED}\t`);
      expect(redactPrivateKeys(`backup: 0X${ed.toStringDer().toUpperCase()}.`)).to.equal(`backup: ${REDACTED}.`);
      expect(redactPrivateKeys(`got "${ed.toStringDer()}" and "${ec.toStringDer()}"`)).to.equal(`got "${REDACTED}" and "${REDACTED}"`);
    });

    it('leaves public keys and longer hashes alone', () => {
      const text = `${ed.publicKey.toStringDer()} ${ec.publicKey.toStringDer()} ${'ab'.repeat(48)}`;
      expect(redactPrivateKeys(text)).to.equal(text);
    });
  });

  describe('when a failure text echoes bare 32-byte hex', () => {
    it('redactKeyMaterial replaces it, but not hex runs of other lengths', () => {
      const hash = 'cd'.repeat(48);
      expect(redactKeyMaterial(`amount: got "${ed.toStringRaw()}"; hash ${hash}`)).to.equal(`amount: got "${REDACTED}"; hash ${hash}`);
      expect(redactPrivateKeys(ed.toStringRaw())).to.equal(ed.toStringRaw());
    });
  });
});
