/**
 * Cost of the stateful policies per call on a value tool that does no I/O: the core
 * transfer_hbar_tool's own schema and normalisation (what every HBAR transfer pays, and what the
 * policies judge), with a core action that builds nothing and a submission that sends nothing. The
 * same kit with SpendLimitPolicy and RateLimitPolicy on the in-memory store runs against none and
 * against one policy that always allows (any policy makes the kit lock the params it judges), and
 * the latency the Redis store adds (when redis-server is installed; the bench starts its own).
 * A bare case repeats the comparison on a tool that does no work at all (no params, normalised
 * params handed over ready-made), where the policies' cost shows against the lifecycle alone.
 */
import { AccountId, Client, Hbar, PrivateKey } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { TransferHbarTool } from '../plugins/core-account/transfer-hbar-tool.js';
import { AbstractPolicy, BaseTool, createAgentKit, reportOnly, type RawToolResult } from '../src/index.js';
import { ExchangeRateSource } from '../src/mirror/exchange-rate-source.js';
import { MaxTransferPolicy } from '../src/policies/max-transfer-policy.js';
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
  /** The same kit with a dollar cap and a dollar budget (MaxTransferPolicy + SpendLimitPolicy, usd), the rate kept fresh. */
  usd_ns_per_call: number;
  /** usd_ns_per_call over without_ns_per_call: what dollar limits cost a call, conversion included (target ≤ 2). */
  usd_ratio: number;
  /**
   * The same two policies in report mode beside a third, in report mode too, that would block every
   * call: each call pays report mode's path (a would-block logged, counted and noted for the audit).
   */
  report_ns_per_call: number;
  /** report_ns_per_call over without_ns_per_call: three policies, so no target of its own; see report_to_enforcing. */
  report_ratio: number;
  /** The same three policies enforcing, the third allowing every call: what report mode's path adds is report over this. */
  enforcing_three_ns_per_call: number;
  /** report_ns_per_call over enforcing_three_ns_per_call: the cost of report mode's path itself (target ≤ 1.2). */
  report_to_enforcing: number;
  /** The same three kits on a tool that does no work at all. */
  bare_without_ns_per_call: number;
  bare_memory_ns_per_call: number;
  bare_ratio: number;
  /** Median added latency per call of the Redis store over the in-memory one, or null when skipped. */
  redis_added_us_per_call: number | null;
  redis_skipped?: string;
}

/** transfer_hbar_tool as it parses and normalises, with nothing built or sent. */
class NoopTransferHbarTool extends TransferHbarTool {
  // The transfer is "done" on paper: the result a submission would have had.
  override coreAction(): never {
    return { status: 'SUCCESS' } as never;
  }
  override async secondaryAction(): Promise<{ raw: RawToolResult; humanMessage: string }> {
    return { raw: { status: 'SUCCESS' }, humanMessage: 'done' };
  }
}

const TRANSFER_INPUT = { transfers: [{ accountId: '0.0.1001', amount: 0.00000001 }] };

type Normalised = { hbarTransfers: { accountId: AccountId; amount: Hbar }[] };

