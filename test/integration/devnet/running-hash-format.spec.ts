import { expect } from 'chai';
import { TopicCreateTransaction, TopicMessageSubmitTransaction, type Client, type TransactionReceipt } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { nextRunningHash } from '../../../src/devnet/ledger/running-hash.js';

describe('devnet running hashes (services layout by default)', () => {
  let net: Devnet;
  let client: Client;

  before(async () => {
    net = await startDevnet();
    client = net.client();
  });
  after(async () => { await net.stop(); });

  describe('when messages are submitted', () => {
    it('chains receipts with the services layout, and the mirror reports the same hashes', async () => {
      const topicId = (await (await new TopicCreateTransaction().execute(client)).getReceipt(client)).topicId!;
      const receipts: TransactionReceipt[] = [];
      for (const text of ['a', 'b']) receipts.push(await (await new TopicMessageSubmitTransaction().setTopicId(topicId).setMessage(text).execute(client)).getReceipt(client));
      const { messages } = await (await fetch(`${net.mirrorUrl}/api/v1/topics/${topicId.toString()}/messages`)).json() as { messages: Array<{ consensus_timestamp: string; running_hash: string }> };
      let previous: Uint8Array = new Uint8Array(48);
      messages.forEach((message, i) => {
        const expected = nextRunningHash({
          previous, payerNum: 2, topicNum: topicId.num.toNumber(), consensusNs: BigInt(message.consensus_timestamp.replace('.', '')),
          sequenceNumber: BigInt(i + 1), message: Buffer.from(['a', 'b'][i]),
        }, 'java-serialized');
        expect(Buffer.from(receipts[i].topicRunningHash!).equals(Buffer.from(expected))).to.equal(true);
        expect(message.running_hash).to.equal(Buffer.from(expected).toString('base64'));
        previous = expected;
      });
    });
  });

  describe('when the option is misspelled', () => {
    it('refuses to start and names the accepted values', async () => {
      const error = await startDevnet({ topicRunningHash: 'java' as never }).catch((e: unknown) => e);
      expect((error as Error).message).to.equal(`startDevnet: topicRunningHash must be 'concatenated' or 'java-serialized' (got "java")`);
    });
  });
});
