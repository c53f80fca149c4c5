import { expect } from 'chai';
import sinon from 'sinon';
import type { BaseTool } from '../../../src/lifecycle/base-tool.js';
import coreConsensusPlugin from '../../../plugins/core-consensus/index.js';
import { issuesOf, offlineKit, withProtoKey } from './bad-input-support.js';

describe('core-consensus tools given bad input', () => {
  const sandbox = sinon.createSandbox();
  let env: Awaited<ReturnType<typeof offlineKit>>;
  let built: sinon.SinonSpy;

  beforeEach(async () => {
    env = await offlineKit(coreConsensusPlugin);
    built = sandbox.spy();
    for (const tool of coreConsensusPlugin.tools({})) sandbox.stub(Object.getPrototypeOf(tool) as BaseTool, 'coreAction').callsFake(built);
  });
  afterEach(async () => {
    sandbox.restore();
    await env.close();
    expect(built.called, 'no transaction may be built from bad input').to.equal(false);
  });

  const run = (method: string, input: unknown) => env.kit.execute(method, input);

  describe('when a topic ID is malformed', () => {
    for (const method of ['update_topic_tool', 'delete_topic_tool', 'submit_topic_message_tool']) {
      it(`${method} names topicId and the accepted form`, async () => {
        const input = method === 'submit_topic_message_tool' ? { topicId: 'topic-7', message: 'x' } : { topicId: 'topic-7', topicMemo: 'x' };
        if (method === 'delete_topic_tool') delete (input as Record<string, unknown>).topicMemo;
        expect(issuesOf(await run(method, input))).to.contain('topicId: expected a topic ID like 0.0.1234 (shard.realm.num)');
      });
    }

    it('names a malformed auto-renew account', async () => {
      expect(issuesOf(await run('update_topic_tool', { topicId: '0.0.5', autoRenewAccountId: '5' }))).to.contain('autoRenewAccountId: expected an account ID like 0.0.1234');
    });
  });

  describe('when a message is empty or oversized', () => {
    it('refuses an empty message', async () => {
      expect(issuesOf(await run('submit_topic_message_tool', { topicId: '0.0.5', message: '' }))).to.equal('message: must not be empty');
    });

    it('refuses a message beyond 20 chunks, counting bytes not characters', async () => {
      expect(issuesOf(await run('submit_topic_message_tool', { topicId: '0.0.5', message: '€'.repeat(7000) }))).to.equal('message: must be at most 20480 bytes of UTF-8');
    });

    it('refuses a memo over 100 bytes', async () => {
      expect(issuesOf(await run('create_topic_tool', { topicMemo: 'm'.repeat(101) }))).to.equal('topicMemo: must be at most 100 bytes of UTF-8');
    });
  });

  describe('when a number is out of range or a key is not a key', () => {
    it('names the auto-renew period bounds', async () => {
      expect(issuesOf(await run('update_topic_tool', { topicId: '0.0.5', autoRenewPeriod: 60 }))).to.contain('autoRenewPeriod: must be at least 2592000 seconds');
      expect(issuesOf(await run('update_topic_tool', { topicId: '0.0.5', autoRenewPeriod: -1.5 }))).to.contain('autoRenewPeriod: must be a whole number');
    });

    it('refuses a submit key that does not parse', async () => {
      expect(issuesOf(await run('update_topic_tool', { topicId: '0.0.5', submitKey: 'not-a-key' }))).to.contain('submitKey: is not a public key');
    });

    it('refuses an update with nothing to change', async () => {
      expect(issuesOf(await run('update_topic_tool', { topicId: '0.0.5' }))).to.contain('nothing to update; give at least one of topicMemo');
    });
  });

  describe('when the input has unknown keys or prototype keys', () => {
    for (const tool of coreConsensusPlugin.tools({})) {
      it(`${tool.method} refuses an unknown key, naming it and the accepted keys`, async () => {
        expect(issuesOf(await run(tool.method, { bogusKey: 1 }))).to.match(/unknown key "bogusKey"; accepted keys are /);
      });

      it(`${tool.method} refuses __proto__ before any stage`, async () => {
        const result = await run(tool.method, withProtoKey('{"__proto__": {"polluted": true}}'));
        expect(issuesOf(result)).to.contain('__proto__');
        expect(result.raw.stage).to.equal('preToolExecution');
      });
    }

    it('points a misplaced message at the right tool', async () => {
      expect(issuesOf(await run('create_topic_tool', { message: 'hi' }))).to.contain('"message": post messages with submit_topic_message_tool');
    });
  });
});
