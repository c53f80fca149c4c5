import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import { AgentHooksError, ErrorCode, isAgentHooksError, messageOf, parseOptions } from '../../errors/index.js';
import { loadWithPeer } from '../../lifecycle/optional-peer.js';
import { CLAIM_DROP_SCRIPT, CLAIM_TAKE_SCRIPT, CLAIM_UPDATE_SCRIPT } from './claim-scripts.js';
import type { BudgetLine, BudgetUsage, ClaimBook, PolicyStore, Reservation, SwitchCell, WindowCount, WindowCounter } from './policy-store.js';
import { peekOf } from './window-peek.js';
import { COMMIT_SCRIPT, COUNTER_SCRIPT, RELEASE_SCRIPT, RESERVE_SCRIPT, USAGE_SCRIPT } from './redis-scripts.js';

export interface RedisPolicyStoreOptions {
  /** `redis://[user:password@]host:port[/db]` or `rediss://…`; default `redis://127.0.0.1:6379`. */
  url?: string;
  /**
   * An ioredis client you made (and close yourself) instead of `url`. The store's own client does
   * not queue commands while disconnected; give yours `enableOfflineQueue: false` and a
   * `commandTimeout` too, or a call waits for Redis instead of being refused.
   */
  client?: object;
  /** Prepended to every key (`<prefix>:budget:…`, `<prefix>:rate:…`); default `agent-hooks`. */
  prefix?: string;
  /** How long one command may take before the policy blocks; default 1000 ms. */
  commandTimeoutMs?: number;
  /** How long to wait for a connection (at start, or while Redis is coming back); default 1000 ms. */
  connectTimeoutMs?: number;
}

const DEFAULT_URL = 'redis://127.0.0.1:6379';
const DEFAULT_PREFIX = 'agent-hooks';
const URL_ACCEPTED = `a redis:// or rediss:// URL such as ${DEFAULT_URL}`;

/** A Redis URL; one refused is shown without its credentials. */
export const redisUrlOption = z.string({ error: URL_ACCEPTED }).superRefine((url, ctx) => {
  if (!isRedisUrl(url)) ctx.addIssue({ code: 'custom', message: URL_ACCEPTED, input: url.replace(/\/\/[^@/]*@/, '//…@') });
});

/** A key prefix: 1 to 100 letters, digits, `_ . : -`. */
export const redisPrefixOption = z.string({ error: "1 to 100 letters, digits, '_', '.', ':' or '-'" }).regex(/^[\w.:-]{1,100}$/, { error: "1 to 100 letters, digits, '_', '.', ':' or '-'" });

/** A time limit of a Redis store: more than 0 and at most 10 minutes. */
export const redisTimeoutOption = z.number({ error: 'a positive number of ms up to 600000' }).refine((ms) => Number.isFinite(ms) && ms > 0 && ms <= 600_000, { error: 'a positive number of ms up to 600000' });

/** The options of RedisPolicyStore, checked before anything connects; an option it does not know is refused. */
export const redisStoreOptions = z
  .object(
    {
      url: redisUrlOption.optional(),
      client: z.custom<object>((value) => value !== null && typeof value === 'object', { error: 'an ioredis client you made (an object)' }).optional(),
      prefix: redisPrefixOption.optional(),
      commandTimeoutMs: redisTimeoutOption.optional(),
      connectTimeoutMs: redisTimeoutOption.optional(),
    },
    { error: 'options { url?, client?, prefix?, commandTimeoutMs?, connectTimeoutMs? }' },
  )
  .strict();

type ScriptCommand = (...args: (string | number)[]) => Promise<unknown>;
type ScriptedRedis = Redis & Record<'agentHooksReserve' | 'agentHooksCommit' | 'agentHooksRelease' | 'agentHooksUsage' | 'agentHooksClaimTake' | 'agentHooksClaimUpdate' | 'agentHooksClaimDrop', ScriptCommand>;

