import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import { operatorFromEnv } from '../../../src/config/operator-from-env.js';

describe('operatorFromEnv and the key type', () => {
  const ecdsa = PrivateKey.generateECDSA();
  const rawHex = ecdsa.toStringRaw();

  describe('when the key is raw hex and no HEDERA_OPERATOR_KEY_TYPE says which curve', () => {
    it('refuses it and asks for the type, instead of guessing ED25519', () => {
      const { operator, problems } = operatorFromEnv({ HEDERA_OPERATOR_ID: '0.0.2', HEDERA_OPERATOR_KEY: rawHex });
      expect(operator).to.equal(undefined);
      expect(problems).to.have.length(1);
      expect(problems[0]).to.contain('HEDERA_OPERATOR_KEY_TYPE=ed25519|ecdsa');
      expect(problems[0]).to.not.contain(rawHex);
    });
  });

  describe('when HEDERA_OPERATOR_KEY_TYPE is neither ed25519 nor ecdsa', () => {
    it('names the variable and the accepted values', () => {
      const { operator, problems } = operatorFromEnv({ HEDERA_OPERATOR_ID: '0.0.2', HEDERA_OPERATOR_KEY: ecdsa.toStringDer(), HEDERA_OPERATOR_KEY_TYPE: 'rsa' });
      expect(operator).to.equal(undefined);
      expect(problems).to.deep.equal(['HEDERA_OPERATOR_KEY_TYPE: "rsa" is not a key type; use ed25519 or ecdsa (or leave it unset for a DER key)']);
    });
  });

  describe('when the raw hex key comes with its type', () => {
    it('reads the right key', () => {
      const { operator } = operatorFromEnv({ HEDERA_OPERATOR_ID: '0.0.2', HEDERA_OPERATOR_KEY: rawHex, HEDERA_OPERATOR_KEY_TYPE: 'ECDSA' });
      expect(operator!.privateKey.publicKey.toStringDer()).to.equal(ecdsa.publicKey.toStringDer());
    });
  });
});
