import { expect } from 'chai';
import { ErrorCode } from '../../../src/errors/index.js';
import { RedisPolicyStore, loadIoredis } from '../../../src/policies/state/redis-store.js';
import { storeFrom } from '../../../src/policies/state/store-spec.js';
import { MemoryPolicyStore } from '../../../src/policies/state/memory-store.js';
import { skipWithoutRedis, startTestRedis, type TestRedis } from '../../support/redis-server.js';
import { storeContract } from '../../support/store-contract.js';

const HOUR = 3_600_000;
const line = { account: '0.0.1001', asset: 'HBAR', amount: 10n, limit: 100n };

describe('RedisPolicyStore', function () {
  this.timeout(30_000);
  let redis: TestRedis;

  before(async function () {
    skipWithoutRedis(this);
    redis = await startTestRedis();
  });
  after(async () => {
    await redis?.stop();
  });

  describe('as a PolicyStore, four connections on one server', () => {
    storeContract(
      () => new RedisPolicyStore({ url: redis.url, prefix: 'contract' }),
      () => new RedisPolicyStore({ url: redis.url, prefix: 'contract' }),
    );
  });

  describe('when two stores use different prefixes', () => {
    it('keeps their budgets apart', async () => {
      const a = new RedisPolicyStore({ url: redis.url, prefix: 'team-a' });
      const b = new RedisPolicyStore({ url: redis.url, prefix: 'team-b' });
      const full = { ...line, amount: 100n };
      expect((await a.reserve('shared', 'x', [full], HOUR)).ok).to.equal(true);
      expect((await b.reserve('shared', 'x', [full], HOUR)).ok).to.equal(true);
      expect((await a.reserve('shared', 'y', [line], HOUR)).ok).to.equal(false);
      await Promise.all([a.close(), b.close()]);
    });
  });

  describe('when Redis is not there', () => {
    it('fails within its time limits with E_STORE_UNAVAILABLE naming the server, never queueing', async () => {
      const store = new RedisPolicyStore({ url: 'redis://127.0.0.1:9', connectTimeoutMs: 300, commandTimeoutMs: 300 });
      const started = Date.now();
      const error = await store.reserve('b', 'a', [line], HOUR).catch((caught: unknown) => caught);
      expect(Date.now() - started).to.be.below(1_500);
      expect(error).to.include({ code: ErrorCode.STORE_UNAVAILABLE });
      expect((error as Error).message).to.match(/^the policy store \(Redis at 127\.0\.0\.1:9 \(prefix "agent-hooks"\)\) is unreachable: /);
      const counted = await store.counter('c', 1, 1_000).take('t').catch((caught: unknown) => caught);
      expect(counted).to.include({ code: ErrorCode.STORE_UNAVAILABLE });
      await store.close();
    });
  });

  describe('when Redis is killed and comes back', () => {
    it('fails while it is gone and works again once it is back, without a new store', async () => {
      const store = new RedisPolicyStore({ url: redis.url, prefix: 'crash', connectTimeoutMs: 500, commandTimeoutMs: 500 });
      expect((await store.reserve('b', 'a', [line], HOUR)).ok).to.equal(true);
      await redis.kill();
      const error = await store.reserve('b', 'b', [line], HOUR).catch((caught: unknown) => caught);
      expect(error).to.include({ code: ErrorCode.STORE_UNAVAILABLE });
      await redis.start();
      let answer: unknown;
      for (let attempt = 0; attempt < 40 && !answer; attempt++) {
        answer = await store.reserve('b', 'c', [line], HOUR).catch(() => undefined);
        if (!answer) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(answer).to.include({ ok: true });
      await store.close();
    });
  });

  describe('when closed', () => {
    it('refuses further use with E_STORE_UNAVAILABLE', async () => {
      const store = new RedisPolicyStore({ url: redis.url });
      await store.close();
      expect(await store.usage('b', '0.0.1', 'HBAR', HOUR).catch((caught: unknown) => caught)).to.include({ code: ErrorCode.STORE_UNAVAILABLE });
    });
  });
});

describe('Redis store options', () => {
  it('refuses a URL that is not redis:// and a prefix with key separators of its own', () => {
    expect(() => new RedisPolicyStore({ url: 'http://127.0.0.1' })).to.throw(/'url' must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(() => new RedisPolicyStore({ prefix: 'a{b}' })).to.throw(/'prefix' must be/);
  });

  it('names no credentials in its description', () => {
    expect(new RedisPolicyStore({ url: 'redis://user:s3cret@10.0.0.5:6380/2' }).description).to.equal('Redis at 10.0.0.5:6380 (prefix "agent-hooks")');
  });

  it('says which package to install when ioredis is missing', async () => {
    const missing = Object.assign(new Error("Cannot find package 'ioredis' imported from /app/x.js"), { code: 'ERR_MODULE_NOT_FOUND' });
    const error = await loadIoredis(() => Promise.reject(missing)).catch((caught: unknown) => caught);
    expect(error).to.include({ code: ErrorCode.MISSING_PEER });
    expect((error as Error).message).to.match(/^The Redis policy store .* needs ioredis, an optional peer dependency of hedera-agent-hooks that is not installed: run npm install ioredis\.$/);
  });

  describe('storeFrom (a config file\'s "store")', () => {
    it('makes a memory store for "memory", one in memory by default (until a kit with a journal moves it to its state file), a Redis store for { redis }, and keeps a given store', () => {
      expect(storeFrom('memory', 'P').store).to.be.instanceOf(MemoryPolicyStore);
      expect(storeFrom('memory', 'P')).to.include({ owned: true });
      const byDefault = storeFrom(undefined, 'P');
      expect(byDefault).to.include({ owned: true });
      expect(byDefault.store).to.include({ shared: false, description: 'memory' });
      const redis = storeFrom({ redis: 'redis://127.0.0.1:6379', prefix: 'agents' }, 'P');
      expect(redis.store.description).to.equal('Redis at 127.0.0.1:6379 (prefix "agents")');
      const given = new MemoryPolicyStore();
      expect(storeFrom(given, 'P')).to.deep.equal({ store: given, owned: false });
    });

    it('names the policy and the field in what it refuses', () => {
      expect(() => storeFrom({ redis: 'redis://h:1', db: 2 }, 'SpendLimitPolicy')).to.throw(`SpendLimitPolicy: unknown option 'store.db'; accepted: redis, prefix, commandTimeoutMs, connectTimeoutMs.`);
      expect(() => storeFrom('redis', 'SpendLimitPolicy')).to.throw(/SpendLimitPolicy: 'store' must be "memory", \{ "sqlite": "path\/to\/state\.sqlite" \}, \{ "redis"/);
      expect(() => storeFrom({ redis: 'nope' }, 'SpendLimitPolicy')).to.throw(`SpendLimitPolicy: 'store.redis' must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379, got "nope".`);
    });
  });
});
