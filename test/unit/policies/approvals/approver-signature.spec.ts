import { PrivateKey } from '@hiero-ledger/sdk';
import { expect } from 'chai';
import { approvalRequestDigest, checkApprovalSignature, publicKeyIdentity, signApproval } from '../../../../src/policies/approvals/index.js';
import { sampleRecord } from '../../../support/approval-store-contract.js';

describe('approver signatures', () => {
  const request = { ...sampleRecord({ id: 'req-1', createdAt: 1, expiresAt: 1_700_000_000_000 }) };

  describe('approvalRequestDigest', () => {
    it('is SHA-256 hex of the documented encoding, and changes with anything it binds', () => {
      const digest = approvalRequestDigest(request);
      expect(digest).to.match(/^[0-9a-f]{64}$/);
      expect(approvalRequestDigest({ ...request, summary: 'another rendering' } as typeof request)).to.equal(digest);
      expect(approvalRequestDigest({ ...request, expiresAt: request.expiresAt + 1 })).not.to.equal(digest);
      expect(approvalRequestDigest({ ...request, call: { ...request.call, inputDigest: 'sha256:y' } })).not.to.equal(digest);
      expect(approvalRequestDigest({ ...request, movements: null })).not.to.equal(digest);
      expect(approvalRequestDigest({ ...request, preview: { digest: 'sha384:ab' } })).not.to.equal(digest);
    });

    it('binds who pays and who asked: an approval signed for one operator and session does not verify for another', () => {
      const paid = { ...request, payer: '0.0.2', agent: 'agent-a' };
      const alice = PrivateKey.generateED25519();
      const signed = signApproval(paid, alice);
      expect(checkApprovalSignature(approvalRequestDigest(paid), signed.signature, signed.publicKey).ok).to.equal(true);
      expect(checkApprovalSignature(approvalRequestDigest({ ...paid, payer: '0.0.1001' }), signed.signature, signed.publicKey).ok, 'another payer').to.equal(false);
      expect(checkApprovalSignature(approvalRequestDigest({ ...paid, agent: 'agent-b' }), signed.signature, signed.publicKey).ok, 'another session').to.equal(false);
      expect(approvalRequestDigest({ ...request }), 'a request without them digests as before').to.equal(approvalRequestDigest({ ...request, payer: undefined, agent: undefined }));
    });
  });

  describe('signApproval', () => {
    for (const [name, make] of [['ED25519', () => PrivateKey.generateED25519()], ['ECDSA_SECP256K1', () => PrivateKey.generateECDSA()]] as const) {
      it(`signs the digest with an ${name} key (instance or DER text) so checkApprovalSignature verifies it`, () => {
        const key = make();
        for (const given of [key, key.toStringDer()]) {
          const signed = signApproval(request, given);
          expect(signed).to.include({ algorithm: name, publicKey: key.publicKey.toStringDer(), digest: approvalRequestDigest(request) });
          expect(JSON.stringify(signed)).not.to.contain(key.toStringRaw());
          expect(checkApprovalSignature(signed.digest, signed.signature, signed.publicKey)).to.include({ ok: true, algorithm: name });
          expect(checkApprovalSignature(approvalRequestDigest({ ...request, id: 'req-2' }), signed.signature, signed.publicKey).ok).to.equal(false);
        }
      });
    }

    it('refuses a public key or text that is no key, without quoting it', () => {
      const key = PrivateKey.generateED25519();
      expect(() => signApproval(request, key.publicKey as unknown as PrivateKey)).to.throw(/a public key cannot sign/);
      let message = '';
      try {
        signApproval(request, 'not-a-key-secret');
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).to.match(/not an ED25519 or ECDSA secp256k1 private key/).and.not.contain('not-a-key-secret');
    });
  });

  describe('publicKeyIdentity', () => {
    it('tells the two algorithms apart by their DER, and names are no keys', () => {
      expect(publicKeyIdentity(PrivateKey.generateECDSA().publicKey.toStringDer())?.algorithm).to.equal('ECDSA_SECP256K1');
      expect(publicKeyIdentity(PrivateKey.generateED25519().publicKey.toStringRaw())?.algorithm).to.equal('ED25519');
      expect(publicKeyIdentity('alice')).to.equal(undefined);
    });
  });
});
