import { expect } from 'chai';
import sinon from 'sinon';
import type { BaseTool } from '../../../src/lifecycle/base-tool.js';
import coreQueriesPlugin from '../../../plugins/core-queries/index.js';
import { issuesOf, offlineKit, withProtoKey } from './bad-input-support.js';

describe('core-queries tools given bad input', () => {
  const sandbox = sinon.createSandbox();
  let env: Awaited<ReturnType<typeof offlineKit>>;
  let queried: sinon.SinonSpy;

  beforeEach(async () => {
    env = await offlineKit(coreQueriesPlugin);
    // coreAction is where the mirror would be asked; bad input must never get that far.
    queried = sandbox.spy();
    for (const tool of coreQueriesPlugin.tools({})) sandbox.stub(Object.getPrototypeOf(tool) as BaseTool, 'coreAction').callsFake(queried);
  });
  afterEach(async () => {
    sandbox.restore();
    await env.close();
    expect(queried.called, 'no query may run on bad input').to.equal(false);
  });

  const run = (method: string, input: unknown) => env.kit.execute(method, input);

  describe('when an ID is malformed', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['get_hbar_balance_query_tool', { accountId: '0.0.x' }, 'accountId: expected an account ID like 0.0.1234'],
      ['get_account_query_tool', { accountId: '' }, 'accountId: expected an account ID like 0.0.1234'],
      ['get_account_token_balances_query_tool', { tokenId: '1234' }, 'tokenId: expected a token ID like 0.0.1234'],
      ['get_topic_info_query_tool', { topicId: '0.0.1.1' }, 'topicId: expected a topic ID like 0.0.1234'],
      ['get_topic_messages_query_tool', { topicId: 'news' }, 'topicId: expected a topic ID like 0.0.1234'],
      ['get_token_info_query_tool', { tokenId: null }, 'tokenId: expected a token ID string like 0.0.1234'],
      ['get_transaction_record_query_tool', { transactionId: '0.0.2@abc' }, 'transactionId: expected a transaction ID like 0.0.1234@1700000000.123456789'],
      ['get_pending_airdrop_tool', { accountId: '0.0.x' }, 'accountId: expected an account ID like 0.0.1234'],
      ['get_contract_info_query_tool', { contractId: 'gold' }, 'contractId: must be a Hedera ID such as 0.0.1234 or an EVM address'],
      ['get_contract_info_query_tool', { contractId: '0x1234' }, 'contractId: must be a Hedera ID such as 0.0.1234 or an EVM address'],
    ];
    for (const [method, input, issue] of cases) {
      it(`${method} names the field`, async () => {
        expect(issuesOf(await run(method, input))).to.contain(issue);
      });
    }
  });

  describe('when a limit or time range is out of bounds', () => {
    it('says what limits are accepted', async () => {
      expect(issuesOf(await run('get_topic_messages_query_tool', { topicId: '0.0.5', limit: 0 }))).to.equal('limit: must be at least 1');
      expect(issuesOf(await run('get_topic_messages_query_tool', { topicId: '0.0.5', limit: 101 }))).to.equal('limit: must be at most 100');
      expect(issuesOf(await run('get_topic_messages_query_tool', { topicId: '0.0.5', limit: 2.5 }))).to.equal('limit: must be a whole number');
    });

    it('refuses unreadable times and a range that ends before it starts', async () => {
      expect(issuesOf(await run('get_topic_messages_query_tool', { topicId: '0.0.5', startTime: 'yesterday' }))).to.contain('startTime: must be an ISO-8601 date-time');
      expect(issuesOf(await run('get_topic_messages_query_tool', { topicId: '0.0.5', startTime: '2025-02-01T00:00:00Z', endTime: '2025-01-01T00:00:00Z' })))
        .to.equal('endTime: is before startTime');
    });
  });

  describe('when an exchange-rate timestamp is not seconds since the epoch', () => {
    const refused: [string, unknown][] = [
      ['a date in words', 'yesterday'],
      ['an ISO-8601 date-time', '2025-01-31T12:00:00Z'],
      ['more than 9 decimals', '1726000000.1234567890'],
      ['an operator the mirror refuses', 'ne:1726000000'],
      ['a negative number', '-1726000000'],
    ];
    for (const [what, timestamp] of refused) {
      it(`refuses ${what}, saying which form is wanted`, async () => {
        expect(issuesOf(await run('get_exchange_rate_tool', { timestamp }))).to.contain('timestamp: must be seconds since the epoch with up to 9 decimals');
      });
    }

    it('refuses a number: the mirror form is text, as in the Hedera Agent Kit', async () => {
      expect(issuesOf(await run('get_exchange_rate_tool', { timestamp: 1726000000 }))).to.contain('timestamp: must be a string of seconds since the epoch');
    });
  });

  describe('when the input has unknown keys or prototype keys', () => {
    for (const tool of coreQueriesPlugin.tools({})) {
      it(`${tool.method} refuses an unknown key, naming it and the accepted keys`, async () => {
        expect(issuesOf(await run(tool.method, { bogusKey: 1 }))).to.match(/unknown key "bogusKey"; accepted keys are /);
      });

      it(`${tool.method} refuses __proto__ before any stage`, async () => {
        const result = await run(tool.method, withProtoKey('{"__proto__": {"polluted": true}}'));
        expect(issuesOf(result)).to.contain('__proto__');
        expect(result.raw.stage).to.equal('preToolExecution');
      });
    }
  });
});
