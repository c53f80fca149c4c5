import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import { InvalidParamsError } from '../../../src/errors/index.js';
import { refuseOwnKeyMaterial } from '../../../src/secrets/input-screen.js';
import { KeyRedactor } from '../../../src/secrets/key-redactor.js';

describe('refuseOwnKeyMaterial', () => {
  const key = PrivateKey.generateECDSA();
  const redactor = new KeyRedactor();
  redactor.protectKey(key);
  const refusal = (input: unknown): InvalidParamsError => {
    try {
      refuseOwnKeyMaterial('some_tool', input, redactor);
    } catch (error) {
      return error as InvalidParamsError;
    }
    throw new Error('the input was not refused');
  };

  describe('when a field holds (part of) the key', () => {
    it('names each field by its path and never repeats the value', () => {
      const hex = key.toStringRaw();
      const error = refusal({ memo: 'ok', transfers: [{ accountId: '0.0.5', note: `0x${hex.slice(0, 32)}` }], message: hex.slice(32) });
      expect(error).to.be.instanceOf(InvalidParamsError);
      expect(error.issues.map((issue) => issue.split(':')[0])).to.deep.equal(['transfers[0].note', 'message']);
      expect(error.issues[0]).to.match(/must not contain a private key: it holds \(part of\) the PRIVATE key of the agent's own account/);
      expect(error.message.toLowerCase()).to.not.contain(hex.slice(0, 16));
    });

    it('refuses a parameter name that holds it without showing the name', () => {
      const error = refusal({ data: { [key.toStringRaw()]: 1 } });
      expect(error.issues).to.have.length(1);
      expect(error.issues[0]).to.match(/^data: a parameter name here must not contain a private key/);
      expect(error.message).to.not.contain(key.toStringRaw());
    });
  });

  describe('when no field holds it', () => {
    it('lets the input through, public key and all', () => {
      expect(() => refuseOwnKeyMaterial('some_tool', { publicKey: key.publicKey.toStringDer(), memo: 'hello', amount: 5 }, redactor)).to.not.throw();
    });
  });
});
