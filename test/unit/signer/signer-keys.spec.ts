import { expect } from 'chai';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { PrivateKey, PublicKey, TransferTransaction, Hbar } from '@hiero-ledger/sdk';
import { keyFromPkcs11 } from '../../../src/signer/keys/pkcs11-key.js';
import { keyFromEnv, keyFromFile } from '../../../src/signer/keys/text-key.js';
import type { SigningKey } from '../../../src/signer/keys/signing-key.js';
import { bodyOf } from '../../support/signing-bodies.js';
import { makeTestToken, softHsmMissing, SOFTHSM_MODULE, type TestToken } from '../../support/softhsm-token.js';

/** Fresh transfer bodies, as the SDK hands them to a signer. */
function bodies(count: number): Uint8Array[] {
  return Array.from({ length: count }, (_, at) => bodyOf(new TransferTransaction().addHbarTransfer('0.0.1001', Hbar.fromTinybars(-(at + 1))).addHbarTransfer('0.0.1002', Hbar.fromTinybars(at + 1))));
}

async function expectVerifies(key: SigningKey, count: number): Promise<void> {
  for (const body of bodies(count)) {
    const signature = await key.sign(body);
    expect(signature.length, 'signature length').to.equal(64);
    expect(key.publicKey.verify(body, signature), 'the SDK verifies the signature with the public key').to.equal(true);
  }
}

