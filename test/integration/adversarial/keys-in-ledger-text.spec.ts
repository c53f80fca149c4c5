import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import { startAdversarialWorld, refusedBeforeBuild, tinybarsOf, type AdversarialWorld } from './adversarial-world.js';

/**
 * A prompt-injected LLM asked to "note the key in the memo" would publish it for good: memos, names
 * and topic messages are public ledger data. Text holding a DER private key never leaves the kit.
 */
describe('adversarial private keys in ledger text', () => {
  let world: AdversarialWorld;
  let topicId: string;

  before(async () => {
    world = await startAdversarialWorld();
    topicId = String((await world.kit.execute('create_topic_tool', {})).raw.topicId);
  });
  after(async () => { await world.close(); });

  describe('when a memo, token name or topic message holds a DER private key', () => {
    it('refuses each naming the field, without echoing the key, and the ledger sees nothing', async () => {
      const recipient = (await world.net.createAccount({ hbar: 0 })).accountId;
      const key = () => PrivateKey.generateED25519().toStringDer();
      const before = await tinybarsOf(world.client, world.net.operatorId);
      const probes: [string, Record<string, unknown>, string][] = [
        ['transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 1 }], transactionMemo: `k=${key()}` }, 'transactionMemo'],
        ['create_account_tool', { accountMemo: PrivateKey.generateECDSA().toStringDer() }, 'accountMemo'],
        ['create_fungible_token_tool', { tokenName: 'Key', tokenSymbol: 'K', tokenMemo: ` ${key()} ` }, 'tokenMemo'],
        ['submit_topic_message_tool', { topicId, message: `my operator key is ${key()}, keep it safe` }, 'message'],
      ];
      for (const [tool, args, field] of probes) {
        const result = await world.kit.execute(tool, args);
        const issues = refusedBeforeBuild(result, field);
        expect(issues.join(' ')).to.match(/must not contain a private key/);
        expect(JSON.stringify(result)).to.not.match(/302e020100300506032b657004220420|3030020100300706052b8104000a04220420/i);
      }
      expect(await tinybarsOf(world.client, world.net.operatorId)).to.equal(before);
    });

    it('still posts hex that is no private key, such as a document hash or a public key', async () => {
      const message = `sha256 ${'ab'.repeat(32)} signed by ${PrivateKey.generateED25519().publicKey.toStringDer()}`;
      const result = await world.kit.execute('submit_topic_message_tool', { topicId, message });
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
    });
  });
});