/**
 * Budgets, counters and claims on a Redis server, shared by every agent process that uses the same server,
 * prefix and budget name. Each reserve, commit and release is one Lua script and each count one
 * rate-limiter-flexible operation, so they are atomic on the server. ioredis (an optional peer) is
 * loaded on first use; without it, that use fails with E_MISSING_PEER, which blocks the call.
 *
 * When Redis is unreachable, every operation fails within the time limits above (nothing is queued)
 * with E_STORE_UNAVAILABLE, so the policies block; ioredis reconnects, and they recover when it is back.
 *
 * @example
 * const store = new RedisPolicyStore({ url: 'redis://127.0.0.1:6379', prefix: 'agents' });
 * new SpendLimitPolicy({ hbar: 500, windowMs: 86_400_000, store, name: 'team-a' });
 */
export class RedisPolicyStore implements PolicyStore {
  readonly shared = true;
  readonly description: string;
  private readonly prefix: string;
  private readonly url: string;
  private readonly commandTimeoutMs: number;
  private readonly connectTimeoutMs: number;
  private readonly owned: boolean;
  private connection?: Promise<ScriptedRedis>;
  private lastError?: string;
  private waiting?: Promise<void>;
  private closed = false;

  /** The constructor's arguments, as a configuration's JSON schema describes them. */
  static readonly configArgs = z.tuple([redisStoreOptions.optional()]);

  constructor(options: RedisPolicyStoreOptions = {}) {
    parseOptions('RedisPolicyStore', redisStoreOptions, options);
    this.url = options.url ?? DEFAULT_URL;
    this.prefix = options.prefix ?? DEFAULT_PREFIX;
    this.commandTimeoutMs = options.commandTimeoutMs ?? 1_000;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 1_000;
    this.owned = options.client === undefined;
    this.description = `Redis at ${options.client ? 'the given client' : hostOf(this.url)} (prefix "${this.prefix}")`;
    if (options.client) this.connection = Promise.resolve(withScripts(options.client as Redis, (problem) => (this.lastError = problem)));
  }

  async reserve(budget: string, id: string, lines: readonly BudgetLine[], windowMs: number): Promise<Reservation> {
    const keys = this.keysOf(budget, lines);
    const argv = [id, windowMs, ...lines.flatMap((line) => [line.amount.toString(), line.limit.toString()])];
    const answer = (await this.run((redis) => redis.agentHooksReserve(keys.length, ...keys, ...argv))) as string[];
    const now = Number(answer[1]);
    if (answer[0] === '1') return { ok: true, now };
    const line = lines[Number(answer[2]) - 1]!;
    return { ok: false, now, line, used: BigInt(answer[3]!), ...(answer[4] ? { freesAt: Number(answer[4]) } : {}) };
  }

  async commit(budget: string, id: string, lines: readonly BudgetLine[], windowMs: number): Promise<void> {
    const keys = this.keysOf(budget, lines);
    await this.run((redis) => redis.agentHooksCommit(keys.length, ...keys, id, windowMs, ...lines.map((line) => line.amount.toString())));
  }

  async release(budget: string, id: string, lines: readonly BudgetLine[]): Promise<void> {
    const keys = this.keysOf(budget, lines);
    await this.run((redis) => redis.agentHooksRelease(keys.length, ...keys, id));
  }

  async usage(budget: string, account: string, asset: string, windowMs: number): Promise<BudgetUsage> {
    const keys = this.keysOf(budget, [{ account, asset }]);
    const [committed, pending] = (await this.run((redis) => redis.agentHooksUsage(2, ...keys, windowMs))) as string[];
    return { committed: BigInt(committed!), pending: BigInt(pending!) };
  }

