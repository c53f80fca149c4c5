import { expect } from 'chai';
import { AccountId, Hbar, PrivateKey } from '@hiero-ledger/sdk';
import { REDACTED, auditParams } from '../../../../src/audit/entries/redact.js';

describe('auditParams', () => {
  const key = PrivateKey.generateED25519();

  describe('when params hold SDK values', () => {
    it('renders them as their string forms', () => {
      expect(auditParams({ to: AccountId.fromString('0.0.5'), amount: new Hbar(2), count: 3n, at: new Date(0) })).to.deep.equal({
        to: '0.0.5',
        amount: new Hbar(2).toString(),
        count: '3',
        at: '1970-01-01T00:00:00.000Z',
      });
    });
  });

  describe('when params hold private keys', () => {
    it('redacts PrivateKey objects, secret-named fields, DER private keys anywhere and raw hex under key names', () => {
      const rendered = auditParams({
        adminKey: key,
        nested: [{ operatorPrivateKey: 'anything' }],
        note: key.toStringDer(),
        ecdsa: PrivateKey.generateECDSA().toStringDer(),
        submitKey: key.toStringRaw(),
        mnemonic: 'a b c',
      });
      expect(rendered).to.deep.equal({ adminKey: REDACTED, nested: [{ operatorPrivateKey: REDACTED }], note: REDACTED, ecdsa: REDACTED, submitKey: REDACTED, mnemonic: REDACTED });
      expect(JSON.stringify(rendered)).not.to.contain(key.toStringRaw());
    });

    it('keeps public keys, which identify but do not sign', () => {
      expect(auditParams({ adminKey: key.publicKey })).to.deep.equal({ adminKey: key.publicKey.toString() });
    });
  });

  describe('when params hold odd values', () => {
    it('drops functions, stops cycles and hides class internals', () => {
      class Opaque {
        secretish = 1;
      }
      const cyclic: Record<string, unknown> = { name: 'x' };
      cyclic.self = cyclic;
      expect(auditParams({ fn: () => 1, cyclic, opaque: new Opaque(), n: Number.NaN })).to.deep.equal({
        cyclic: { name: 'x', self: '[UNRENDERABLE]' },
        opaque: '[Opaque]',
        n: 'NaN',
      });
    });
  });
});