/** transfer_hbar_tool's name and normalised shape, with no params and a submission that does nothing. */
class BareTransferTool extends BaseTool<Record<string, never>, Normalised, number> {
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

/** Would block every call at the stage SpendLimitPolicy judges; run in report mode, so none is blocked. */
class WouldBlockPolicy extends AbstractPolicy {
  override name = 'Would Block';
  override relevantTools = ['transfer_hbar_tool'];
  protected override shouldBlockPostParamsNormalization(): boolean {
    return true;
  }
}

const policiesOn = (store?: PolicyStore) => [
  new SpendLimitPolicy({ hbar: 1_000_000_000, windowMs: 3_600_000, ...(store ? { store, name: 'bench' } : {}) }),
  new RateLimitPolicy({ limit: 1_000_000_000, windowMs: 3_600_000, tools: ['transfer_hbar_tool'], ...(store ? { store, name: 'bench' } : {}) }),
];

/**
 * A dollar cap and a dollar budget, valued at a rate read once from an answer kept in the process
 * (no mirror, no network): the per-call cost is the conversion and the check, as on a kit whose
 * rate is fresh, which is every call but the first after each refresh.
 */
function dollarPolicies(): object[] {
  const expires = Math.floor(Date.now() / 1000) + 86_400;
  const reader = {
    getExchangeRate: async () => ({
      current_rate: { hbar_equivalent: 1, cent_equivalent: 12, expiration_time: expires },
      next_rate: { hbar_equivalent: 1, cent_equivalent: 12, expiration_time: expires + 3600 },
      timestamp: `${Math.floor(Date.now() / 1000)}.000000000`,
    }),
  };
  const exchangeRate = new ExchangeRateSource(reader, { maxAgeMs: 3_600_000 });
  return [new MaxTransferPolicy({ usd: 1_000_000_000, exchangeRate }), new SpendLimitPolicy({ usd: 1_000_000_000, windowMs: 3_600_000, exchangeRate })];
}

type Kit = Awaited<ReturnType<typeof createAgentKit>>;

export async function benchPolicies(callsPerRound = 5_000, rounds = 7): Promise<PoliciesResult> {
  const client = Client.forNetwork({ '127.0.0.1:9': '0.0.3' }, { scheduleNetworkUpdate: false }).setOperator('0.0.2', PrivateKey.generateED25519());
  const kitWith = (tool: () => BaseTool, hooks: object[]) => createAgentKit({ client, pluginsDir: null, plugins: [{ name: 'bench', tools: () => [tool()] }], context: { hooks } });
  const value = () => new NoopTransferHbarTool();
  const bare = () => new BareTransferTool();
  const kits: Record<'without' | 'noop' | 'memory' | 'usd' | 'report' | 'enforcingThree' | 'bareWithout' | 'bareMemory', { kit: Kit; input: unknown; rounds: number[] }> = {
    without: { kit: await kitWith(value, []), input: TRANSFER_INPUT, rounds: [] },
    noop: { kit: await kitWith(value, [new AllowPolicy()]), input: TRANSFER_INPUT, rounds: [] },
    memory: { kit: await kitWith(value, policiesOn()), input: TRANSFER_INPUT, rounds: [] },
    usd: { kit: await kitWith(value, dollarPolicies()), input: TRANSFER_INPUT, rounds: [] },
    report: { kit: await kitWith(value, [...policiesOn(), new WouldBlockPolicy()].map((policy) => reportOnly(policy))), input: TRANSFER_INPUT, rounds: [] },
    enforcingThree: { kit: await kitWith(value, [...policiesOn(), new AllowPolicy()]), input: TRANSFER_INPUT, rounds: [] },
    bareWithout: { kit: await kitWith(bare, []), input: {}, rounds: [] },
    bareMemory: { kit: await kitWith(bare, policiesOn()), input: {}, rounds: [] },
  };
  const loop = (kit: Kit, input: unknown, calls: number) => async () => {
    for (let i = 0; i < calls; i++) {
      const result = await kit.execute('transfer_hbar_tool', input);
      if (result.raw.status !== 'SUCCESS') throw new Error(`policies bench: the call did not succeed: ${result.humanMessage}`);
    }
  };
  for (const { kit, input } of Object.values(kits)) await loop(kit, input, callsPerRound)();
  // Interleaved, so drift on a shared machine hits every kit alike.
  for (let round = 0; round < rounds; round++) {
    for (const entry of Object.values(kits)) entry.rounds.push(await timePerCall(loop(entry.kit, entry.input, callsPerRound), callsPerRound));
  }
  for (const { kit } of Object.values(kits)) await kit.close();

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
    const redis = await kitWith(value, policiesOn(store));
    const redisCalls = Math.max(200, Math.floor(callsPerRound / 10));
    await loop(redis, TRANSFER_INPUT, redisCalls)();
    const redisRounds: number[] = [];
    for (let round = 0; round < rounds; round++) redisRounds.push(await timePerCall(loop(redis, TRANSFER_INPUT, redisCalls), redisCalls));
    await redis.close();
    await store.close();
    await server.stop();
    redisAdded = Number(((median(redisRounds) - median(kits.memory.rounds)) / 1_000).toFixed(1));
  }
  client.close();
  const [withoutNs, noopNs, memoryNs, bareWithoutNs, bareMemoryNs] = [kits.without, kits.noop, kits.memory, kits.bareWithout, kits.bareMemory].map((entry) => median(entry.rounds)) as [number, number, number, number, number];
  return {
    case: 'policies',
    without_ns_per_call: withoutNs,
    noop_policy_ns_per_call: noopNs,
    memory_ns_per_call: memoryNs,
    ratio: Number((memoryNs / withoutNs).toFixed(2)),
    ratio_to_noop_policy: Number((memoryNs / noopNs).toFixed(2)),
    usd_ns_per_call: median(kits.usd.rounds),
    usd_ratio: Number((median(kits.usd.rounds) / withoutNs).toFixed(2)),
    report_ns_per_call: median(kits.report.rounds),
    report_ratio: Number((median(kits.report.rounds) / withoutNs).toFixed(2)),
    enforcing_three_ns_per_call: median(kits.enforcingThree.rounds),
    report_to_enforcing: Number((median(kits.report.rounds) / median(kits.enforcingThree.rounds)).toFixed(2)),
    bare_without_ns_per_call: bareWithoutNs,
    bare_memory_ns_per_call: bareMemoryNs,
    bare_ratio: Number((bareMemoryNs / bareWithoutNs).toFixed(2)),
    redis_added_us_per_call: redisAdded,
    ...(skipped ? { redis_skipped: skipped } : {}),
  };
}
