import { expect } from 'chai';
import { startAdversarialWorld, refusedBeforeBuild, tinybarsOf, type AdversarialWorld } from './adversarial-world.js';

/**
 * JSON can carry half of a UTF-16 surrogate pair ("\ud800"). UTF-8 has no encoding for it, so the
 * SDK writes U+FFFD instead: the memo or message on the ledger would silently differ from the input.
 */
describe('adversarial text with lone surrogates', () => {
  let world: AdversarialWorld;
  let topicId: string;
  let nftId: string;

  before(async () => {
    world = await startAdversarialWorld();
    topicId = String((await world.kit.execute('create_topic_tool', {})).raw.topicId);
    nftId = String((await world.kit.execute('create_non_fungible_token_tool', { tokenName: 'Tiles', tokenSymbol: 'TIL' })).raw.tokenId);
  });
  after(async () => { await world.close(); });

  describe('when memos, names or messages hold a lone surrogate', () => {
    it('refuses each naming the field, and the ledger sees nothing', async () => {
      const recipient = (await world.net.createAccount({ hbar: 0 })).accountId;
      const before = await tinybarsOf(world.client, world.net.operatorId);
      const probes: [string, Record<string, unknown>, string][] = [
        ['transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 1 }], transactionMemo: 'rent \ud800 paid' }, 'transactionMemo'],
        ['create_account_tool', { accountMemo: 'x\udc00' }, 'accountMemo'],
        ['create_topic_tool', { topicMemo: '\udbff' }, 'topicMemo'],
        ['create_fungible_token_tool', { tokenName: 'Gold \ud83d', tokenSymbol: 'GLD' }, 'tokenName'],
        ['submit_topic_message_tool', { topicId, message: 'half an emoji: \ude00' }, 'message'],
        ['mint_non_fungible_token_tool', { tokenId: nftId, uris: ['ipfs://ok', 'ipfs://\ud800'] }, 'uris[1]'],
      ];
      for (const [tool, args, field] of probes) {
        const issues = refusedBeforeBuild(await world.kit.execute(tool, args), field);
        expect(issues.join(' ')).to.match(/surrogate/);
      }
      expect(await tinybarsOf(world.client, world.net.operatorId)).to.equal(before);
    });

    it('still takes whole surrogate pairs (emoji) as they are', async () => {
      const result = await world.kit.execute('submit_topic_message_tool', { topicId, message: 'done \ud83d\ude00', transactionMemo: '\ud83d\ude80' });
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
    });
  });
});
