import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import { operatorSigner } from '../../../src/devnet/operator-signer.js';

const messages = [new Uint8Array(), Buffer.from('transaction body bytes'), Buffer.alloc(5000, 7)];

describe('operatorSigner', () => {
  for (const [type, generate] of [['ED25519', () => PrivateKey.generateED25519()], ['ECDSA(secp256k1)', () => PrivateKey.generateECDSA()]] as const) {
    describe(`when the operator key is ${type}`, () => {
      it('gives exactly the signature bytes the SDK key gives, which its public key verifies', async () => {
        const key = generate();
        const sign = operatorSigner(key);
        for (const message of messages) {
          const signature = await sign(message);
          expect(Buffer.from(signature).toString('hex')).to.equal(Buffer.from(key.sign(message)).toString('hex'));
          expect(key.publicKey.verify(message, signature)).to.equal(true);
        }
      });
    });
  }
});
