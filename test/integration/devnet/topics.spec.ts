import { createHash } from 'node:crypto';
import { expect } from 'chai';
import {
  PrivateKey, ReceiptStatusError, Status, TopicCreateTransaction, TopicDeleteTransaction, TopicInfoQuery, TopicMessageSubmitTransaction,
  TopicUpdateTransaction, type Client, type TransactionReceipt,
} from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';

/** Independent v3 running-hash computation, written from the receipt proto's description. */
function expectedRunningHash(previous: Uint8Array, payerNum: number, topicNum: number, consensusNs: bigint, sequence: number, message: Buffer): Buffer {
  const u64 = (v: bigint | number) => { const b = Buffer.alloc(8); b.writeBigUInt64BE(BigInt(v)); return b; };
  const nanos = Buffer.alloc(4);
  nanos.writeUInt32BE(Number(consensusNs % 1_000_000_000n));
  return createHash('sha384').update(Buffer.concat([
    previous, u64(3), u64(0), u64(0), u64(payerNum), u64(0), u64(0), u64(topicNum), u64(consensusNs / 1_000_000_000n), nanos, u64(sequence),
    createHash('sha384').update(message).digest(),
  ])).digest();
}

async function getJson(url: string): Promise<{ status: number; body: any }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

describe('devnet topics and the mirror topic routes', () => {
  let net: Devnet;
  let client: Client;

  before(async () => {
    // The concatenated layout, so the chain can be checked by the simple independent implementation
    // below; the services layout is checked against a Java-made vector in running-hash-format.spec.
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0, topicRunningHash: 'concatenated' });
    client = net.client();
  });
  after(async () => { await net.stop(); });

  async function createTopic(build: (tx: TopicCreateTransaction) => TopicCreateTransaction = (tx) => tx): Promise<string> {
    const receipt = await (await build(new TopicCreateTransaction()).execute(client)).getReceipt(client);
    return receipt.topicId!.toString();
  }

  async function submit(topicId: string, message: string | Buffer): Promise<TransactionReceipt> {
    return (await new TopicMessageSubmitTransaction().setTopicId(topicId).setMessage(message).execute(client)).getReceipt(client);
  }

  describe('when messages are submitted to an open topic', () => {
    it('numbers them from 1 and chains the v3 running hash', async () => {
      const topicId = await createTopic((tx) => tx.setTopicMemo('audit'));
      const r1 = await submit(topicId, 'first');
      const r2 = await submit(topicId, 'second');
      expect(r1.topicSequenceNumber!.toNumber()).to.equal(1);
      expect(r2.topicSequenceNumber!.toNumber()).to.equal(2);
      const { body } = await getJson(`${net.mirrorUrl}/api/v1/topics/${topicId}/messages`);
      const [m1, m2] = body.messages;
      const topicNum = Number(topicId.split('.')[2]);
      const ns = (ts: string) => BigInt(ts.replace('.', ''));
      const h1 = expectedRunningHash(new Uint8Array(48), 2, topicNum, ns(m1.consensus_timestamp), 1, Buffer.from('first'));
      const h2 = expectedRunningHash(h1, 2, topicNum, ns(m2.consensus_timestamp), 2, Buffer.from('second'));
      expect(Buffer.from(r1.topicRunningHash!).equals(h1)).to.equal(true);
      expect(Buffer.from(r2.topicRunningHash!).equals(h2)).to.equal(true);
    });

    it('reports the sequence number and running hash in TopicInfoQuery', async () => {
      const topicId = await createTopic((tx) => tx.setTopicMemo('info'));
      const receipt = await submit(topicId, 'x');
      const info = await new TopicInfoQuery().setTopicId(topicId).execute(client);
      expect(info.topicMemo).to.equal('info');
      expect(info.sequenceNumber.toNumber()).to.equal(1);
      expect(Buffer.from(info.runningHash).equals(Buffer.from(receipt.topicRunningHash!))).to.equal(true);
    });

    it('splits a long message into chunks with chunk info', async () => {
      const topicId = await createTopic();
      const message = Buffer.alloc(2500, 7);
      await (await new TopicMessageSubmitTransaction().setTopicId(topicId).setMessage(message).execute(client)).getReceipt(client);
      const { body } = await getJson(`${net.mirrorUrl}/api/v1/topics/${topicId}/messages`);
      expect(body.messages.map((m: any) => m.sequence_number)).to.deep.equal([1, 2, 3]);
      expect(body.messages.map((m: any) => m.chunk_info.number)).to.deep.equal([1, 2, 3]);
      expect(body.messages[2].chunk_info.total).to.equal(3);
      expect(body.messages[1].chunk_info.initial_transaction_id.account_id).to.equal('0.0.2');
      expect(Buffer.concat(body.messages.map((m: any) => Buffer.from(m.message, 'base64'))).equals(message)).to.equal(true);
    });
  });

  describe('when the topic has a submit key', () => {
    it('fails with INVALID_SIGNATURE unless the submit key signs', async () => {
      const submitKey = PrivateKey.generateED25519();
      const topicId = await createTopic((tx) => tx.setSubmitKey(submitKey.publicKey));
      const error = await submit(topicId, 'nope').catch((e: unknown) => e);
      expect(error).to.be.instanceOf(ReceiptStatusError);
      expect((error as ReceiptStatusError).status).to.equal(Status.InvalidSignature);
      const signed = await new TopicMessageSubmitTransaction().setTopicId(topicId).setMessage('yes').freezeWith(client).sign(submitKey);
      const receipt = await (await signed.execute(client)).getReceipt(client);
      expect(receipt.topicSequenceNumber!.toNumber()).to.equal(1);
    });
  });

  describe('when a message is larger than 1024 bytes in one transaction', () => {
    it('fails with MESSAGE_SIZE_TOO_LARGE', async () => {
      const topicId = await createTopic();
      const tx = new TopicMessageSubmitTransaction().setTopicId(topicId).setMessage(Buffer.alloc(1500, 1)).setChunkSize(2048);
      const error = await (await tx.execute(client)).getReceipt(client).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(ReceiptStatusError);
      expect((error as ReceiptStatusError).status).to.equal(Status.MessageSizeTooLarge);
    });
  });

  describe('when updating and deleting topics', () => {
    it('needs the admin key, and a topic without one is immutable', async () => {
      const adminKey = PrivateKey.generateED25519();
      const create = await new TopicCreateTransaction().setAdminKey(adminKey.publicKey).freezeWith(client).sign(adminKey);
      const topicId = (await (await create.execute(client)).getReceipt(client)).topicId!.toString();
      const unsigned = await new TopicUpdateTransaction().setTopicId(topicId).setTopicMemo('new').execute(client);
      expect(((await unsigned.getReceipt(client).catch((e: unknown) => e)) as ReceiptStatusError).status).to.equal(Status.InvalidSignature);
      const update = await new TopicUpdateTransaction().setTopicId(topicId).setTopicMemo('new').freezeWith(client).sign(adminKey);
      await (await update.execute(client)).getReceipt(client);
      expect((await new TopicInfoQuery().setTopicId(topicId).execute(client)).topicMemo).to.equal('new');
      const del = await new TopicDeleteTransaction().setTopicId(topicId).freezeWith(client).sign(adminKey);
      expect((await (await del.execute(client)).getReceipt(client)).status).to.equal(Status.Success);
      const after = await submit(topicId, 'late').catch((e: unknown) => e);
      expect((after as ReceiptStatusError).status).to.equal(Status.InvalidTopicId);
      const openTopic = await createTopic();
      const noAdmin = await new TopicDeleteTransaction().setTopicId(openTopic).execute(client);
      expect(((await noAdmin.getReceipt(client).catch((e: unknown) => e)) as ReceiptStatusError).status).to.equal(Status.Unauthorized);
    });

    it('rejects a creation whose admin key did not sign', async () => {
      const adminKey = PrivateKey.generateED25519();
      const response = await new TopicCreateTransaction().setAdminKey(adminKey.publicKey).execute(client);
      expect(((await response.getReceipt(client).catch((e: unknown) => e)) as ReceiptStatusError).status).to.equal(Status.InvalidSignature);
    });
  });

  describe('when reading topics from the mirror REST API', () => {
    let topicId: string;
    const receipts: TransactionReceipt[] = [];

    before(async () => {
      topicId = await createTopic((tx) => tx.setAdminKey(net.operatorKey.publicKey).setTopicMemo('mirror'));
      for (let i = 1; i <= 5; i++) receipts.push(await submit(topicId, `message ${i}`));
    });

    it('returns the same messages, sequence numbers and running hashes as the receipts', async () => {
      const { status, body } = await getJson(`${net.mirrorUrl}/api/v1/topics/${topicId}/messages`);
      expect(status).to.equal(200);
      expect(body.links.next).to.equal(null);
      expect(body.messages).to.have.length(5);
      body.messages.forEach((m: any, i: number) => {
        expect(m.topic_id).to.equal(topicId);
        expect(m.payer_account_id).to.equal('0.0.2');
        expect(Buffer.from(m.message, 'base64').toString()).to.equal(`message ${i + 1}`);
        expect(m.sequence_number).to.equal(receipts[i].topicSequenceNumber!.toNumber());
        expect(m.running_hash).to.equal(Buffer.from(receipts[i].topicRunningHash!).toString('base64'));
        expect(m.running_hash_version).to.equal(3);
        expect(m.consensus_timestamp).to.match(/^\d+\.\d{9}$/);
      });
    });

    it('pages with limit and links.next, in both orders', async () => {
      const first = await getJson(`${net.mirrorUrl}/api/v1/topics/${topicId}/messages?limit=2`);
      expect(first.body.messages.map((m: any) => m.sequence_number)).to.deep.equal([1, 2]);
      const second = await getJson(`${net.mirrorUrl}${first.body.links.next}`);
      expect(second.body.messages.map((m: any) => m.sequence_number)).to.deep.equal([3, 4]);
      const desc = await getJson(`${net.mirrorUrl}/api/v1/topics/${topicId}/messages?&order=desc&limit=3`);
      expect(desc.body.messages.map((m: any) => m.sequence_number)).to.deep.equal([5, 4, 3]);
      const descNext = await getJson(`${net.mirrorUrl}/api/v1${desc.body.links.next}`);
      expect(descNext.body.messages.map((m: any) => m.sequence_number)).to.deep.equal([2, 1]);
    });

    it('filters by sequence number and timestamp', async () => {
      const bySeq = await getJson(`${net.mirrorUrl}/api/v1/topics/${topicId}/messages?sequencenumber=gt:3`);
      expect(bySeq.body.messages.map((m: any) => m.sequence_number)).to.deep.equal([4, 5]);
      const all = (await getJson(`${net.mirrorUrl}/api/v1/topics/${topicId}/messages`)).body.messages;
      const range = await getJson(`${net.mirrorUrl}/api/v1/topics/${topicId}/messages?timestamp=gte:${all[1].consensus_timestamp}&timestamp=lte:${all[2].consensus_timestamp}`);
      expect(range.body.messages.map((m: any) => m.sequence_number)).to.deep.equal([2, 3]);
      const one = await getJson(`${net.mirrorUrl}/api/v1/topics/${topicId}/messages/4`);
      expect(one.body.sequence_number).to.equal(4);
      const byTs = await getJson(`${net.mirrorUrl}/api/v1/topics/messages/${all[0].consensus_timestamp}`);
      expect(byTs.body.sequence_number).to.equal(1);
    });

    it('describes the topic with raw-hex keys', async () => {
      const { body } = await getJson(`${net.mirrorUrl}/api/v1/topics/${topicId}`);
      expect(body.topic_id).to.equal(topicId);
      expect(body.memo).to.equal('mirror');
      expect(body.admin_key).to.deep.equal({ _type: 'ED25519', key: net.operatorKey.publicKey.toStringRaw() });
      expect(body.submit_key).to.equal(null);
      expect(body.deleted).to.equal(false);
      expect(body.auto_renew_period).to.equal(7776000);
    });

    it('answers 404 with the mirror error body for unknown topics and 400 for bad parameters', async () => {
      const missing = await getJson(`${net.mirrorUrl}/api/v1/topics/0.0.999999/messages`);
      expect(missing.status).to.equal(404);
      expect(missing.body).to.deep.equal({ _status: { messages: [{ message: 'No such topic id - 0.0.999999' }] } });
      const missingTopic = await getJson(`${net.mirrorUrl}/api/v1/topics/0.0.999999`);
      expect(missingTopic.status).to.equal(404);
      expect(missingTopic.body._status.messages[0].message).to.equal('Not found');
      const bad = await getJson(`${net.mirrorUrl}/api/v1/topics/${topicId}/messages?limit=abc`);
      expect(bad.status).to.equal(400);
      expect(bad.body._status.messages[0].message).to.equal('Invalid parameter: limit');
    });
  });
});
