import { ConfigError } from '../../config/config-error.js';
import { isPlainObject } from '../../config/config-schema.js';
import { buildListeners, type LoadedConfig, type Problem } from '../../config/load-config.js';
import { MemoryPolicyStore } from '../../policies/state/memory-store.js';
import { REPLAY_APPROVAL_TIMEOUT_MS, type ReplayApprovals } from './replay-approvals.js';

/** The clock the replayed policies judge by: the recorded call's time, set before each call. */
export interface ReplayClock {
  at: number;
  now(): number;
}

export function replayClock(): ReplayClock {
  const clock = { at: 0, now: () => clock.at };
  return clock;
}

/** Policies whose first argument's `store` holds their state (budgets, counters, claims). */
const STATEFUL = new Set(['SpendLimitPolicy', 'RateLimitPolicy', 'DuplicateIntentPolicy']);
/** Compositions: their arguments are policy entries. */
const COMPOSITIONS = new Set(['allOf', 'anyOf', 'not']);

/**
 * Policies that also read the system clock (or today's ledger through the mirror), not only their
 * store's: in a replay they judge those parts at the time of the replay. Said in every report that has them.
 */
const JUDGED_PARTLY_NOW: Record<string, string> = {
  RateLimitPolicy: 'RateLimitPolicy counts calls per window with the system clock, so its windows are those of the replay, not of the recorded calls',
  DuplicateIntentPolicy: 'DuplicateIntentPolicy dates the intents it holds by the system clock, so a repeat is judged by how close together the replayed calls run, not the recorded ones',
  AllowanceSpendPolicy: "AllowanceSpendPolicy reads today's allowances from the mirror node, not those in force when the calls were made",
};

const LEDGER_APPROVAL =
  "ApprovalPolicy via: 'schedule' is replayed as holding each call it would ask about (approving it when live it went on under its approval request): live, the paying accounts' threshold keys decide whether such a call goes out as a schedule or is blocked, and a replay reads no keys from the ledger";

/** The configuration's policies rebuilt for a replay, and what the report must say about them. */
export interface ReplayPolicies {
  policies: unknown[];
  /** Plain-words limits of this replay (see JUDGED_PARTLY_NOW). */
  warnings: string[];
}

/**
 * Rebuilds the configuration's policies from their entries so that nothing they keep or touch is
 * the live agents': every state store is a fresh in-memory one whose clock is `clock` (policies
 * that shared one Redis store and prefix share one fresh store, so shared budgets stay shared),
 * TimeWindowPolicy judges at `clock`, and ApprovalPolicy asks nobody: `approvals` answers in the
 * call from the trail (approved when live the call went on under an approval, held otherwise), so
 * the policies after it count an approved call as they did live. A policy in report mode
 * (`"mode": "report"`) stays in report mode, so the replay says what it would have reported. Hooks
 * are not rebuilt: a replay records nothing.
 * A policy given as an instance (a JS configuration) cannot be rebuilt, and is refused rather than
 * run against the store it holds.
 */
export function replayPolicies(loaded: LoadedConfig, clock: ReplayClock, approvals: ReplayApprovals): ReplayPolicies {
  const stores = new Map<string, MemoryPolicyStore>();
  const warnings = new Set<string>();
  const problems: string[] = [];
  const storeFor = (spec: unknown): MemoryPolicyStore => {
    const redis = isPlainObject(spec) && typeof spec.redis === 'string' ? `${spec.redis} ${String(spec.prefix ?? '')}` : undefined;
    const fresh = (): MemoryPolicyStore => new MemoryPolicyStore({ now: clock.now });
    if (redis === undefined) return fresh();
    let store = stores.get(redis);
    if (!store) stores.set(redis, (store = fresh()));
    return store;
  };
  const rewrite = (entry: unknown, where: string): unknown => {
    if (!isPlainObject(entry) || typeof entry.policy !== 'string' || !Array.isArray(entry.args)) {
      problems.push(`${where}: policy replay rebuilds every policy from its { "policy", "args" } entry, to give it a fresh store and the recorded calls' clock; this one is an instance (a JS configuration), which it cannot rebuild without running it on the state it holds. Name it as { policy: "<class name>", args: [...] }`);
      return entry;
    }
    const name = entry.policy;
    const [first, ...rest] = entry.args as unknown[];
    const options = isPlainObject(first) ? { ...first } : first;
    if (JUDGED_PARTLY_NOW[name]) warnings.add(JUDGED_PARTLY_NOW[name]);
    if (COMPOSITIONS.has(name)) return { policy: name, args: (entry.args as unknown[]).map((arg, at) => rewrite(arg, `${where}.args[${at}]`)) };
    if (!isPlainObject(options)) return entry;
    if (STATEFUL.has(name)) options.store = storeFor(options.store);
    if (name === 'TimeWindowPolicy') options.now = clock.now;
    if (name === 'ApprovalPolicy') {
      if (options.via === 'schedule') {
        // Live, the paying accounts' keys decide between a schedule and a block; the replay reads no ledger.
        delete options.via;
        delete options.stage;
        warnings.add(LEDGER_APPROVAL);
      }
      // Nobody is asked: the trail answers, in the call, at once. One answer is the whole quorum, and
      // no request outlives the call (so the policy stays valid inside a combination too).
      delete options.store;
      delete options.quorum;
      options.wait = 'in-call';
      options.approver = approvals.approver;
      options.timeoutMs = REPLAY_APPROVAL_TIMEOUT_MS;
    }
    return { policy: name, args: [options, ...rest], ...(entry.mode === 'report' ? { mode: 'report' } : {}) };
  };
  const entries = loaded.config.policies.map((entry, at) => rewrite(entry, `policies[${at}]`));
  if (problems.length) throw new ConfigError(loaded.source, problems);
  // Built as the configuration builds them (report mode included), from the rewritten entries.
  const built: Problem[] = [];
  const policies = buildListeners(entries, 'policies', built, loaded.baseDir);
  if (built.length) throw new ConfigError(loaded.source, built.map((problem) => problem.text));
  return { policies, warnings: [...warnings] };
}
