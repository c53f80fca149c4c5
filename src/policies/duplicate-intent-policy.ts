import { randomUUID } from 'node:crypto';
import type { CallOutcome } from '../lifecycle/call-outcome.js';
import { z } from 'zod';
import { describeValue, invalidArgument, messageOf, parseOptions } from '../errors/index.js';
import { callRecordOf } from '../lifecycle/call-record.js';
import { PolicyBlockedError } from '../lifecycle/policy-blocked-error.js';
import { isThenable } from '../lifecycle/policy-judge.js';
import type { PostParamsNormalizationParams } from '../lifecycle/stage-events.js';
import { AbstractPolicy } from '../listeners/abstract-policy.js';
import { markReadOnly } from '../listeners/read-only-policies.js';
import type { Movement } from '../values/movement.js';
import { endedRecord, intentKey, parseRecord, repeatReason, type IntentRecord } from './intent-records.js';
import { windowText } from './limit-text.js';
import { movementsOfEvent } from './movements.js';
import type { ClaimBook, PolicyStore } from './state/policy-store.js';
import { storeFrom, storeOption, type StoreSpec } from './state/store-spec.js';
import { functionOption, storeNameOption, toolsOption, wholeMsOption } from './option-schemas.js';
import { VALUE_MOVING_TOOLS, type ValueMovingCoverage } from './value-moving-tools.js';
import { PerKey, perOption, shownKey, type PerOption } from './per-key.js';

export interface DuplicateIntentOptions {
  /** How long an intent is held: from the call's start while it runs, then from its end. */
  windowMs: number;
  /**
   * The call's idempotency key, part of its intent: a repeat with a key the intent has not seen is a
   * new intent and goes through; the same key again is a retry and is blocked. The tools' params are
   * strict, so the key comes from the application, not from the model. Not needed in a kit: the key an
   * application passes per call (`kit.execute(…, { idempotencyKey })`) is used first; this is asked
   * only for a call without one. Without either, the tool, movements and memo alone are the intent.
   */
  keyOf?: (event: PostParamsNormalizationParams) => string | undefined;
  /**
   * Also hold the intent of a call that provably moved nothing (blocked, failed before submission,
   * refused by the network). Default false: retrying those pays nothing twice, so it is allowed.
   */
  holdFailed?: boolean;
  /**
   * The tools it guards. Default: every tool the kit counts as moving value (the set a value-moving
   * pause stops); outside a kit, the core tools that move value. Given a list, the kit warns at start
   * about each value-moving tool it leaves out.
   */
  tools?: string[];
  /** Where intents live: a PolicyStore, `'memory'` (default, this policy's own) or `{ redis, prefix }`. */
  store?: PolicyStore | StoreSpec;
  /** Names the intents in the store: agents share them when they use the same store, prefix and name. Required with a shared (Redis) store. */
  name?: string;
  /**
   * Whose intents are kept apart: a path into the call's context (`'context.sessionId'`) or a
   * function of its event. The same payment made in two sessions is then two intents; a call whose
   * key cannot be read is refused. Default: one book of intents for every call.
   */
  per?: PerOption<PostParamsNormalizationParams>;
}

const OWNER = 'DuplicateIntentPolicy';
const MAX_WINDOW_MS = 366 * 86_400_000;
const MAX_KEY_LENGTH = 256;

/**
 * DuplicateIntentPolicy's options. An option it does not know is refused: taken and ignored, it
 * would change nothing the user meant it to. The keys are checked against the interface at compile
 * time, so a new option cannot be left out.
 */
export const duplicateIntentOptions = z
  .object(
    {
      windowMs: wholeMsOption(`a positive whole number of ms up to ${MAX_WINDOW_MS} (366 days)`, 1, MAX_WINDOW_MS),
      keyOf: functionOption<NonNullable<DuplicateIntentOptions['keyOf']>>('a function (event) => string | undefined').optional(),
      holdFailed: z.boolean({ error: 'true or false' }).optional(),
      tools: toolsOption.optional(),
      store: storeOption.optional(),
      name: storeNameOption.optional(),
      per: perOption.optional(),
    } satisfies Record<keyof DuplicateIntentOptions, z.ZodType>,
    { error: 'options { windowMs, keyOf?, holdFailed?, tools?, store?, name?, per? }' },
  )
  .strict();