describe('signer key sources', () => {
  describe('PKCS#11 (SoftHSM2)', function () {
    this.timeout(60_000);
    let token: TestToken;
    before(function () {
      const missing = softHsmMissing();
      if (missing) {
        process.stdout.write(`      (skipped: ${missing})\n`);
        this.skip();
      }
      token = makeTestToken();
    });
    after(() => token?.remove());

    const open = (label: string): Promise<SigningKey> => keyFromPkcs11({ module: SOFTHSM_MODULE, token: token.label, label, pin: token.pin });

    it('an imported Ed25519 key signs with CKM_EDDSA and reads back the public key of the PEM', async () => {
      const key = await open(token.keys.edImported);
      try {
        expect(key.type).to.equal('ED25519');
        const expected = PublicKey.fromBytesED25519(createPublicKey(token.pems.ed).export({ type: 'spki', format: 'der' }));
        expect(key.publicKey.toStringRaw()).to.equal(expected.toStringRaw());
        await expectVerifies(key, 5);
      } finally {
        await key.close();
      }
    });

    it('an Ed25519 key generated in the token (DER-wrapped point) signs', async () => {
      const key = await open(token.keys.edGenerated);
      try {
        expect(key.type).to.equal('ED25519');
        await expectVerifies(key, 5);
      } finally {
        await key.close();
      }
    });

    it('an imported secp256k1 key signs keccak-256 with CKM_ECDSA, every S made low (40 bodies: about half come back high)', async () => {
      const key = await open(token.keys.k1Imported);
      try {
        expect(key.type).to.equal('ECDSA_SECP256K1');
        const expected = PublicKey.fromBytesECDSA(createPublicKey(token.pems.k1).export({ type: 'spki', format: 'der' }));
        expect(key.publicKey.toStringRaw()).to.equal(expected.toStringRaw());
        await expectVerifies(key, 40);
      } finally {
        await key.close();
      }
    });

    it('a secp256k1 key generated in the token (uncompressed point) signs', async () => {
      const key = await open(token.keys.k1Generated);
      try {
        expect(key.type).to.equal('ECDSA_SECP256K1');
        await expectVerifies(key, 10);
      } finally {
        await key.close();
      }
    });

    it('concurrent signatures on one session all verify', async () => {
      const key = await open(token.keys.k1Imported);
      try {
        const all = bodies(20);
        const signatures = await Promise.all(all.map((body) => key.sign(body)));
        signatures.forEach((signature, at) => expect(key.publicKey.verify(all[at]!, signature)).to.equal(true));
      } finally {
        await key.close();
      }
    });

    it('a wrong PIN, an unknown token or label are refused with what to check, never quoting the PIN', async () => {
      const wrongPin = await keyFromPkcs11({ module: SOFTHSM_MODULE, token: token.label, label: token.keys.edImported, pin: '999999' }).then(() => undefined, (error: Error) => error);
      expect(wrongPin?.message).to.match(/logging in .* failed .*check the user PIN/);
      expect(wrongPin?.message).not.to.include('999999');
      const noToken = await keyFromPkcs11({ module: SOFTHSM_MODULE, token: 'nope', label: 'x', pin: token.pin }).then(() => undefined, (error: Error) => error);
      expect(noToken?.message).to.match(/no PKCS#11 token is labelled "nope"/);
      const noKey = await keyFromPkcs11({ module: SOFTHSM_MODULE, token: token.label, label: 'missing', pin: token.pin }).then(() => undefined, (error: Error) => error);
      expect(noKey?.message).to.match(/no private key with that label/);
    });
  });

  describe('key file and environment', () => {
    let dir: string;
    beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'signer-key-'))));
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('a key file the group or others can read is refused, saying so, without reading the key', async () => {
      const key = PrivateKey.generateED25519();
      const file = path.join(dir, 'key');
      writeFileSync(file, key.toStringDer());
      chmodSync(file, 0o644);
      const error = await keyFromFile(file).then(() => undefined, (thrown: Error) => thrown);
      expect(error?.message).to.match(/can be read or written by others than its owner \(mode 644\).*chmod 600/);
      expect(error?.message).not.to.include(key.toStringDer());
      chmodSync(file, 0o640);
      expect((await keyFromFile(file).then(() => undefined, (thrown: Error) => thrown))?.message).to.include('mode 640');
    });

    it('an owner-only key file signs, ED25519 and ECDSA alike', async () => {
      for (const key of [PrivateKey.generateED25519(), PrivateKey.generateECDSA()]) {
        const file = path.join(dir, `key-${key.type}`);
        writeFileSync(file, key.toStringDer(), { mode: 0o600 });
        const signer = await keyFromFile(file);
        expect(signer.publicKey.toStringRaw()).to.equal(key.publicKey.toStringRaw());
        await expectVerifies(signer, 3);
      }
    });

    it('a PEM key file signs, as OpenSSL and Node write it (PKCS#8 or SEC1, ED25519 or secp256k1) and as the SDK writes its DER', async () => {
      const pems: [string, string, string][] = [];
      for (const [label, pair] of [
        ['ed25519 pkcs8', generateKeyPairSync('ed25519')],
        ['secp256k1 pkcs8', generateKeyPairSync('ec', { namedCurve: 'secp256k1' })],
        ['secp256k1 sec1', generateKeyPairSync('ec', { namedCurve: 'secp256k1' })],
      ] as const) {
        const type = label.endsWith('sec1') ? 'sec1' : 'pkcs8';
        const publicDer = pair.publicKey.export({ type: 'spki', format: 'der' });
        const expected = label.startsWith('ed') ? PublicKey.fromBytesED25519(publicDer) : PublicKey.fromBytesECDSA(publicDer);
        pems.push([label, pair.privateKey.export({ type, format: 'pem' }) as string, expected.toStringRaw()]);
      }
      for (const key of [PrivateKey.generateED25519(), PrivateKey.generateECDSA()]) {
        const base64 = Buffer.from(key.toStringDer(), 'hex').toString('base64');
        pems.push([`the SDK's ${key.type} DER`, `-----BEGIN PRIVATE KEY-----\n${base64}\n-----END PRIVATE KEY-----\n`, key.publicKey.toStringRaw()]);
      }
      for (const [label, pem, publicRaw] of pems) {
        const file = path.join(dir, label.replace(/\W+/g, '-'));
        writeFileSync(file, pem, { mode: 0o600 });
        const signer = await keyFromFile(file).catch((error: Error) => expect.fail(`${label}: ${error.message}`));
        expect(signer.publicKey.toStringRaw(), label).to.equal(publicRaw);
        await expectVerifies(signer, 2);
      }
      const p256 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
      writeFileSync(path.join(dir, 'p256'), p256, { mode: 0o600 });
      const refused = await keyFromFile(path.join(dir, 'p256')).then(() => undefined, (error: Error) => error);
      expect(refused?.message, 'a curve no Hedera account uses').to.match(/does not hold a private key this signer reads/);
    });

    it('an environment key signs; a raw hex key without its curve, or a missing variable, is refused without echoing it', async () => {
      const key = PrivateKey.generateECDSA();
      const fromEnv = await keyFromEnv({ SIGNER_KEY: `0x${key.toStringRaw()}` }, 'SIGNER_KEY');
      expect(fromEnv.type).to.equal('ECDSA_SECP256K1');
      await expectVerifies(fromEnv, 3);
      const raw = await keyFromEnv({ SIGNER_KEY: key.toStringRaw() }, 'SIGNER_KEY').then(() => undefined, (error: Error) => error);
      expect(raw?.message).to.match(/environment variable SIGNER_KEY does not hold a private key .*key type given/);
      expect(raw?.message).not.to.include(key.toStringRaw());
      expect((await keyFromEnv({}, 'SIGNER_KEY').then(() => undefined, (error: Error) => error))?.message).to.match(/SIGNER_KEY is not set/);
    });

    it('nothing of the key shows in the signer key object as JSON or inspected', async () => {
      const { inspect } = await import('node:util');
      const key = PrivateKey.generateED25519();
      const signer = await keyFromEnv({ K: key.toStringDer() }, 'K');
      const shown = `${JSON.stringify(signer)} ${inspect(signer, { depth: 5 })}`;
      expect(shown).not.to.include(key.toStringRaw());
      expect(shown).not.to.include(key.toStringDer());
    });
  });
});
