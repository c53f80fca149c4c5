import { expect } from 'chai';
import { parseConfig } from '../../../src/config/load-config.js';
import { RateLimitPolicy } from '../../../src/policies/rate-limit-policy.js';
import { SpendLimitPolicy } from '../../../src/policies/spend-limit-policy.js';
import { configProblemsOf } from '../../support/config-problems.js';

describe('SpendLimitPolicy and RateLimitPolicy in a config file', () => {
  describe('when named with their options and a store', () => {
    it('builds them, a Redis store by its URL and prefix included (connected on first use)', async () => {
      const { listeners } = parseConfig(
        {
          policies: [
            { policy: 'SpendLimitPolicy', args: [{ hbar: 500, windowMs: 86_400_000, store: { redis: 'redis://127.0.0.1:6379', prefix: 'agents' }, name: 'team-a' }] },
            { policy: 'RateLimitPolicy', args: [{ limit: 10, windowMs: 60_000, tools: ['transfer_hbar_tool'], store: 'memory' }] },
          ],
        },
        'test.json',
        '/tmp',
      );
      expect(listeners[0]).to.be.instanceOf(SpendLimitPolicy);
      expect((listeners[0] as SpendLimitPolicy).description).to.equal('Limits what each paying account spends to 500 HBAR per 24 h (budget "team-a")');
      expect(listeners[1]).to.be.instanceOf(RateLimitPolicy);
      await Promise.all(listeners.map((listener) => (listener as { close(): Promise<void> }).close()));
    });
  });

  describe('when their options are wrong', () => {
    it('lists each problem under the policy entry', () => {
      expect(
        configProblemsOf({
          policies: [
            { policy: 'SpendLimitPolicy', args: [{ hbar: 500, windowMs: 86_400_000, store: { redis: 'redis://127.0.0.1:6379' } }] },
            { policy: 'RateLimitPolicy', args: [{ limit: 10, windowMs: 500 }] },
            { policy: 'SpendLimitPolicy', args: [{ hbar: 5, windowMs: 1000, store: { redis: 'redis://127.0.0.1:6379', db: 1 } }] },
          ],
        }),
      ).to.deep.equal([
        `policies[0].args: SpendLimitPolicy: a shared store (Redis at 127.0.0.1:6379 (prefix "agent-hooks")) needs a budget 'name': agents that use the same store, prefix and name share one budget.`,
        `policies[1].args[0].windowMs: RateLimitPolicy: 'windowMs' must be a whole number of seconds in ms (a multiple of 1000, at least 1000), got 500.`,
        `policies[2].args[0].store.db: SpendLimitPolicy: unknown option 'store.db'; accepted: redis, prefix, commandTimeoutMs, connectTimeoutMs.`,
      ]);
    });
  });
});
