import { expect } from 'chai';
import fc from 'fast-check';
import { Client, Hbar, PrivateKey } from '@hiero-ledger/sdk';
import { KeyRedactor } from '../../../src/secrets/key-redactor.js';
import { REDACTED } from '../../../src/values/private-key-patterns.js';
import { KEY_KINDS, generateKey, keyText, leakedPieces, ordinaryText, publicForms, splitInTwo, WHOLE_ENCODINGS } from '../../support/key-encodings.js';

function clientWith(key: PrivateKey): Client {
  const client = Client.forNetwork({ '127.0.0.1:9': '0.0.3' }, { scheduleNetworkUpdate: false });
  client.setOperator('0.0.2', key);
  return client;
}

describe('KeyRedactor', () => {
  for (const kind of KEY_KINDS) {
    describe(`when it was given an ${kind} key's bytes`, () => {
      const key = generateKey(kind);
      const redactor = new KeyRedactor();
      redactor.protectKey(key);

      it('cuts every encoding, piece and position of it, and says it holds one', () => {
        fc.assert(fc.property(keyText(key, { pieces: true }), (sent) => {
          expect(redactor.holdsOwnKey(sent.placed), `${sent.encoding} (${sent.position})`).to.equal(true);
          const out = redactor.redact(sent.placed);
          expect(leakedPieces(out, sent, key), `${sent.encoding} (${sent.position})`).to.deep.equal([]);
          expect(out).to.contain(REDACTED);
        }), { numRuns: 300 });
      });

      it('finds both halves of a key split in two', () => {
        for (const name of Object.keys(WHOLE_ENCODINGS)) {
          const [first, second] = splitInTwo(WHOLE_ENCODINGS[name]!(key));
          expect(redactor.holdsOwnKey(first), `${name}, first half`).to.equal(true);
          expect(redactor.holdsOwnKey(second), `${name}, second half`).to.equal(true);
        }
      });

      it('leaves ordinary text alone, its own public key included', () => {
        const publicKeys = [...publicForms(key), ...publicForms(generateKey('ED25519')), ...publicForms(generateKey('ECDSA'))];
        fc.assert(fc.property(ordinaryText(publicKeys), (text) => {
          expect(redactor.redact(text)).to.equal(text);
          expect(redactor.holdsKey(text)).to.equal(false);
        }), { numRuns: 300 });
      });

      it('does not take 15 hex or 11 base64 characters of it for a piece', () => {
        const hex = key.toStringRaw().slice(10, 25);
        const base64 = Buffer.from(key.toBytesRaw()).toString('base64').slice(10, 21);
        expect(redactor.redact(`serial ${hex} and ${base64}`)).to.equal(`serial ${hex} and ${base64}`);
      });
    });

    describe(`when it knows only a client with an ${kind} operator`, () => {
      const key = generateKey(kind);
      const client = clientWith(key);
      const redactor = new KeyRedactor();
      redactor.protectClient(client);
      after(() => client.close());

      it("recognises the operator's whole key, by its public key, in every encoding", () => {
        fc.assert(fc.property(keyText(key, { pieces: false }), (sent) => {
          expect(redactor.holdsOwnKey(sent.placed), `${sent.encoding} (${sent.position})`).to.equal(true);
          expect(leakedPieces(redactor.redact(sent.placed), sent, key)).to.deep.equal([]);
        }), { numRuns: 100 });
      });

      it("does not take another key, or the operator's public key, for it", () => {
        const other = generateKey(kind);
        expect(redactor.holdsOwnKey(other.toStringRaw())).to.equal(false);
        for (const text of publicForms(key)) expect(redactor.redact(text)).to.equal(text);
      });
    });
  }

  describe("when a text holds someone else's key", () => {
    const redactor = new KeyRedactor();

    it('cuts the forms that say they are a private key (DER hex or base64, PEM) but not raw 32 bytes, which a hash also is', () => {
      for (const key of KEY_KINDS.map(generateKey)) {
        const base64Der = Buffer.from(key.toBytesDer()).toString('base64');
        const pem = `-----BEGIN PRIVATE KEY-----\n${base64Der}\n-----END PRIVATE KEY-----`;
        for (const text of [key.toStringDer(), `0X${key.toStringDer().toUpperCase()}`, base64Der, Buffer.from(key.toBytesDer()).toString('base64url'), pem]) {
          expect(redactor.holdsKey(`a ${text} b`), text).to.equal(true);
          expect(redactor.redact(`a ${text} b`)).to.equal(`a ${REDACTED} b`);
        }
        expect(redactor.redact(key.toStringRaw())).to.equal(key.toStringRaw());
        expect(redactor.redactFailure(`got "${key.toStringRaw()}"`)).to.equal(`got "${REDACTED}"`);
      }
    });
  });

  describe('when a value is redacted', () => {
    const key = PrivateKey.generateED25519();
    const redactor = new KeyRedactor();
    redactor.protectKey(key);

    it('redacts strings and object keys at any depth, replaces PrivateKey objects, and keeps class instances', () => {
      const amount = new Hbar(1);
      const value = { a: [{ b: `x ${key.toStringRaw()}` }], [key.toStringRaw()]: 1, key, amount };
      const out = redactor.redactValue(value) as Record<string, unknown>;
      expect(JSON.stringify(out)).to.not.contain(key.toStringRaw());
      expect(out.key).to.equal(REDACTED);
      expect(out.amount).to.equal(amount);
      expect(Object.keys(out)).to.include(REDACTED);
    });

    it('returns the same object when nothing needed cutting', () => {
      const value = { raw: { status: 'SUCCESS', list: ['0.0.5'] }, humanMessage: 'ok' };
      expect(redactor.redactValue(value)).to.equal(value);
    });

    it('keeps "__proto__" a plain key of the copy', () => {
      const value = JSON.parse(`{"__proto__": {"polluted": "${key.toStringRaw()}"}}`);
      const out = redactor.redactValue(value) as Record<string, unknown>;
      expect(Object.getPrototypeOf(out)).to.equal(Object.prototype);
      expect(({} as { polluted?: unknown }).polluted).to.equal(undefined);
    });

    it('copies the keys in their order, the clean ones before and after the cut one included', () => {
      const value = { first: 1, humanMessage: 'ok', [`k${key.toStringRaw()}`]: 2, transactionId: '0.0.2@1.2', last: [3] };
      const out = redactor.redactValue(value) as Record<string, unknown>;
      expect(Object.keys(out)).to.deep.equal(['first', 'humanMessage', REDACTED, 'transactionId', 'last']);
      expect(Object.values(out)).to.deep.equal([1, 'ok', 2, '0.0.2@1.2', [3]]);
    });

    it('walks own keys only: an enumerable key on Object.prototype is neither copied nor a reason to copy', () => {
      const proto = Object.prototype as Record<string, unknown>;
      proto.inheritedNote = `leak ${key.toStringRaw()}`;
      try {
        const value = { raw: { status: 'SUCCESS' }, humanMessage: 'ok' };
        const out = redactor.redactValue(value);
        expect(out).to.equal(value);
        expect(Object.keys(redactor.redactValue({ memo: key.toStringRaw() }) as object)).to.deep.equal(['memo']);
      } finally {
        delete proto.inheritedNote;
      }
    });

    it('cuts an object key it passed before once that key becomes protected (remembered names are forgotten)', () => {
      const later = PrivateKey.generateED25519();
      const name = later.toStringRaw().slice(0, 20);
      const fresh = new KeyRedactor();
      expect(Object.keys(fresh.redactValue({ [name]: 1 }) as object)).to.deep.equal([name]);
      fresh.protectKey(later);
      expect(Object.keys(fresh.redactValue({ [name]: 1 }) as object)).to.deep.equal([REDACTED]);
    });

    it('renders log fields: an Error or SDK value as its text, redacted', () => {
      const fields = redactor.renderValue({ error: new Error(`bad ${key.toStringRaw()}`), amount: new Hbar(2) }) as Record<string, unknown>;
      expect(fields).to.deep.equal({ error: `Error: bad ${REDACTED}`, amount: '2 ℏ' });
    });
  });

  describe('when it is given something that is not a private key', () => {
    it('refuses it without echoing it', () => {
      const redactor = new KeyRedactor();
      const publicKey = PrivateKey.generateED25519().publicKey.toStringDer();
      expect(() => redactor.protectKey(publicKey, 'secretKeys[0]')).to.throw(/^secretKeys\[0\] is not a private key/);
      try { redactor.protectKey(publicKey, 'secretKeys[0]'); } catch (error) { expect((error as Error).message).to.not.contain(publicKey); }
      expect(() => redactor.protectKey(42, 'secretKeys[1]')).to.throw(/secretKeys\[1\]/);
    });
  });
});
