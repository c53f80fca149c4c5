import { z } from 'zod';
import type { CallOutcome } from '../lifecycle/call-outcome.js';
import { invalidArgument, messageOf, parseOptions } from '../errors/index.js';
import { PolicyBlockedError } from '../lifecycle/policy-blocked-error.js';
import type { PreToolExecutionParams } from '../lifecycle/stage-events.js';
import { AbstractPolicy } from '../listeners/abstract-policy.js';
import { waitText, windowText } from './limit-text.js';
import type { PolicyStore, WindowCount, WindowCounter } from './state/policy-store.js';
import { storeFrom, storeOption, type StoreSpec } from './state/store-spec.js';
import { storeNameOption, toolsOption, wholeMsOption } from './option-schemas.js';
import { markReadOnly } from '../listeners/read-only-policies.js';
import { PerKey, perOption, scopedName, shownKey, type PerOption } from './per-key.js';

export interface RateLimitOptions {
  /** Calls allowed per window. */
  limit: number;
  /** The window, in whole seconds (a multiple of 1000 ms): it starts with its first call. */
  windowMs: number;
  /** The tools it counts; default every tool (`'*'`). */
  tools?: string[];
  /** Count the listed tools together under this name; without it, each tool has its own count. */
  group?: string;
  /** Where the counts live: a PolicyStore, `'memory'` (default, this policy's own) or `{ redis, prefix }`. */
  store?: PolicyStore | StoreSpec;
  /** Names the counts in the store: agents share them when they use the same store, prefix and name. Required with a shared (Redis) store. */
  name?: string;
  /**
   * Whose calls are counted together: a path into the call's context (`'context.sessionId'`) or a
   * function of its event. Each key has its own counts; a call whose key cannot be read is refused,
   * never counted with the others. Default: every call counted together.
   */
  per?: PerOption<PreToolExecutionParams>;
}

/**
 * RateLimitPolicy's options. An option it does not know (say `perSession`) is refused: taken and
 * ignored, it would leave a limit the user meant unapplied. The keys are checked against
 * the interface at compile time, so a new option cannot be left out.
 */
export const rateLimitOptions = z
  .object(
    {
      limit: z.number({ error: 'a positive integer' }).refine((limit) => Number.isSafeInteger(limit) && limit >= 1, { error: 'a positive integer' }),
      // The counter library keeps windows in whole seconds; a fraction would be cut, 0 s never expires.
      windowMs: wholeMsOption('a whole number of seconds in ms (a multiple of 1000, at least 1000)', 1_000, 366 * 86_400_000, 1_000),
      tools: toolsOption.optional(),
      group: storeNameOption.optional(),
      store: storeOption.optional(),
      name: storeNameOption.optional(),
      per: perOption.optional(),
    } satisfies Record<keyof RateLimitOptions, z.ZodType>,
    { error: 'options { limit, windowMs, tools?, group?, store?, name?, per? }' },
  )
  .strict();

/** What RateLimitPolicy's counts hold now, read without counting: what a console shows. */
export interface RateCounts {
  /** Calls allowed per window, for each count. */
  readonly limit: number;
  readonly windowMs: number;
  /** Whether one count covers a group of tools (`group`) or each tool has its own. */
  readonly countedPer: 'group' | 'tool';
  /** With `per`: what the counts are kept per (`context.sessionId`); no count is read then, as no one key is "the" figure. */
  readonly perKey?: string;
  /** One per group or tool read: calls counted in its current window, and when that window ends (0: none open). */
  readonly counts: readonly { readonly name: string; readonly used: number; readonly resetsInMs: number }[];
}

interface Taken {
  readonly key: string;
  /** When the window this call was counted in ends (local clock). */
  readonly until: number;
}

/**
 * Calls per window, per tool or per group of tools, judged at preToolExecution before the input is
 * even parsed. A call is counted when it is admitted; one that then does not execute (blocked later,
 * invalid, failed before submission) is given back when the kit settles it, so only calls that ran
 * (or may have) use up the window. The counter is rate-limiter-flexible's, in memory or on Redis.
 * Under a burst at the limit, a call may be refused while another is being refused at the same
 * instant; more than `limit` calls are never admitted.
 *
 * @example
 * new RateLimitPolicy({ limit: 10, windowMs: 60_000, tools: ['transfer_hbar_tool', 'transfer_fungible_token_tool'], group: 'transfers' })
 */
export class RateLimitPolicy extends AbstractPolicy {
  override name = 'Rate Limit Policy';
  override description: string;
  override relevantTools: string[];
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly group?: string;
  private readonly counts: string;
  private readonly store: PolicyStore;
  private readonly ownsStore: boolean;
  private readonly counter: WindowCounter;
  private readonly taken = new Map<string, Promise<Taken | undefined>>();
  private readonly per?: PerKey<PreToolExecutionParams>;