  counter(name: string, limit: number, windowMs: number): WindowCounter {
    let limiter: Promise<RateLimiterRedis> | undefined;
    const limiterOf = (): Promise<RateLimiterRedis> =>
      (limiter ??= this.connect().then(
        (redis) =>
          new RateLimiterRedis({
            storeClient: redis,
            points: limit,
            duration: windowMs / 1000,
            keyPrefix: `${this.prefix}:rate:{${name}}`,
            rejectIfRedisNotReady: true,
            customIncrTtlLuaScript: COUNTER_SCRIPT,
          }),
        (error: unknown) => {
          limiter = undefined; // a missing peer or a closed store: ask again next time
          throw error;
        },
      ));
    return {
      take: (key) =>
        this.run(async () => {
          const rate = await limiterOf();
          try {
            const res = await rate.consume(key, 1);
            return { ok: true, count: res.consumedPoints, resetsInMs: res.msBeforeNext } satisfies WindowCount;
          } catch (refused) {
            if (!(refused instanceof RateLimiterRes)) throw refused;
            // Counted even though refused; uncount it, so the count is the calls admitted.
            await rate.reward(key, 1);
            return { ok: false, count: refused.consumedPoints - 1, resetsInMs: refused.msBeforeNext } satisfies WindowCount;
          }
        }),
      giveBack: (key) => this.run(async () => void (await (await limiterOf()).reward(key, 1))),
      peek: (key) => this.run(async () => peekOf(await (await limiterOf()).get(key))),
    };
  }

  /** Claims as `<prefix>:claim:{<name>}:<key>`, the name as the hash tag (one cluster slot per book). */
  claims(name: string): ClaimBook {
    const keyOf = (key: string) => `${this.prefix}:claim:{${name}}:${key}`;
    return {
      take: async (key, holder, record, holdMs) => {
        const answer = (await this.run((redis) => redis.agentHooksClaimTake(1, keyOf(key), holder, record, Math.max(1, Math.ceil(holdMs))))) as [number, string?];
        if (Number(answer[0]) === 1) return { ok: true };
        const held = String(answer[1]);
        const cut = held.indexOf('\n');
        return { ok: false, holder: held.slice(0, cut), record: held.slice(cut + 1) };
      },
      update: async (key, holder, record, holdMs) => {
        await this.run((redis) => redis.agentHooksClaimUpdate(1, keyOf(key), holder, record, Math.max(1, Math.ceil(holdMs))));
      },
      drop: async (key, holder) => {
        await this.run((redis) => redis.agentHooksClaimDrop(1, keyOf(key), holder));
      },
    };
  }

  /**
   * Runs `operation` on this store's connection, with its failure handling (E_STORE_UNAVAILABLE), for
   * the package's other Redis records (the approval store) to share one connection and its options.
   */
  withConnection<T>(operation: (redis: Redis) => Promise<T>): Promise<T> {
    return this.run(operation);
  }

  /** The key prefix of this store, for the records that share its connection. */
  get keyPrefix(): string {
    return this.prefix;
  }

