import { expect } from 'chai';
import type { Client } from '@hiero-ledger/sdk';
import { createAgentKit, type AgentKit } from '../../../src/index.js';
import { RateLimitPolicy } from '../../../src/policies/rate-limit-policy.js';
import { RedisPolicyStore } from '../../../src/policies/state/redis-store.js';
import { MemoryPolicyStore } from '../../../src/policies/state/memory-store.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';

describe('RateLimitPolicy', function () {
  this.timeout(10_000);
  let client: Client;
  let kit: AgentKit | undefined;

  beforeEach(() => {
    client = offlineClient();
  });
  afterEach(async () => {
    await kit?.close();
    kit = undefined;
    client.close();
  });

  async function kitWith(hooks: unknown[]) {
    kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('t', new EchoTool('a_tool'), new EchoTool('b_tool'), new EchoTool('c_tool'))], context: { hooks } });
    return kit;
  }

  describe('when constructed', () => {
    it('refuses limits and windows it cannot keep, naming the field', () => {
      expect(() => new RateLimitPolicy({ limit: 0, windowMs: 1_000 })).to.throw(/'limit' must be a positive integer, got 0/);
      expect(() => new RateLimitPolicy({ limit: 1, windowMs: 1_500 })).to.throw(/'windowMs' must be a whole number of seconds in ms \(a multiple of 1000, at least 1000\), got 1500/);
      expect(() => new RateLimitPolicy({ limit: 1, windowMs: 1_000, group: 'a:b' })).to.throw(/'group' must be/);
      expect(() => new RateLimitPolicy({ limit: 1, windowMs: 1_000, store: { redis: 'redis://127.0.0.1:6379' } })).to.throw(/a shared store .* needs a 'name'/);
    });

    it('describes itself', () => {
      expect(new RateLimitPolicy({ limit: 10, windowMs: 60_000 }).description).to.equal('Allows each tool 10 calls per 1 min');
      expect(new RateLimitPolicy({ limit: 1, windowMs: 2_000, tools: ['a_tool', 'b_tool'], group: 'ab' }).description).to.equal('Allows the tools of group "ab" together 1 call per 2 s');
    });
  });

  describe('when each tool has its own count', () => {
    it('blocks the call over the limit with the limit, the count and when the window frees up', async () => {
      const k = await kitWith([new RateLimitPolicy({ limit: 2, windowMs: 60_000 })]);
      expect((await k.execute('a_tool', { text: '1' })).raw.status).to.equal('SUCCESS');
      expect((await k.execute('a_tool', { text: '2' })).raw.status).to.equal('SUCCESS');
      const blocked = await k.execute('a_tool', { text: '3' });
      expect(blocked.raw.blockedBy).to.include({ policy: 'Rate Limit Policy', stage: 'preToolExecution' });
      expect(blocked.raw.blockedBy?.reason).to.match(/^a_tool may be called 2 times per 1 min; this window has had 2, and it frees up in (1 min|59 s)$/);
      expect((await k.execute('b_tool', { text: '1' })).raw.status).to.equal('SUCCESS');
    });
  });

  describe('when tools are grouped', () => {
    it('counts them together and leaves other tools alone', async () => {
      const k = await kitWith([new RateLimitPolicy({ limit: 2, windowMs: 60_000, tools: ['a_tool', 'b_tool'], group: 'ab' })]);
      await k.execute('a_tool', { text: '1' });
      await k.execute('b_tool', { text: '1' });
      expect((await k.execute('b_tool', { text: '2' })).raw.blockedBy?.reason).to.match(/^the tools of group "ab" may be called 2 times per 1 min; this window has had 2/);
      expect((await k.execute('c_tool', { text: '1' })).raw.status).to.equal('SUCCESS');
    });
  });

  describe('when an admitted call does not execute', () => {
    it('gives its place back', async () => {
      const k = await kitWith([new RateLimitPolicy({ limit: 1, windowMs: 60_000 })]);
      expect((await k.execute('a_tool', { text: 'x'.repeat(101) })).raw.errorCode).to.equal('E_INVALID_PARAMS');
      expect((await k.execute('a_tool', { text: 'ok' })).raw.status).to.equal('SUCCESS');
      expect((await k.execute('a_tool', { text: 'again' })).raw.errorCode).to.equal('E_POLICY_BLOCKED');
    });
  });

  describe('when 20 calls race for 5 places', () => {
    it('admits exactly 5', async () => {
      const k = await kitWith([new RateLimitPolicy({ limit: 5, windowMs: 60_000 })]);
      const results = await Promise.all(Array.from({ length: 20 }, (_, at) => k.execute('a_tool', { text: String(at) })));
      expect(results.filter((result) => result.raw.status === 'SUCCESS')).to.have.length(5);
    });
  });

  describe('when the window ends', () => {
    it('admits calls again', async () => {
      const k = await kitWith([new RateLimitPolicy({ limit: 1, windowMs: 1_000 })]);
      await k.execute('a_tool', { text: '1' });
      expect((await k.execute('a_tool', { text: '2' })).raw.errorCode).to.equal('E_POLICY_BLOCKED');
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await k.execute('a_tool', { text: '3' })).raw.status).to.equal('SUCCESS');
    });
  });

  describe('when a console reads its counts', () => {
    it('reads each tool\'s count without counting, with when its window ends', async () => {
      const policy = new RateLimitPolicy({ limit: 2, windowMs: 60_000 });
      const k = await kitWith([policy]);
      await k.execute('a_tool', { text: '1' });
      const read = await policy.callCounts(['a_tool', 'b_tool']);
      expect(read).to.deep.include({ limit: 2, windowMs: 60_000, countedPer: 'tool' });
      expect(read.counts.map(({ name, used }) => ({ name, used }))).to.deep.equal([{ name: 'a_tool', used: 1 }, { name: 'b_tool', used: 0 }]);
      expect(read.counts[0]!.resetsInMs).to.be.within(1, 60_000);
      expect(read.counts[1]!.resetsInMs).to.equal(0);
      // Reading counted nothing: the second call is still admitted, the third refused.
      await policy.callCounts(['a_tool']);
      expect((await k.execute('a_tool', { text: '2' })).raw.status).to.equal('SUCCESS');
      expect((await k.execute('a_tool', { text: '3' })).raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect((await policy.callCounts(['a_tool'])).counts[0]).to.include({ used: 2 });
    });

    it('reads one count for a group, its listed tools for a list, and none for a policy kept per key', async () => {
      const grouped = new RateLimitPolicy({ limit: 3, windowMs: 60_000, tools: ['a_tool', 'b_tool'], group: 'ab' });
      const listed = new RateLimitPolicy({ limit: 3, windowMs: 60_000, tools: ['b_tool', 'c_tool'] });
      const perSession = new RateLimitPolicy({ limit: 3, windowMs: 60_000, per: 'context.sessionId' });
      const k = await kitWith([grouped, listed]);
      await k.execute('a_tool', { text: '1' });
      await k.execute('b_tool', { text: '1' });
      expect((await grouped.callCounts(['c_tool'])).counts.map(({ name, used }) => [name, used])).to.deep.equal([['ab', 2]]);
      expect((await listed.callCounts()).counts.map(({ name, used }) => [name, used])).to.deep.equal([['b_tool', 1], ['c_tool', 0]]);
      expect(await perSession.callCounts(['a_tool'])).to.deep.equal({ limit: 3, windowMs: 60_000, countedPer: 'tool', perKey: 'context.sessionId', counts: [] });
    });

    it('says so when its store cannot read a count without counting', async () => {
      const store = new MemoryPolicyStore();
      // A store written before counters could be read: its counters take and give back only.
      const oldStore = Object.create(store, {
        description: { value: 'an old store' },
        counter: {
          value: (name: string, limit: number, windowMs: number) => {
            const { take, giveBack } = store.counter(name, limit, windowMs);
            return { take, giveBack };
          },
        },
      }) as MemoryPolicyStore;
      const policy = new RateLimitPolicy({ limit: 1, windowMs: 1_000, store: oldStore, group: 'g' });
      let thrown: unknown;
      await policy.callCounts().catch((error: unknown) => (thrown = error));
      expect((thrown as Error).message).to.equal('Rate Limit Policy: its store (an old store) cannot read a count without counting (its counter has no peek)');
    });
  });

  describe('when the store cannot be reached', () => {
    it('blocks, saying so', async () => {
      const store = new RedisPolicyStore({ url: 'redis://127.0.0.1:9', connectTimeoutMs: 200, commandTimeoutMs: 200 });
      const k = await kitWith([new RateLimitPolicy({ limit: 1, windowMs: 1_000, store, name: 'gone' })]);
      expect((await k.execute('a_tool', { text: '1' })).raw.blockedBy?.reason).to.match(/^counts "gone": the policy store \(Redis at 127\.0\.0\.1:9 .*\) is unreachable: .+; calls are refused until it answers$/);
      await store.close();
    });
  });
});
