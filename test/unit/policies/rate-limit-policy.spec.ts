import { expect } from 'chai';
import type { Client } from '@hiero-ledger/sdk';
import { createAgentKit, type AgentKit } from '../../../src/index.js';
import { RateLimitPolicy } from '../../../src/policies/rate-limit-policy.js';
import { RedisPolicyStore } from '../../../src/policies/state/redis-store.js';
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

  describe('when the store cannot be reached', () => {
    it('blocks, saying so', async () => {
      const store = new RedisPolicyStore({ url: 'redis://127.0.0.1:9', connectTimeoutMs: 200, commandTimeoutMs: 200 });
      const k = await kitWith([new RateLimitPolicy({ limit: 1, windowMs: 1_000, store, name: 'gone' })]);
      expect((await k.execute('a_tool', { text: '1' })).raw.blockedBy?.reason).to.match(/^counts "gone": the policy store \(Redis at 127\.0\.0\.1:9 .*\) is unreachable: .+; calls are refused until it answers$/);
      await store.close();
    });
  });
});