interface Checked {
  readonly windowMs: number;
  readonly keyOf?: DuplicateIntentOptions['keyOf'];
  readonly holdFailed: boolean;
  readonly tools: readonly string[];
  readonly coverage: ValueMovingCoverage;
  readonly store: PolicyStore;
  readonly ownsStore: boolean;
  readonly name: string;
  readonly per?: PerKey<PostParamsNormalizationParams>;
}

/** The options as the policy keeps them: the schema checks each field, then the store is opened and checked. */
function checkOptions(options: DuplicateIntentOptions): Checked {
  const { windowMs, keyOf, holdFailed = false, name, tools, per } = parseOptions(OWNER, duplicateIntentOptions, options);
  const { store, owned } = storeFrom(options.store, OWNER);
  const close = () => (owned ? store.close() : Promise.resolve());
  if (name === undefined && store.shared) {
    void close();
    throw invalidArgument(`${OWNER}: a shared store (${store.description}) needs a 'name': agents that use the same store, prefix and name share the intents.`, [0, 'name']);
  }
  if (typeof store.claims !== 'function') {
    void close();
    throw invalidArgument(`${OWNER}: the store (${store.description}) keeps no claims (it has no claims(name) method); use "memory", { "redis": … } or a store that has one.`, [0, 'store']);
  }
  const perKey = per === undefined ? {} : { per: new PerKey(per as PerOption<PostParamsNormalizationParams>) };
  return { windowMs, keyOf, holdFailed, tools: Object.freeze([...(tools ?? VALUE_MOVING_TOOLS)]), coverage: tools === undefined ? 'kit' : 'listed', store, ownsStore: owned, name: name ?? 'duplicate-intent', ...perKey };
}

interface Held {
  readonly key: string;
  readonly holder: string;
  readonly record: IntentRecord;
}

/**
 * Blocks a value-moving call that repeats an earlier one: the same tool, the same movements (payer,
 * recipient, asset, amount; in any order) and the same memo within `windowMs`, unless `keyOf` gives
 * it an idempotency key the intent has not seen (`kit.execute(…, { idempotencyKey })`, or `keyOf`). An LLM that sees an error retries, and a retried
 * transfer pays twice; the block reason names the earlier call, when it was made and how it ended
 * (executed with its transaction ID, outcome unknown, failed, blocked, or still running).
 *
 * Judged at postParamsNormalization, before anything is built or sent: the intent is claimed in the
 * store at once, so of two identical calls at the same time the second is blocked. The kit settles
 * each call: one that executed (or may have) holds the intent for `windowMs` from its end; one that
 * provably moved nothing gives it up (unless `holdFailed`). Without settlement (the Hedera Agent Kit)
 * an intent is held for `windowMs` from its start. When the store cannot be reached, calls are refused.
 *
 * @example
 * new DuplicateIntentPolicy({ windowMs: 10 * 60_000 })
 * new DuplicateIntentPolicy({ windowMs: 600_000, store: { redis: 'redis://127.0.0.1:6379' }, name: 'payments' }) // kit.execute(…, { idempotencyKey: orderId })
 */
export class DuplicateIntentPolicy extends AbstractPolicy {
  override name = 'Duplicate Intent Policy';
  override description: string;
  override relevantTools: string[];
  /** The kit checks at start that every transaction tool this covers has a movements view. */
  override readonly readsMovements = true;
  /** `'kit'` without `tools`: the kit has it cover every tool it counts as moving value (see value-moving-tools.ts). */
  readonly valueMovingCoverage: ValueMovingCoverage;
  private readonly options: Checked;
  private readonly book: ClaimBook;
  /** Intents this policy claimed for calls not settled yet, by call ID. */
  private readonly held = new Map<string, Held | Promise<Held | undefined>>();

  /** The constructor's arguments, as a configuration's JSON schema describes them. */
  static readonly configArgs = z.tuple([duplicateIntentOptions]);

  constructor(options: DuplicateIntentOptions) {
    super();
    this.options = checkOptions(options);
    this.book = this.options.store.claims!(this.options.name);
    this.relevantTools = [...this.options.tools];
    this.valueMovingCoverage = this.options.coverage;
    this.description = `Blocks a value-moving call that repeats the tool, movements and memo of one in the last ${windowText(this.options.windowMs)}${' with the same idempotency key (when the call has one)'}${this.options.per ? ` for the same ${this.options.per.label}` : ''} (intents "${this.options.name}")`;
  }

