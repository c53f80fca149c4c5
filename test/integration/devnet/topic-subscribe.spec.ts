import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { expect } from 'chai';
import sinon from 'sinon';
import {
  AddressBookQuery, FileId, Timestamp, TopicCreateTransaction, TopicDeleteTransaction, TopicMessageQuery, TopicMessageSubmitTransaction,
  TransferTransaction, Hbar, type Client, type TransactionReceipt,
} from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { subscribe } from '../../support/topic-subscription.js';

/** A consensus timestamp as the mirror REST API prints it (`"s.nnnnnnnnn"`), as an SDK Timestamp. */
function timestampOf(text: string): Timestamp {
  const [seconds, nanos] = text.split('.');
  return new Timestamp(Number(seconds), Number(nanos));
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('devnet mirror gRPC: TopicMessageQuery.subscribe', () => {
  let net: Devnet;
  let client: Client;
  const sandbox = sinon.createSandbox();

  before(async () => {
    net = await startDevnet();
    client = net.client();
  });
  after(async () => { await net.stop(); });
  afterEach(() => {
    sandbox.restore();
    net.faults.clear();
  });

  async function createTopic(): Promise<string> {
    const receipt = await (await new TopicCreateTransaction().setAdminKey(net.operatorKey.publicKey).execute(client)).getReceipt(client);
    return receipt.topicId!.toString();
  }

  async function submit(topicId: string, message: string | Uint8Array): Promise<TransactionReceipt> {
    return (await new TopicMessageSubmitTransaction().setTopicId(topicId).setMessage(message).execute(client)).getReceipt(client);
  }

  async function mirrorMessages(topicId: string): Promise<Array<{ consensus_timestamp: string; sequence_number: number }>> {
    const response = await fetch(`${net.mirrorUrl}/api/v1/topics/${topicId}/messages?limit=100`);
    return ((await response.json()) as { messages: Array<{ consensus_timestamp: string; sequence_number: number }> }).messages;
  }

  const fromStart = (topicId: string) => new TopicMessageQuery().setTopicId(topicId).setStartTime(0);

  describe('when a topic already has messages', () => {
    it('delivers them from start time 0, then the ones submitted after subscribing, in sequence order', async () => {
      const topicId = await createTopic();
      await submit(topicId, 'a');
      await submit(topicId, 'b');
      const sub = subscribe(fromStart(topicId), client);
      await sub.received(2);
      await submit(topicId, 'c');
      const last = await submit(topicId, 'd');
      await sub.received(4);
      sub.handle.unsubscribe();
      expect(sub.texts()).to.deep.equal(['a', 'b', 'c', 'd']);
      expect(sub.sequences()).to.deep.equal([1, 2, 3, 4]);
      const [, , , fourth] = sub.messages;
      expect(Buffer.from(fourth.runningHash).equals(Buffer.from(last.topicRunningHash!))).to.equal(true);
      const rest = await mirrorMessages(topicId);
      expect(fourth.consensusTimestamp.toString()).to.equal(timestampOf(rest[3].consensus_timestamp).toString());
    });

    it('neither repeats nor skips messages that reach consensus while older ones are still being sent', async () => {
      const topicId = await createTopic();
      await Promise.all(Array.from({ length: 40 }, (_, i) => submit(topicId, `past ${i}`)));
      const sub = subscribe(fromStart(topicId), client);
      await Promise.all(Array.from({ length: 20 }, (_, i) => submit(topicId, `live ${i}`)));
      await sub.received(60);
      sub.handle.unsubscribe();
      expect(sub.sequences()).to.deep.equal(Array.from({ length: 60 }, (_, i) => i + 1));
      expect(new Set(sub.texts()).size).to.equal(60);
    });

    it('starts at the given consensus start time', async () => {
      const topicId = await createTopic();
      for (const text of ['one', 'two', 'three']) await submit(topicId, text);
      const second = (await mirrorMessages(topicId))[1];
      const sub = subscribe(new TopicMessageQuery().setTopicId(topicId).setStartTime(timestampOf(second.consensus_timestamp)), client);
      await sub.received(2);
      sub.handle.unsubscribe();
      expect(sub.texts()).to.deep.equal(['two', 'three']);
    });

    it('without a start time, delivers only messages from the moment it subscribed', async () => {
      const topicId = await createTopic();
      await submit(topicId, 'before');
      const sub = subscribe(new TopicMessageQuery().setTopicId(topicId), client);
      // The server fixes "now" when the call reaches it, which the client cannot see: keep submitting until one lands after it.
      for (let i = 0; sub.messages.length === 0; i++) await submit(topicId, `after ${i}`);
      sub.handle.unsubscribe();
      expect(sub.texts()[0]).to.match(/^after \d+$/);
      expect(sub.texts()).not.to.include('before');
    });

    it('still streams the messages of a deleted topic', async () => {
      const topicId = await createTopic();
      await submit(topicId, 'kept');
      await (await new TopicDeleteTransaction().setTopicId(topicId).execute(client)).getReceipt(client);
      const sub = subscribe(fromStart(topicId), client);
      await sub.received(1);
      sub.handle.unsubscribe();
      expect(sub.texts()).to.deep.equal(['kept']);
    });
  });

  describe('when a limit or an end time is set', () => {
    it('completes after `limit` messages', async () => {
      const topicId = await createTopic();
      for (const text of ['1', '2', '3']) await submit(topicId, text);
      const sub = subscribe(fromStart(topicId).setLimit(2), client);
      await sub.completed;
      expect(sub.texts()).to.deep.equal(['1', '2']);
    });

    it('delivers only messages before the end time, then completes', async () => {
      const topicId = await createTopic();
      for (const text of ['1', '2', '3']) await submit(topicId, text);
      const third = (await mirrorMessages(topicId))[2];
      const sub = subscribe(fromStart(topicId).setEndTime(timestampOf(third.consensus_timestamp)), client);
      await sub.completed;
      expect(sub.texts()).to.deep.equal(['1', '2']);
    });

    it('with an end time still ahead, delivers live messages and completes once it has passed', async () => {
      const topicId = await createTopic();
      const sub = subscribe(fromStart(topicId).setEndTime(Timestamp.fromDate(new Date(Date.now() + 2000))), client);
      await submit(topicId, 'live');
      await sub.completed;
      expect(sub.texts()).to.deep.equal(['live']);
    });
  });

  describe('when a message was split into chunks', () => {
    it('delivers it once, reassembled by the SDK from the chunk info', async () => {
      const topicId = await createTopic();
      const content = randomBytes(2500);
      const response = await new TopicMessageSubmitTransaction().setTopicId(topicId).setMessage(content).execute(client);
      await response.getReceipt(client);
      await submit(topicId, 'next');
      const sub = subscribe(fromStart(topicId), client);
      await sub.received(2);
      sub.handle.unsubscribe();
      const [whole, next] = sub.messages;
      expect(Buffer.from(whole.contents).equals(content)).to.equal(true);
      expect(whole.chunks.map((chunk) => chunk.sequenceNumber.toNumber())).to.deep.equal([1, 2, 3]);
      expect(whole.initialTransactionId!.toString()).to.equal(response.transactionId.toString());
      expect(Buffer.from(next.contents).toString()).to.equal('next');
    });
  });

  describe('when the subscriber unsubscribes', () => {
    it('delivers nothing more to it while other subscriptions go on', async () => {
      const topicId = await createTopic();
      const gone = subscribe(fromStart(topicId), client);
      const witness = subscribe(fromStart(topicId), client);
      await submit(topicId, 'first');
      await Promise.all([gone.received(1), witness.received(1)]);
      gone.handle.unsubscribe();
      await submit(topicId, 'second');
      await witness.received(2);
      witness.handle.unsubscribe();
      expect(gone.texts()).to.deep.equal(['first']);
      expect(witness.texts()).to.deep.equal(['first', 'second']);
    });
  });

  describe('when the query names no topic, or no valid one', () => {
    // The SDK retries every stream error (20 attempts over about two minutes, as against a real
    // mirror that may not have imported a new topic yet); these tests look at the first answer.
    const failure = async (query: TopicMessageQuery) => (await subscribe(query.setMaxAttempts(0), client).failed).message;

    it('answers NOT_FOUND for an unknown topic, as the mirror node does', async () => {
      expect(await failure(new TopicMessageQuery().setTopicId('0.0.999999'))).to.equal('5 NOT_FOUND: 0.0.999999 does not exist');
    });

    it('answers INVALID_ARGUMENT for an entity that is not a topic', async () => {
      expect(await failure(new TopicMessageQuery().setTopicId(net.operatorId))).to.equal('3 INVALID_ARGUMENT: Not a valid topic');
    });

    it('answers INVALID_ARGUMENT for a missing topic, a future start and an end before the start', async () => {
      const topicId = await createTopic();
      const future = Timestamp.fromDate(new Date(Date.now() + 3_600_000));
      expect(await failure(new TopicMessageQuery())).to.equal('3 INVALID_ARGUMENT: topicId: must not be null');
      expect(await failure(new TopicMessageQuery().setTopicId(topicId).setStartTime(future))).to.equal('3 INVALID_ARGUMENT: Start time must be before the current time');
      expect(await failure(fromStart(topicId).setEndTime(0))).to.equal('3 INVALID_ARGUMENT: End time must be after start time');
    });

    it('lets the SDK retry NOT_FOUND until the topic exists', async () => {
      sandbox.stub(console, 'warn'); // the SDK logs each retry
      const next = Number((await createTopic()).split('.')[2]) + 1;
      const sub = subscribe(new TopicMessageQuery().setTopicId(`0.0.${next}`).setStartTime(0).setMaxBackoff(20), client);
      await until(() => (console.warn as sinon.SinonStub).called);
      const topicId = await createTopic();
      expect(topicId).to.equal(`0.0.${next}`);
      await submit(topicId, 'found');
      await sub.received(1);
      sub.handle.unsubscribe();
      expect(sub.texts()).to.deep.equal(['found']);
      expect(String((console.warn as sinon.SinonStub).firstCall.args[0])).to.include('5 NOT_FOUND');
    });
  });

  describe('when faults are injected', () => {
    it('retries an injected UNAVAILABLE on subscribeTopic, then streams', async () => {
      const warn = sandbox.stub(console, 'warn');
      const topicId = await createTopic();
      await submit(topicId, 'x');
      const fault = net.faults.inject({ rpc: 'subscribeTopic', grpcError: 'UNAVAILABLE', times: 1 });
      const sub = subscribe(fromStart(topicId).setMaxBackoff(20), client);
      await sub.received(1);
      sub.handle.unsubscribe();
      expect(fault.hits).to.equal(1);
      expect(String(warn.firstCall.args[0])).to.include('14 UNAVAILABLE: injected UNAVAILABLE');
      expect(sub.texts()).to.deep.equal(['x']);
    });

    it('leaves streams alone for wildcard precheck faults and refuses them for subscribeTopic', async () => {
      const topicId = await createTopic();
      await submit(topicId, 'y');
      const fault = net.faults.inject({ rpc: '*', precheck: 'BUSY', times: 1 });
      const sub = subscribe(fromStart(topicId), client);
      await sub.received(1);
      sub.handle.unsubscribe();
      expect(fault.hits).to.equal(0);
      expect(() => net.faults.inject({ rpc: 'subscribeTopic', precheck: 'BUSY' })).to.throw(/is a mirror stream: only grpcError and latencyMs apply/);
    });
  });

  describe('when the client needs the address book', () => {
    it('AddressBookQuery lists node 0.0.3 at the devnet gRPC endpoint', async () => {
      const book = await new AddressBookQuery().setFileId(FileId.ADDRESS_BOOK).execute(client);
      expect(book.nodeAddresses.map((node) => node.accountId!.toString())).to.deep.equal(['0.0.3']);
      expect(book.nodeAddresses[0].addresses.map((endpoint) => endpoint.toString())).to.deep.equal([net.grpcAddress]);
    });

    it('keeps the client on its node after INVALID_NODE_ACCOUNT, though a mirror network is set', async () => {
      const fault = net.faults.inject({ rpc: 'cryptoTransfer', precheck: 'INVALID_NODE_ACCOUNT', times: 1 });
      const receipt = await (await new TransferTransaction().addHbarTransfer(net.operatorId, new Hbar(-1)).addHbarTransfer('0.0.98', new Hbar(1)).execute(client)).getReceipt(client);
      expect(receipt.status.toString()).to.equal('SUCCESS');
      expect(fault.hits).to.equal(1);
      expect(Object.keys(client.network)).to.deep.equal([net.grpcAddress]);
    });
  });
});

describe('devnet mirror gRPC: port option and stop', () => {
  let net: Devnet | undefined;
  const sandbox = sinon.createSandbox();
  afterEach(async () => {
    sandbox.restore();
    await net?.stop();
    net = undefined;
  });

  it('serves on mirrorGrpcPort, and net.client() subscribes there', async () => {
    const port = await freePort();
    net = await startDevnet({ mirrorGrpcPort: port });
    expect(net.mirrorGrpcAddress).to.equal(`127.0.0.1:${port}`);
    expect(net.client().mirrorNetwork).to.deep.equal([net.mirrorGrpcAddress]);
  });

  it('refuses the TLS ports and names a taken port', async () => {
    for (const port of [443, 50212]) {
      const error = await startDevnet({ mirrorGrpcPort: port }).catch((e: unknown) => e);
      expect((error as Error).message).to.equal(`startDevnet: mirrorGrpcPort ${port} is reserved: the SDK speaks TLS to that port, the devnet does not`);
    }
    net = await startDevnet();
    const taken = Number(net.mirrorGrpcAddress.split(':')[1]);
    sandbox.stub(console, 'error'); // grpc-js logs the failed bind itself
    const error = await startDevnet({ mirrorGrpcPort: taken }).catch((e: unknown) => e);
    expect((error as Error).message).to.match(new RegExp(`^startDevnet: could not bind 127\\.0\\.0\\.1 \\(mirrorGrpcPort ${taken}\\): `));
  });

  it('completes open subscriptions on stop, including one held by an injected latency', async () => {
    net = await startDevnet();
    const client = net.client();
    const topicId = (await (await new TopicCreateTransaction().execute(client)).getReceipt(client)).topicId!.toString();
    await (await new TopicMessageSubmitTransaction().setTopicId(topicId).setMessage('m').execute(client)).getReceipt(client);
    const open = subscribe(new TopicMessageQuery().setTopicId(topicId).setStartTime(0), client);
    await open.received(1);
    const hold = net.faults.inject({ rpc: 'subscribeTopic', latencyMs: 600_000 });
    const held = subscribe(new TopicMessageQuery().setTopicId(topicId).setStartTime(0), client);
    await until(() => hold.hits === 1);
    await net.stop();
    await Promise.all([open.completed, held.completed]);
    expect(open.texts()).to.deep.equal(['m']);
    expect(held.messages).to.have.length(0);
  });
});
