import { expect } from 'chai';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KeyList, PrivateKey, TopicCreateTransaction, type Client, type Key } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';
import { offlineClient } from '../../support/offline-client.js';

describe('HcsAuditTrailHook checks its topic when the kit starts', () => {
  let net: Devnet;
  let client: Client;
  let journalDir: string;

  before(async () => {
    net = await startDevnet();
    client = net.client();
  });

  after(async () => {
    client.close();
    await net.stop();
  });

  beforeEach(() => {
    journalDir = join(mkdtempSync(join(tmpdir(), 'audit-topic-check-')), 'audit');
  });

  afterEach(() => rmSync(join(journalDir, '..'), { recursive: true, force: true }));

  async function topicWith(submitKey?: Key): Promise<string> {
    const create = new TopicCreateTransaction();
    if (submitKey) create.setSubmitKey(submitKey);
    return (await (await create.execute(client)).getReceipt(client)).topicId!.toString();
  }

  async function startWith(topicId: string, options = {}, kitClient = client) {
    const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], topicId, undefined, { journalDir, ...options });
    return createAgentKit({ client: kitClient, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [hook] } });
  }

  async function refusal(started: Promise<unknown>): Promise<string> {
    return started.then(
      () => expect.fail('the kit started'),
      (error: Error) => error.message,
    );
  }

  describe('when the topic does not exist (README\'s 0.0.12345 on a fresh devnet)', () => {
    it('refuses to start, naming the topic and what to do, and leaves no journal behind', async () => {
      const message = await refusal(startWith('0.0.12345'));
      expect(message).to.contain('audit topic 0.0.12345 does not exist').and.contain('Create a topic');
      expect(existsSync(journalDir)).to.equal(false);
    });
  });

  describe('when the topic has a submit key the logging client cannot sign for', () => {
    it('refuses to start, saying whose key would be needed', async () => {
      const topicId = await topicWith(PrivateKey.generateED25519().publicKey);
      const message = await refusal(startWith(topicId));
      expect(message).to.contain(`audit topic ${topicId} has a submit key the logging client cannot sign for`).and.contain('loggingClient');
      expect(existsSync(journalDir)).to.equal(false);
    });

    it('refuses a key list the operator key alone does not meet, and accepts one it does', async () => {
      const other = PrivateKey.generateED25519().publicKey;
      const both = await topicWith(new KeyList([net.operatorKey.publicKey, other]));
      expect(await refusal(startWith(both))).to.contain('cannot sign for');
      const either = await topicWith(new KeyList([other, net.operatorKey.publicKey], 1));
      await (await startWith(either)).close();
    });
  });

  describe('when the topic is open, or its submit key is the operator key', () => {
    it('starts', async () => {
      await (await startWith(await topicWith())).close();
      await (await startWith(await topicWith(net.operatorKey.publicKey))).close();
      expect(existsSync(journalDir)).to.equal(true);
    });
  });

  describe('when the network cannot be reached', () => {
    it('refuses to start saying so, and starts without the check when told to', async () => {
      const unreachable = offlineClient().setMaxAttempts(1);
      try {
        const message = await refusal(startWith('0.0.1001', { topicCheckTimeoutMs: 1_000 }, unreachable));
        expect(message).to.contain('could not reach the network').and.contain('audit topic 0.0.1001').and.contain('checkTopic: false');
        expect(existsSync(journalDir)).to.equal(false);
        const kit = await startWith('0.0.1001', { checkTopic: false, closeTimeoutMs: 1 }, unreachable);
        await kit.close();
      } finally {
        unreachable.close();
      }
    });
  });

  describe('when the hook is built with a bad check option', () => {
    it('names it', () => {
      expect(() => new HcsAuditTrailHook(['t'], '0.0.1', undefined, { checkTopic: 'no' as never })).to.throw("'checkTopic' must be true or false");
      expect(() => new HcsAuditTrailHook(['t'], '0.0.1', undefined, { topicCheckTimeoutMs: -1 })).to.throw("'topicCheckTimeoutMs' must be a positive number");
    });
  });
});