  protected override shouldBlockPostParamsNormalization(params: PostParamsNormalizationParams, method: string): Promise<boolean> {
    const movements = movementsOfEvent(params, method);
    return isThenable(movements) ? Promise.resolve(movements).then((read) => this.claim(read, params, method)) : this.claim(movements, params, method);
  }

  private async claim(movements: readonly Movement[] | undefined, params: PostParamsNormalizationParams, method: string): Promise<boolean> {
    if (!Array.isArray(movements)) throw new Error(`${method} has no view of what it moves (event.movements), so a repeat of it cannot be recognised; refused`);
    if (movements.length === 0) return false;
    // The key is hashed into the intent's: no key's calls meet another's, and none is pooled.
    const scope = this.options.per?.of(params);
    const idempotencyKey = this.idempotencyKeyOf(params);
    const key = intentKey(method, movements, memoOf(params.normalisedParams), idempotencyKey, scope);
    const now = Date.now();
    const holder = params.callId ?? randomUUID();
    const record: IntentRecord = { callId: holder, tool: method, startedAt: now, state: 'running', heldUntil: now + this.options.windowMs };
    const attempt = this.book.take(key, holder, JSON.stringify(record), this.options.windowMs);
    // Known before the answer: an attempt that failed may still have claimed, and settling gives it up.
    if (params.callId) this.held.set(holder, attempt.then((answer) => (answer.ok ? { key, holder, record } : undefined), () => ({ key, holder, record })));
    let answer;
    try {
      answer = await attempt;
    } catch (error) {
      throw new Error(`intents "${this.options.name}": ${messageOf(error)}; value-moving calls are refused until it answers`);
    }
    if (answer.ok) return false;
    const escape = idempotencyKey !== undefined || this.options.keyOf ? 'A new payment of the same value needs a new idempotency key.' : 'A new payment of the same value needs another memo, or waiting until then.';
    const repeat = repeatReason(parseRecord(answer.record), answer.holder, Date.now(), escape);
    const reason = scope === undefined ? repeat : `for ${shownKey(this.options.per!.label, scope)}: ${repeat}`;
    throw new PolicyBlockedError(method, { policy: this.name, stage: 'postParamsNormalization', reason }, this.description);
  }

  /** The application's key for this call: the per-call option first (the kit checked it), else `keyOf`. Never the params. */
  private idempotencyKeyOf(params: PostParamsNormalizationParams): string | undefined {
    const given = callRecordOf(params)?.idempotencyKey;
    if (typeof given === 'string' && given !== '') return given;
    if (!this.options.keyOf) return undefined;
    const key = this.options.keyOf(params);
    if (key === undefined) return undefined;
    if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw new Error(`keyOf returned ${describeValue(key)}, not an idempotency key (a string of 1 to ${MAX_KEY_LENGTH} characters, or undefined for none); refused`);
    }
    return key;
  }

  /** Records how the call ended, held `windowMs` from now; or gives the intent up when nothing moved. */
  override async settle(outcome: CallOutcome): Promise<void> {
    const entry = this.held.get(outcome.callId);
    if (!entry) return;
    this.held.delete(outcome.callId);
    const held = await entry;
    if (!held) return;
    if (outcome.executed === false && !this.options.holdFailed) return this.book.drop(held.key, held.holder);
    const ended = endedRecord(held.record, outcome, Date.now(), this.options.windowMs);
    await this.book.update(held.key, held.holder, JSON.stringify(ended), this.options.windowMs);
  }

  async close(): Promise<void> {
    if (this.options.ownsStore) await this.options.store.close();
  }
}

// A built-in guard: a plugin cannot patch its methods after this package loaded.
Object.freeze(DuplicateIntentPolicy.prototype);
markReadOnly(DuplicateIntentPolicy.prototype);

/** The memo a call's transaction carries: part of its intent (two payments told apart by memo are two). */
function memoOf(normalised: unknown): string {
  const memo = (normalised as { transactionMemo?: unknown } | undefined)?.transactionMemo;
  return typeof memo === 'string' ? memo : '';
}
