import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import { operatorFromEnv } from '../../../src/config/operator-from-env.js';

describe('operatorFromEnv', () => {
  describe('when both variables hold valid values', () => {
    it('returns the account and the DER key', () => {
      const key = PrivateKey.generateED25519();
      const { operator, problems } = operatorFromEnv({ HEDERA_OPERATOR_ID: '0.0.1234', HEDERA_OPERATOR_KEY: key.toStringDer() });
      expect(problems).to.deep.equal([]);
      expect(operator!.accountId.toString()).to.equal('0.0.1234');
      expect(operator!.privateKey.toStringDer()).to.equal(key.toStringDer());
    });

    it('reads a raw hex ECDSA key when the type says so', () => {
      const key = PrivateKey.generateECDSA();
      const { operator } = operatorFromEnv({ HEDERA_OPERATOR_ID: '0.0.5', HEDERA_OPERATOR_KEY: key.toStringRaw(), HEDERA_OPERATOR_KEY_TYPE: 'ecdsa' });
      expect(operator!.privateKey.publicKey.toStringRaw()).to.equal(key.publicKey.toStringRaw());
    });
  });

  describe('when they are missing or malformed', () => {
    it('names each variable and never repeats the key', () => {
      expect(operatorFromEnv({}).problems).to.deep.equal([
        "HEDERA_OPERATOR_ID: not set; set it to the operator's account ID, e.g. 0.0.1234",
        "HEDERA_OPERATOR_KEY: not set; set it to the operator's private key: DER-encoded hex, 0x-prefixed ECDSA hex, or raw hex with HEDERA_OPERATOR_KEY_TYPE=ed25519|ecdsa",
      ]);
      const { operator, problems } = operatorFromEnv({ HEDERA_OPERATOR_ID: 'alice', HEDERA_OPERATOR_KEY: 'deadbeefsecret' });
      expect(operator).to.equal(undefined);
      expect(problems[0]).to.equal('HEDERA_OPERATOR_ID: "alice" is not an account ID like 0.0.1234');
      expect(problems[1]).to.match(/^HEDERA_OPERATOR_KEY: not a private key/);
      expect(problems.join(' ')).to.not.contain('deadbeefsecret');
    });
  });
});
