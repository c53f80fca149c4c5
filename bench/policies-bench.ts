/**
 * Cost of the stateful policies per call, on a value tool that does no I/O (a transfer_hbar_tool
 * whose submission is a no-op): the same kit with SpendLimitPolicy and RateLimitPolicy on the
 * in-memory store against none and against one policy that always allows (any policy makes the
 * kit lock and fingerprint the params it judges, which dominates on SDK-typed params), and the
 * latency the Redis store adds (when redis-server is installed; the bench starts its own).
 */
import { AccountId, Client, Hbar, PrivateKey } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { AbstractPolicy, BaseTool, createAgentKit } from '../src/index.js';
import { RateLimitPolicy } from '../src/policies/rate-limit-policy.js';
import { SpendLimitPolicy } from '../src/policies/spend-limit-policy.js';
import type { PolicyStore } from '../src/policies/state/policy-store.js';
import { RedisPolicyStore } from '../src/policies/state/redis-store.js';
import { redisMissing, startTestRedis } from '../test/support/redis-server.js';
import { median, timePerCall } from './timing.js';

export interface PoliciesResult {
  case: 'policies';
  without_ns_per_call: number;
  /** The same kit with one policy that always allows: what judging costs before any state. */
  noop_policy_ns_per_call: number;
  memory_ns_per_call: number;
  ratio: number;
  ratio_to_noop_policy: number;
  /** Median added latency per call of the Redis store over the in-memory one, or null when skipped. */
  redis_added_us_per_call: number | null;
  redis_skipped?: string;
}

type Normalised = { hbarTransfers: { accountId: AccountId; amount: Hbar }[] };

/** transfer_hbar_tool's name and normalised shape, with a submission that does nothing. */
class NoopTransferTool extends BaseTool<Record<string, never>, Normalised, number> {
  method = 'transfer_hbar_tool';
  name = 'No-op transfer';
  description = 'Moves one tinybar on paper.';
  parameters = z.object({}).strict() as z.ZodType<Record<string, never>>;
  private readonly lines: Normalised = {
    hbarTransfers: [
      { accountId: AccountId.fromString('0.0.1001'), amount: Hbar.fromTinybars(1) },
      { accountId: AccountId.fromString('0.0.2'), amount: Hbar.fromTinybars(-1) },
    ],
  };
  normalizeParams() {
    return { hbarTransfers: this.lines.hbarTransfers.map((line) => ({ ...line })) };
  }
  coreAction() {
    return 1;
  }
  override shouldSecondaryAction() {
    return true;
  }
  override async secondaryAction() {
    return { raw: { status: 'SUCCESS' }, humanMessage: 'done' };
  }
}

/** Allows everything at the stage SpendLimitPolicy judges. */
class AllowPolicy extends AbstractPolicy {
  override name = 'Allow';
  override relevantTools = ['transfer_hbar_tool'];
  protected override shouldBlockPostParamsNormalization(): boolean {
    return false;
  }
}

const policiesOn = (store?: PolicyStore) => [
  new SpendLimitPolicy({ hbar: 1_000_000_000, windowMs: 3_600_000, ...(store ? { store, name: 'bench' } : {}) }),
  new RateLimitPolicy({ limit: 1_000_000_000, windowMs: 3_600_000, tools: ['transfer_hbar_tool'], ...(store ? { store, name: 'bench' } : {}) }),
];

export async function benchPolicies(callsPerRound = 5_000, rounds = 7): Promise<PoliciesResult> {
  const client = Client.forNetwork({ '127.0.0.1:9': '0.0.3' }, { scheduleNetworkUpdate: false }).setOperator('0.0.2', PrivateKey.generateED25519());
  const kitWith = (hooks: object[]) => createAgentKit({ client, pluginsDir: null, plugins: [{ name: 'bench', tools: () => [new NoopTransferTool()] }], context: { hooks } });
  const without = await kitWith([]);
  const noop = await kitWith([new AllowPolicy()]);
  const memory = await kitWith(policiesOn());
  const loop = (kit: typeof without, calls: number) => async () => {
    for (let i = 0; i < calls; i++) await kit.execute('transfer_hbar_tool', {});
  };
  const withoutRounds: number[] = [];
  const noopRounds: number[] = [];
  const memoryRounds: number[] = [];
  for (const kit of [without, noop, memory]) await loop(kit, callsPerRound)();
  for (let round = 0; round < rounds; round++) {
    withoutRounds.push(await timePerCall(loop(without, callsPerRound), callsPerRound));
    noopRounds.push(await timePerCall(loop(noop, callsPerRound), callsPerRound));
    memoryRounds.push(await timePerCall(loop(memory, callsPerRound), callsPerRound));
  }
  for (const kit of [without, noop, memory]) await kit.close();

  let redisAdded: number | null = null;
  let skipped: string | undefined;
  try {
    skipped = redisMissing();
  } catch (error) {
    skipped = (error as Error).message;
  }
  if (!skipped) {
    const server = await startTestRedis();
    const store = new RedisPolicyStore({ url: server.url, prefix: `bench-${Date.now()}` });
    const redis = await kitWith(policiesOn(store));
    const redisCalls = Math.max(200, Math.floor(callsPerRound / 10));
    await loop(redis, redisCalls)();
    const redisRounds: number[] = [];
    for (let round = 0; round < rounds; round++) redisRounds.push(await timePerCall(loop(redis, redisCalls), redisCalls));
    await redis.close();
    await store.close();
    await server.stop();
    redisAdded = Number(((median(redisRounds) - median(memoryRounds)) / 1_000).toFixed(1));
  }
  client.close();
  const withoutNs = median(withoutRounds);
  const noopNs = median(noopRounds);
  const memoryNs = median(memoryRounds);
  return {
    case: 'policies',
    without_ns_per_call: withoutNs,
    noop_policy_ns_per_call: noopNs,
    memory_ns_per_call: memoryNs,
    ratio: Number((memoryNs / withoutNs).toFixed(2)),
    ratio_to_noop_policy: Number((memoryNs / noopNs).toFixed(2)),
    redis_added_us_per_call: redisAdded,
    ...(skipped ? { redis_skipped: skipped } : {}),
  };
}