  /**
   * A switch as `<prefix>:switch:{<name>}`, a plain string key with no expiry: a pause outlives the
   * process that set it. SET … GET and GETDEL (Redis 6.2) make each change answer what it replaced.
   */
  switch(name: string): SwitchCell {
    const key = `${this.prefix}:switch:{${name}}`;
    const text = (value: unknown): string | undefined => (value === null || value === undefined ? undefined : String(value));
    return {
      read: async () => text(await this.run((redis) => redis.get(key))),
      set: async (record) => text(await this.run((redis) => redis.call('SET', key, record, 'GET'))),
      clear: async () => text(await this.run((redis) => redis.call('GETDEL', key))),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const connection = this.connection;
    this.connection = undefined;
    if (!connection || !this.owned) return;
    const redis = await connection.catch(() => undefined);
    redis?.disconnect();
  }

  /** Runs one operation on a ready connection; any failure is E_STORE_UNAVAILABLE (the policy blocks). */
  private async run<T>(operation: (redis: ScriptedRedis) => Promise<T>): Promise<T> {
    let redis: ScriptedRedis;
    try {
      redis = await this.ready();
    } catch (error) {
      if (isAgentHooksError(error)) throw error;
      throw this.unavailable(messageOf(error));
    }
    try {
      return await operation(redis);
    } catch (error) {
      if (isAgentHooksError(error)) throw error;
      throw this.unavailable(messageOf(error));
    }
  }

  private async ready(): Promise<ScriptedRedis> {
    const redis = await this.connect();
    if (redis.status === 'ready') return redis;
    if (redis.status === 'end' || this.closed) throw this.unavailable('the connection is closed');
    if (redis.status === 'wait') redis.connect().catch(() => undefined);
    // One wait per connection attempt, however many calls are waiting for it.
    this.waiting ??= new Promise<void>((resolve, reject) => {
      const finish = (problem?: string): void => {
        clearTimeout(timer);
        redis.off('ready', onReady);
        redis.off('close', onClose);
        this.waiting = undefined;
        if (problem) reject(this.unavailable(problem));
        else resolve();
      };
      const onReady = (): void => finish();
      const onClose = (): void => finish(this.lastError ?? 'the connection closed');
      const timer = setTimeout(() => finish(this.lastError ?? `no connection within ${this.connectTimeoutMs} ms`), this.connectTimeoutMs);
      redis.once('ready', onReady);
      redis.once('close', onClose);
    });
    await this.waiting;
    return redis;
  }

  private connect(): Promise<ScriptedRedis> {
    if (this.closed) return Promise.reject(this.unavailable('the store is closed'));
    this.connection ??= loadIoredis().then(
      (RedisClass) =>
        withScripts(
          new (RedisClass as new (url: string, options: object) => Redis)(this.url, {
            lazyConnect: true,
            // Fail at once while disconnected instead of queueing: a policy must not wait for Redis.
            enableOfflineQueue: false,
            maxRetriesPerRequest: 0,
            commandTimeout: this.commandTimeoutMs,
            connectTimeout: this.connectTimeoutMs,
            retryStrategy: (times: number) => Math.min(50 * 2 ** Math.min(times, 5), 1_000),
          }),
          (problem) => (this.lastError = problem),
        ),
      (error: unknown) => {
        this.connection = undefined;
        throw error;
      },
    );
    return this.connection;
  }

  /** Keys of each line: its sorted set and its amounts hash, the budget's name as the hash tag. */
  private keysOf(budget: string, lines: readonly Pick<BudgetLine, 'account' | 'asset'>[]): string[] {
    return lines.flatMap((line) => {
      const base = `${this.prefix}:budget:{${budget}}:${line.account}:${line.asset}`;
      return [base, `${base}:amounts`];
    });
  }

  private unavailable(why: string): AgentHooksError {
    return new AgentHooksError(ErrorCode.STORE_UNAVAILABLE, `the policy store (${this.description}) is unreachable: ${why}`);
  }
}

/** ioredis, loaded on first use: it is an optional peer, needed only by this store. */
export async function loadIoredis(load: () => Promise<unknown> = () => import('ioredis')): Promise<new (url: string, options: object) => object> {
  const module = (await loadWithPeer(load, 'ioredis', 'The Redis policy store (RedisPolicyStore, or "store": { "redis": … } in a config)')) as Record<string, any>;
  return module.Redis ?? module.default?.Redis ?? module.default;
}

function withScripts(redis: Redis, noteProblem: (problem: string | undefined) => void): ScriptedRedis {
  // Without a listener ioredis prints every connection error; the store reports them in its errors.
  redis.on('error', (error: unknown) => noteProblem(messageOf(error)));
  redis.on('ready', () => noteProblem(undefined));
  redis.defineCommand('agentHooksReserve', { lua: RESERVE_SCRIPT });
  redis.defineCommand('agentHooksCommit', { lua: COMMIT_SCRIPT });
  redis.defineCommand('agentHooksRelease', { lua: RELEASE_SCRIPT });
  redis.defineCommand('agentHooksUsage', { lua: USAGE_SCRIPT });
  redis.defineCommand('agentHooksClaimTake', { lua: CLAIM_TAKE_SCRIPT });
  redis.defineCommand('agentHooksClaimUpdate', { lua: CLAIM_UPDATE_SCRIPT });
  redis.defineCommand('agentHooksClaimDrop', { lua: CLAIM_DROP_SCRIPT });
  return redis as ScriptedRedis;
}

/** `host:port` of a Redis URL (checked by redisUrlOption), without credentials, for messages. */
function hostOf(url: string): string {
  return new URL(url).host || '127.0.0.1:6379';
}

function isRedisUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'redis:' || protocol === 'rediss:';
  } catch {
    return false;
  }
}
