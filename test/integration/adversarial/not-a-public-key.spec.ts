import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import { isEd25519Point } from '../../../src/authoring/ed25519-point.js';
import { startAdversarialWorld, refusedBeforeBuild, tinybarsOf, type AdversarialWorld } from './adversarial-world.js';

/**
 * A raw ED25519 private key is 32 bytes, the same length as a raw public key. Accepted as a key,
 * it would create an account (or topic key) nobody can ever sign for: its HBAR would be locked for
 * good. About half of all 32-byte strings are not points on the curve, this one among them.
 */
const RAW_PRIVATE_NOT_ON_CURVE = '686dfa63e07f652b0e20b5ce2b4f658ef454ff9090d3c9fd3cd927a374e1fb10';

describe('adversarial keys that cannot be public keys', () => {
  let world: AdversarialWorld;

  before(async () => { world = await startAdversarialWorld(); });
  after(async () => { await world.close(); });

  describe('when 32 bytes that are no curve point come as a publicKey', () => {
    it('create_account_tool refuses them naming publicKey, and nothing is charged', async () => {
      const before = await tinybarsOf(world.client, world.net.operatorId);
      for (const publicKey of [RAW_PRIVATE_NOT_ON_CURVE, `0x${RAW_PRIVATE_NOT_ON_CURVE.toUpperCase()}`, `302a300506032b6570032100${RAW_PRIVATE_NOT_ON_CURVE}`]) {
        const issues = refusedBeforeBuild(await world.kit.execute('create_account_tool', { publicKey, initialBalance: 5 }), 'publicKey');
        expect(issues.join(' ')).to.match(/not a valid ED25519 public key/);
        expect(issues.join(' ')).to.not.contain(RAW_PRIVATE_NOT_ON_CURVE);
      }
      expect(await tinybarsOf(world.client, world.net.operatorId)).to.equal(before);
    });

    it('update_topic_tool refuses them as a submit key', async () => {
      const topic = await world.kit.execute('create_topic_tool', {});
      refusedBeforeBuild(await world.kit.execute('update_topic_tool', { topicId: topic.raw.topicId, submitKey: RAW_PRIVATE_NOT_ON_CURVE }), 'submitKey');
    });
  });

  describe('when a real public key comes raw or in DER', () => {
    it('creates the account with it', async () => {
      const key = PrivateKey.generateED25519();
      for (const publicKey of [key.publicKey.toStringRaw(), key.publicKey.toStringDer()]) {
        const result = await world.kit.execute('create_account_tool', { publicKey });
        expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      }
    });
  });

  describe("when the agent's own private key comes raw as a public key", () => {
    /** A key whose raw private bytes happen to be a curve point, so only knowing whose key it is can refuse it. */
    function operatorKeyOnCurve(generate: () => PrivateKey): PrivateKey {
      for (;;) {
        const key = generate();
        if (isEd25519Point(key.toBytesRaw())) return key;
      }
    }

    for (const [kind, generate] of [['ED25519', () => PrivateKey.generateED25519()], ['ECDSA', () => PrivateKey.generateECDSA()]] as const) {
      it(`refuses an ${kind} operator's key in create_account_tool and update_topic_tool, so it never reaches the ledger`, async () => {
        const operatorKey = operatorKeyOnCurve(generate);
        const own = await startAdversarialWorld({ operatorKey });
        try {
          const before = await tinybarsOf(own.client, own.net.operatorId);
          for (const publicKey of [operatorKey.toStringRaw(), ` 0x${operatorKey.toStringRaw()}`]) {
            const issues = refusedBeforeBuild(await own.kit.execute('create_account_tool', { publicKey, initialBalance: 1 }), 'publicKey');
            expect(issues.join(' ')).to.match(/PRIVATE key of the agent's own account/);
          }
          expect(await tinybarsOf(own.client, own.net.operatorId)).to.equal(before);
          const topic = await own.kit.execute('create_topic_tool', {});
          refusedBeforeBuild(await own.kit.execute('update_topic_tool', { topicId: topic.raw.topicId, adminKey: operatorKey.toStringRaw() }), 'adminKey');
        } finally {
          await own.close();
        }
      });
    }
  });
});
