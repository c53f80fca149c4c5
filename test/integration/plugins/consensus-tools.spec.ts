import { expect } from 'chai';
import { PrivateKey, TopicCreateTransaction, TopicDeleteTransaction, TopicInfoQuery, TopicMessageSubmitTransaction, TopicUpdateTransaction } from '@hiero-ledger/sdk';
import { AgentMode, decodeReturnedBytes, startCoreWorld, succeeded, type Actor, type CoreWorld } from './core-plugins-world.js';

describe('core-consensus tools on the devnet', () => {
  let world: CoreWorld;

  before(async () => { world = await startCoreWorld(); });
  after(async () => { await world.close(); });

  async function messagesOf(topicId: string): Promise<string[]> {
    const { messages } = await world.mirror.getTopicMessages(topicId, { limit: 100 });
    return messages.map((message) => Buffer.from(message.message, 'base64').toString('utf8'));
  }

  describe('when creating a topic and posting to it (AUTONOMOUS)', () => {
    it("creates a public topic administered by the agent's key", async () => {
      const result = await world.kit.execute('create_topic_tool', { topicMemo: 'public board' });
      const raw = succeeded(result);
      expect(raw.topicId).to.match(/^0\.0\.\d+$/);
      expect(result.humanMessage).to.contain(`Created a public topic: ${String(raw.topicId)}`);
      const topic = await world.mirror.getTopic(String(raw.topicId));
      expect(topic.memo).to.equal('public board');
      expect(topic.admin_key?.key).to.equal(world.net.operatorKey.publicKey.toStringRaw());
      expect(topic.submit_key).to.equal(null);
    });

    it('posts messages that the mirror then lists in order, with sequence numbers', async () => {
      const topicId = String(succeeded(await world.kit.execute('create_topic_tool', {})).topicId);
      const first = succeeded(await world.kit.execute('submit_topic_message_tool', { topicId, message: 'hello' }));
      const second = await world.kit.execute('submit_topic_message_tool', { topicId, message: 'wörld ✓' });
      expect(first.topicSequenceNumber).to.equal('1');
      expect(succeeded(second).topicSequenceNumber).to.equal('2');
      expect(second.humanMessage).to.contain('as message #2');
      expect(await messagesOf(topicId)).to.deep.equal(['hello', 'wörld ✓']);
    });

    it('sends a message longer than one chunk as several chunks the mirror reassembles in order', async () => {
      const topicId = String(succeeded(await world.kit.execute('create_topic_tool', {})).topicId);
      const long = 'x'.repeat(1500);
      succeeded(await world.kit.execute('submit_topic_message_tool', { topicId, message: long }));
      expect((await messagesOf(topicId)).join('')).to.equal(long);
    });

    it('enforces the submit key: only the agent may post to a topic created with isSubmitKey', async () => {
      const topicId = String(succeeded(await world.kit.execute('create_topic_tool', { isSubmitKey: true })).topicId);
      const outsider: Actor = await world.actor(5);
      const refused = await outsider.kit.execute('submit_topic_message_tool', { topicId, message: 'let me in' });
      expect(refused.raw.status).to.equal('ERROR');
      expect(refused.raw.errorCode).to.equal('INVALID_SIGNATURE');
      succeeded(await world.kit.execute('submit_topic_message_tool', { topicId, message: 'from the agent' }));
      expect(await messagesOf(topicId)).to.deep.equal(['from the agent']);
    });
  });

  describe('when updating and deleting a topic (AUTONOMOUS)', () => {
    it('changes memo, submit key and auto-renew period', async () => {
      const topicId = String(succeeded(await world.kit.execute('create_topic_tool', { topicMemo: 'old' })).topicId);
      const newKey = PrivateKey.generateED25519().publicKey;
      const result = await world.kit.execute('update_topic_tool', { topicId, topicMemo: 'new', submitKey: newKey.toStringDer(), autoRenewPeriod: 7_000_000 });
      succeeded(result);
      expect(result.humanMessage).to.contain(`Updated topicMemo, submitKey, autoRenewPeriod of topic ${topicId}`);
      const info = await new TopicInfoQuery().setTopicId(topicId).execute(world.client);
      expect(info.topicMemo).to.equal('new');
      expect(info.submitKey?.toString()).to.equal(newKey.toString());
      expect(info.autoRenewPeriod?.seconds.toNumber()).to.equal(7_000_000);
    });

    it('deletes a topic so it takes no more messages', async () => {
      const topicId = String(succeeded(await world.kit.execute('create_topic_tool', {})).topicId);
      succeeded(await world.kit.execute('delete_topic_tool', { topicId }));
      expect((await world.mirror.getTopic(topicId)).deleted).to.equal(true);
      const late = await world.kit.execute('submit_topic_message_tool', { topicId, message: 'too late' });
      expect(late.raw.errorCode).to.equal('INVALID_TOPIC_ID');
    });

    it('reports the Hedera status for an unknown topic', async () => {
      const result = await world.kit.execute('submit_topic_message_tool', { topicId: '0.0.999999', message: 'anyone?' });
      expect(result.raw.status).to.equal('ERROR');
      expect(result.raw.errorCode).to.equal('INVALID_TOPIC_ID');
      expect(result.humanMessage).to.contain('INVALID_TOPIC_ID');
    });
  });

  describe('when the mode is RETURN_BYTES', () => {
    let payer: Actor;
    let kit: Awaited<ReturnType<CoreWorld['kitWith']>>;
    let topicId: string;

    before(async () => {
      payer = await world.actor(20);
      kit = await world.kitWith({ mode: AgentMode.RETURN_BYTES, accountId: payer.accountId });
      topicId = String(succeeded(await world.kit.execute('create_topic_tool', {})).topicId);
    });

    it("returns a topic creation with the payer's mirror-read key as admin and submit key", async () => {
      const tx = await decodeReturnedBytes(world, await kit.execute('create_topic_tool', { isSubmitKey: true, topicMemo: 'wallet' }), TopicCreateTransaction, payer.accountId);
      expect(tx.adminKey?.toString()).to.equal(payer.privateKey.publicKey.toString());
      expect(tx.submitKey?.toString()).to.equal(payer.privateKey.publicKey.toString());
      expect(tx.topicMemo).to.equal('wallet');
    });

    it('returns topic updates and deletions', async () => {
      const update = await decodeReturnedBytes(world, await kit.execute('update_topic_tool', { topicId, topicMemo: 'renamed' }), TopicUpdateTransaction, payer.accountId);
      expect(update.topicId?.toString()).to.equal(topicId);
      expect(update.topicMemo).to.equal('renamed');
      const del = await decodeReturnedBytes(world, await kit.execute('delete_topic_tool', { topicId }), TopicDeleteTransaction, payer.accountId);
      expect(del.topicId?.toString()).to.equal(topicId);
    });

    it('returns a message submission and posts nothing', async () => {
      const tx = await decodeReturnedBytes(world, await kit.execute('submit_topic_message_tool', { topicId, message: 'signed later' }), TopicMessageSubmitTransaction, payer.accountId);
      expect(tx.topicId?.toString()).to.equal(topicId);
      expect(Buffer.from(tx.message!).toString()).to.equal('signed later');
      expect(await messagesOf(topicId)).to.deep.equal([]);
    });
  });
});