  /** The constructor's arguments, as a configuration's JSON schema describes them. */
  static readonly configArgs = z.tuple([rateLimitOptions]);

  constructor(options: RateLimitOptions) {
    super();
    const owner = 'RateLimitPolicy';
    const { limit, windowMs, group, name, tools, per } = parseOptions(owner, rateLimitOptions, options);
    const { store, owned } = storeFrom(options.store, owner);
    if (name === undefined && store.shared) {
      throw invalidArgument(`${owner}: a shared store (${store.description}) needs a 'name': agents that use the same store, prefix and name share the counts.`);
    }
    this.relevantTools = [...(tools ?? ['*'])];
    this.limit = limit;
    this.windowMs = windowMs;
    this.group = group;
    this.counts = name ?? 'rate-limit';
    this.store = store;
    this.ownsStore = owned;
    this.counter = store.counter(this.counts, limit, windowMs);
    if (per !== undefined) this.per = new PerKey(per as PerOption<PreToolExecutionParams>);
    const scope = group ? `the tools of group "${group}" together` : 'each tool';
    this.description = `Allows ${scope} ${limit} call${limit === 1 ? '' : 's'} per ${windowText(windowMs)}${this.per ? ` for each ${this.per.label}` : ''}`;
  }

  protected override async shouldBlockPreToolExecution(params: PreToolExecutionParams, method: string): Promise<boolean> {
    // Read before anything is counted: a call whose key cannot be read is refused, never pooled.
    const per = this.per ? this.per.of(params) : undefined;
    const key = per === undefined ? (this.group ?? method) : scopedName(this.group ?? method, per);
    const started = Date.now();
    const attempt = this.counter.take(key);
    const callId = params.callId;
    if (callId) this.taken.set(callId, attempt.then((count) => (count.ok ? { key, until: started + count.resetsInMs } : undefined), () => undefined));
    let count: WindowCount;
    try {
      count = await attempt;
    } catch (error) {
      throw new Error(`counts "${this.counts}": ${messageOf(error)}; calls are refused until it answers`);
    }
    if (count.ok) return false;
    const what = `${this.group ? `the tools of group "${this.group}"` : method}${per === undefined ? '' : ` for ${shownKey(this.per!.label, per)}`}`;
    const reason = `${what} may be called ${this.limit} time${this.limit === 1 ? '' : 's'} per ${windowText(this.windowMs)}; this window has had ${count.count}, and it frees up in ${waitText(count.resetsInMs)}`;
    throw new PolicyBlockedError(method, { policy: this.name, stage: 'preToolExecution', reason }, this.description);
  }

  /**
   * The calls counted in each current window, read without counting. With `group`, one count; with
   * a list of tools, one per tool; with every tool (`'*'`), one per name in `tools` (the kit's tool
   * names, say): the policy cannot list the tools other processes counted. With `per`, counts are
   * kept per key and none is read (`perKey` says which key).
   *
   * @example
   * const { limit, counts } = await policy.callCounts(kit.listTools().map((tool) => tool.method));
   */
  async callCounts(tools: readonly string[] = []): Promise<RateCounts> {
    const base = { limit: this.limit, windowMs: this.windowMs, countedPer: this.group ? ('group' as const) : ('tool' as const) };
    if (this.per) return { ...base, perKey: this.per.label, counts: [] };
    const names = this.group ? [this.group] : this.relevantTools.includes('*') ? [...new Set(tools)] : this.relevantTools;
    const peek = this.counter.peek?.bind(this.counter);
    if (!peek) throw new Error(`${this.name}: its store (${this.store.description}) cannot read a count without counting (its counter has no peek)`);
    const counts = await Promise.all(names.map(async (name) => ({ name, ...(await peek(name)) })));
    return { ...base, counts: counts.map(({ name, count, resetsInMs }) => ({ name, used: count, resetsInMs })) };
  }

  override settle(outcome: CallOutcome): void | Promise<void> {
    const held = this.taken.get(outcome.callId);
    if (!held) return;
    this.taken.delete(outcome.callId);
    // A call that executed (or may have) keeps its place: settled at once, without a promise.
    if (outcome.executed !== false) return;
    return this.giveBack(held);
  }

  /** A call that did not execute frees its place, but only in the window it was counted in. */
  private async giveBack(held: Promise<Taken | undefined>): Promise<void> {
    const taken = await held;
    if (!taken || Date.now() >= taken.until) return;
    await this.counter.giveBack(taken.key);
  }

  async close(): Promise<void> {
    if (this.ownsStore) await this.store.close();
  }
}

// A built-in guard: a plugin cannot patch its methods after this package loaded.
Object.freeze(RateLimitPolicy.prototype);
markReadOnly(RateLimitPolicy.prototype);
