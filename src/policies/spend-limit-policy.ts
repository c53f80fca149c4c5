import { formatUnits } from '../params/decimal-amount.js';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { CallOutcome } from '../lifecycle/call-outcome.js';
import { invalidArgument, messageOf, parseOptions } from '../errors/index.js';
import { PolicyBlockedError } from '../lifecycle/policy-blocked-error.js';
import { isThenable } from '../lifecycle/policy-judge.js';
import type { PostParamsNormalizationParams } from '../lifecycle/stage-events.js';
import { mirrorFor } from '../mirror/mirror-client.js';
import { MirrorError, MirrorErrorCode } from '../mirror/mirror-error.js';
import { decimalParts, scaledDigits } from '../params/decimal-amount.js';
import { AbstractPolicy } from '../listeners/abstract-policy.js';
import { waitText, windowText } from './limit-text.js';
import type { Movement } from '../values/movement.js';
import { movementsOfEvent } from './movements.js';
import { movesWholeHbarBalance, withWholeBalancesRead } from './movement-balances.js';
import type { BudgetLine, BudgetUsage, PolicyStore, Reservation } from './state/policy-store.js';
import { storeFrom, storeOption, type StoreSpec } from './state/store-spec.js';
import { displayAmountOption, hbarOption, storeNameOption, tokenMapOption, toolsOption, wholeMsOption } from './option-schemas.js';
import { VALUE_MOVING_TOOLS, type ValueMovingCoverage } from './value-moving-tools.js';
import { USD_DECIMALS, usdText, usdUnits } from './dollar-amounts.js';
import { USD_ASSET, dollarLines, type DollarLines } from './dollar-budget-lines.js';
import { dollarOptionFields, refuseDollarOptionsWithoutUsd, usdOption, type DollarOptions } from './dollar-options.js';
import { DollarValuer, type Valuation } from './dollar-valuer.js';
import { markReadOnly } from '../listeners/read-only-policies.js';
import { PerKey, perOption, scopedName, shownKey, type PerOption } from './per-key.js';
import { budgetLines, heldLines, type HeldReservation, type SettlesLater } from './held-reservations.js';

export interface SpendLimitOptions extends DollarOptions {
  /** HBAR each paying account may spend per window, e.g. `500` or `'0.5'`. */
  hbar?: number | string;
  /** Per token ID, what each paying account may spend per window, in the token's display units. */
  tokens?: Record<string, number | string>;
  /**
   * US dollars each paying account may spend per window, every asset it sends counted: HBAR at the
   * network's exchange rate when the call is judged, tokens at `prices` or `price`. Kept in the store
   * in units of 10⁻⁸ USD under the asset `'USD'`; each call is valued once, at the rate it was judged at.
   */
  usd?: number | string;
  /** The rolling window, e.g. `86_400_000` for 24 h. */
  windowMs: number;
  /** Where the budget lives: a PolicyStore, `'memory'` (default, this policy's own) or `{ redis, prefix }`. */
  store?: PolicyStore | StoreSpec;
  /**
   * The budget's name (letters, digits, `_ . -`): agents share a budget when they use the same store,
   * prefix and name. Required with a shared (Redis) store, so none share one by accident.
   */
  name?: string;
  /**
   * The tools it guards. Default: every tool the kit counts as moving value (the set a value-moving
   * pause stops: every tool that is not a query and not marked `movesNoValue`); outside a kit, the
   * core tools that move value. Given a list, the kit warns at start about each value-moving tool it leaves out.
   */
  tools?: string[];
  /**
   * Whose budget a call spends: a path into the call's context (`'context.sessionId'`) or a function
   * of its event. Each key has its own budget (per paying account, as without it); a call whose key
   * cannot be read is refused, never counted in a shared pool. Default: one budget for every call.
   */
  per?: PerOption<PostParamsNormalizationParams>;
}

const TINYBAR_DECIMALS = 8;

/** SpendLimitPolicy's limits, as `budgetLimits` reads them. */
export interface SpendBudgetLimits {
  /** The budget's name in its store. */
  readonly budget: string;
  readonly windowMs: number;
  /** With `per`: what budgets are kept per (`context.sessionId`); `usage` then needs a key. */
  readonly perKey?: string;
  /** `asset`: `'HBAR'`, a token ID or `'USD'`; `limit` as a person reads it; `decimals` of its smallest unit, when known. */
  readonly assets: readonly { readonly asset: string; readonly limit: string; readonly decimals?: number }[];
}
const MAX_WINDOW_MS = 366 * 86_400_000;

/**
 * SpendLimitPolicy's options. An option it does not know (say `perSession`) is refused: taken and
 * ignored, it would leave a limit the user meant unapplied. The keys are
 * checked against the interface at compile time, so a new option cannot be left out.
 */
export const spendLimitOptions = z
  .object(
    {
      hbar: hbarOption(true, '500').optional(),
      tokens: tokenMapOption(displayAmountOption(true, 'a positive amount in display units, such as 1000 or "0.5"'), 'a map of token IDs to amounts, e.g. { "0.0.5678": 1000 }', false).optional(),
      usd: usdOption(true, '500').optional(),
      ...dollarOptionFields,
      windowMs: wholeMsOption(`a positive whole number of ms up to ${MAX_WINDOW_MS} (366 days)`, 1, MAX_WINDOW_MS),
      store: storeOption.optional(),
      name: storeNameOption.optional(),
      tools: toolsOption.optional(),
      per: perOption.optional(),
    } satisfies Record<keyof SpendLimitOptions, z.ZodType>,
    { error: 'options { hbar?, tokens?, usd?, prices?, price?, exchangeRate?, allowUnpriced?, windowMs, store?, name?, tools?, per? }' },
  )
  .strict();
const MAX_UNSETTLED = 10_000;

interface Unsettled {
  readonly op: 'commit' | 'release';
  readonly id: string;
  readonly lines: readonly BudgetLine[];
  readonly budget: string;
}

/**
 * A rolling-window budget per paying account: what leaves each account (every movement's `from`)
 * over the last `windowMs`, per asset, stays within the limit. Judged at postParamsNormalization on
 * `event.movements` (in the Hedera Agent Kit, whose events have none, on the built-in view of the
 * tool's normalised params); a tool without a view of what it moves is refused. By default it
 * covers every tool the kit counts as moving value: a new account's initial balance is spent by the
 * payer, an account deletion spends the deleted account's whole balance (read on the ledger before
 * the call; refused when it cannot be read), a schedule signature what the scheduled transaction moves.
 *
 * An approved call reserves its amounts in the store at once, so concurrent calls never overspend
 * (100 simultaneous 10 HBAR transfers against 500 HBAR: exactly 50 go out). The kit settles every
 * call: an executed one (or one with an UNKNOWN outcome, or RETURN_BYTES bytes) commits, dated when
 * it ended; a blocked or failed one releases; one whose outcome is known only later (`settlesLater`:
 * the policy signer's signature) stays reserved until `settleHeld`. Without settlement (the Hedera Agent Kit), a
 * reservation counts as spent until it leaves the window. When the store cannot be reached, calls
 * are refused, saying so.
 *
 * @example
 * new SpendLimitPolicy({ hbar: 500, windowMs: 24 * 60 * 60 * 1000 })
 * new SpendLimitPolicy({ hbar: 500, tokens: { '0.0.5678': 1000 }, windowMs: 86_400_000, store: { redis: 'redis://127.0.0.1:6379', prefix: 'agents' }, name: 'team-a' })
 */
export class SpendLimitPolicy extends AbstractPolicy implements SettlesLater {
  override name = 'Spend Limit Policy';
  override description: string;
  override relevantTools: string[];
  private readonly budget: string;
  private readonly windowMs: number;
  private readonly store: PolicyStore;
  private readonly ownsStore: boolean;
  private readonly hbarLimit?: bigint;
  private readonly tokenLimits: ReadonlyMap<string, string>;
  private readonly tokenDecimals = new Map<string, Promise<number>>();
  /** The decimals read so far, for `budgetLimits` (which cannot wait for a lookup). */
  private readonly knownDecimals = new Map<string, number>();
  private readonly usdLimit?: bigint;
  private readonly dollars?: DollarValuer;
  /** The kit checks at start that every transaction tool this covers has a movements view. */
  override readonly readsMovements = true;
  /** `'kit'` without `tools`: the kit has it cover every tool it counts as moving value (see value-moving-tools.ts). */
  readonly valueMovingCoverage: ValueMovingCoverage;
  /** Calls judged and not yet settled: what each reserved (null: nothing), or the promise of it. */
  private readonly pending = new Map<string, readonly BudgetLine[] | null | Promise<readonly BudgetLine[] | null>>();
  /** Commits and releases the store refused; retried before the next reservation. */
  private readonly unsettled: Unsettled[] = [];
  /** With `per`: how a call's key is read, and the scoped budget each call's lines were reserved in. */
  private readonly per?: PerKey<PostParamsNormalizationParams>;
  private readonly scopes = new WeakMap<readonly BudgetLine[], string>();
  /** Reservations of calls whose outcome is known later (`settlesLater`), by transaction ID, until `takeHeld`. */
  private readonly later = new Map<string, { readonly id: string; readonly lines: Promise<readonly BudgetLine[] | null> }>();

  /** The constructor's arguments, as a configuration's JSON schema describes them. */
  static readonly configArgs = z.tuple([spendLimitOptions]);

  constructor(options: SpendLimitOptions) {
    super();
    const owner = 'SpendLimitPolicy';
    const checked = parseOptions(owner, spendLimitOptions, options);
    const { hbar, tokens, usd, windowMs, name, tools, per } = checked;
    if (hbar === undefined && tokens === undefined && usd === undefined) throw invalidArgument(`${owner}: give 'hbar', 'tokens', 'usd' or several: the budget per window.`, [0]);
    refuseDollarOptionsWithoutUsd(owner, checked, usd);
    if (usd !== undefined) {
      this.usdLimit = usdUnits(usd);
      this.dollars = new DollarValuer(owner, checked);
    }
    this.hbarLimit = hbar === undefined ? undefined : BigInt(scaled(hbar, TINYBAR_DECIMALS, `${owner}: 'hbar'`));
    this.tokenLimits = tokenLimitsOf(tokens);
    const { store, owned } = storeFrom(options.store, owner);
    if (name === undefined && store.shared) {
      throw invalidArgument(`${owner}: a shared store (${store.description}) needs a budget 'name': agents that use the same store, prefix and name share one budget.`);
    }
    this.store = store;
    this.ownsStore = owned;
    this.budget = name ?? 'spend-limit';
    this.windowMs = windowMs;
    if (per !== undefined) this.per = new PerKey(per as PerOption<PostParamsNormalizationParams>);
    this.relevantTools = [...(tools ?? VALUE_MOVING_TOOLS)];
    this.valueMovingCoverage = tools === undefined ? 'kit' : 'listed';
    const limits = [
      ...(hbar === undefined ? [] : [`${formatUnits(this.hbarLimit!, TINYBAR_DECIMALS)} HBAR`]),
      ...[...this.tokenLimits].map(([token, amount]) => `${amount} of ${token}`),
      ...(this.dollars ? [`${usdText(this.usdLimit!)} in US dollars (${this.dollars.describe()})`] : []),
    ];
    const scope = this.per ? ` for each ${this.per.label}` : '';
    this.description = `Limits what each paying account spends to ${limits.join(', ')} per ${windowText(windowMs)}${scope} (budget "${this.budget}")`;
  }

  /**
   * Every limit of the budget (HBAR, each token, US dollars), for a console to show beside `usage`.
   * A token's decimals are known once a call of it was judged here (they are read from the mirror
   * then); until then `decimals` is absent and its usage can only be read in smallest units.
   */
  get budgetLimits(): SpendBudgetLimits {
    const assets: SpendBudgetLimits['assets'][number][] = [];
    if (this.hbarLimit !== undefined) assets.push({ asset: 'HBAR', limit: formatUnits(this.hbarLimit, TINYBAR_DECIMALS), decimals: TINYBAR_DECIMALS });
    for (const [token, limit] of this.tokenLimits) {
      const decimals = this.knownDecimals.get(token);
      assets.push({ asset: token, limit, ...(decimals === undefined ? {} : { decimals }) });
    }
    if (this.usdLimit !== undefined) assets.push({ asset: USD_ASSET, limit: formatUnits(this.usdLimit, USD_DECIMALS), decimals: USD_DECIMALS });
    return { budget: this.budget, windowMs: this.windowMs, ...(this.per ? { perKey: this.per.label } : {}), assets };
  }

  /**
   * What one account's budget holds in the window now, in the asset's smallest units (`'USD'`: units
   * of 10⁻⁸ USD); with `per`, the budget of the key `key`.
   */
  usage(account: string, asset = 'HBAR', key?: string): Promise<BudgetUsage> {
    if (this.per && key === undefined) return Promise.reject(invalidArgument(`${this.name}: budgets are kept per ${this.per.label}; pass the key whose usage to read.`, [2]));
    if (!this.per && key !== undefined) return Promise.reject(invalidArgument(`${this.name}: this budget has no 'per' option, so there is no budget of key ${JSON.stringify(key)}; leave the key out.`, [2]));
    return this.store.usage(this.per ? scopedName(this.budget, key!) : this.budget, account, asset, this.windowMs);
  }

  /**
   * Reserves what the call moves. With a store that answers at once (the in-memory one) and HBAR
   * lines, the verdict is given without a promise: no turn of the event loop and no time budget.
   */
  protected override shouldBlockPostParamsNormalization(params: PostParamsNormalizationParams, method: string): boolean | Promise<boolean> {
    // The kit's events carry movements; the Hedera Agent Kit's do not, so there the built-in view of
    // the tool is read from its normalised params.
    const movements = movementsOfEvent(params, method);
    // A promise only inside the Hedera Agent Kit, while EVM aliases are resolved.
    if (isThenable(movements)) return Promise.resolve(movements).then((read) => this.countWholeBalances(read, params, method));
    return this.countWholeBalances(movements, params, method);
  }

  /**
   * An account deletion moves the account's whole HBAR balance: a budget that counts HBAR reads that
   * balance on the ledger first, and counts it; a balance that cannot be read refuses the call.
   */
  private countWholeBalances(movements: readonly Movement[] | undefined, params: PostParamsNormalizationParams, method: string): boolean | Promise<boolean> {
    if (!Array.isArray(movements) || (this.hbarLimit === undefined && this.dollars === undefined) || !movesWholeHbarBalance(movements)) return this.reserveFor(movements, params, method);
    return withWholeBalancesRead(movements, method, params.client).then((read) => this.reserveFor(read, params, method));
  }

  private reserveFor(movements: readonly Movement[] | undefined, params: PostParamsNormalizationParams, method: string): boolean | Promise<boolean> {
    if (!Array.isArray(movements)) {
      throw new Error(`${method} has no view of what it moves (event.movements), so its spend cannot be counted; refused`);
    }
    // A move whose size is not known before it runs (an account deletion's whole balance) cannot be
    // counted against a budget on that asset: fail closed.
    const unbounded = (movements as readonly Movement[]).find((move) => move.unbounded && (this.dollars !== undefined || (move.asset === 'HBAR' ? this.hbarLimit !== undefined : this.tokenLimits.has(move.asset))));
    if (unbounded) throw new Error(`${method} moves ${unbounded.display}, an amount not known before it runs, so it cannot be counted against budget "${this.budget}"; refused`);
    // Read before anything is reserved: a call whose key cannot be read is refused, never pooled.
    const key = this.per ? this.per.of(params) : undefined;
    const found = this.linesOf(movements as readonly Movement[], params);
    const atOnce = answersAtOnce(this.store);
    if (!atOnce || !Array.isArray(found) || this.unsettled.length) return this.reserveLater(found, params, method, movements as readonly Movement[], key);
    if (found.length === 0) return false;
    const budget = key === undefined ? this.budget : this.scope(found, key);
    const id = params.callId ?? randomUUID();
    let reservation: Reservation;
    try {
      reservation = atOnce.reserve(budget, id, found, this.windowMs);
    } catch (error) {
      // It may have reached the store before it threw: settle releases it to be sure.
      if (params.callId) this.pending.set(id, found);
      throw new Error(`budget "${this.budget}": ${messageOf(error)}; spending is refused until it answers`);
    }
    if (params.callId) this.pending.set(id, reservation.ok ? found : null);
    if (!reservation.ok) return this.refuse(reservation, params, method, movements as readonly Movement[], key, valuationOf(found));
    return false;
  }

  private async reserveLater(found: BudgetLine[] | Promise<BudgetLine[]>, params: PostParamsNormalizationParams, method: string, movements: readonly Movement[], key: string | undefined): Promise<boolean> {
    const lines = Array.isArray(found) ? found : await found;
    if (lines.length === 0) return false;
    const budget = key === undefined ? this.budget : this.scope(lines, key);
    const id = params.callId ?? randomUUID();
    if (this.unsettled.length) await this.retryUnsettled();
    const attempt = this.store.reserve(budget, id, lines, this.windowMs);
    // An attempt that failed may still have reached the store: settle releases it to be sure.
    if (params.callId) this.pending.set(id, attempt.then((answer) => (answer.ok ? lines : null), () => lines));
    let reservation: Reservation;
    try {
      reservation = await attempt;
    } catch (error) {
      throw new Error(`budget "${this.budget}": ${messageOf(error)}; spending is refused until it answers`);
    }
    if (!reservation.ok) return this.refuse(reservation, params, method, movements, key, valuationOf(lines));
    return false;
  }

  private async refuse(reservation: Extract<Reservation, { ok: false }>, params: PostParamsNormalizationParams, method: string, movements: readonly Movement[], key: string | undefined, valuation?: Valuation): Promise<never> {
    const basis = valuation ? DollarValuer.basis(valuation) : undefined;
    throw new PolicyBlockedError(method, { policy: this.name, stage: 'postParamsNormalization', reason: await this.overBudget(reservation, params, movements, key, basis) }, this.description);
  }

  /** The budget of `key`'s share, remembered with the lines so settling finds it. */
  private scope(lines: readonly BudgetLine[], key: string): string {
    const budget = scopedName(this.budget, key);
    this.scopes.set(lines, budget);
    return budget;
  }

  /** The budget a call's lines were reserved in. */
  private budgetOf(lines: readonly BudgetLine[]): string {
    return this.per ? (this.scopes.get(lines) ?? this.budget) : this.budget;
  }

  /** Commits or releases what the call reserved; at once when the store answers at once. */
  override settle(outcome: CallOutcome): void | Promise<void> {
    const held = this.pending.get(outcome.callId);
    if (held === undefined) return;
    this.pending.delete(outcome.callId);
    if (held === null) return;
    if (outcome.settlesLater && outcome.transactionId !== undefined && this.later.size < MAX_UNSETTLED) {
      // Kept reserved: it counts against the budget until the settler commits or releases it.
      this.later.set(outcome.transactionId, { id: outcome.callId, lines: Promise.resolve(held as readonly BudgetLine[] | null | Promise<readonly BudgetLine[] | null>).then((lines) => lines, () => null) });
      return;
    }
    if (!Array.isArray(held)) return this.settleLater(held as Promise<readonly BudgetLine[] | null>, outcome);
    const op = outcome.executed === false ? 'release' : 'commit';
    const atOnce = answersAtOnce(this.store);
    if (!atOnce || this.unsettled.length) return this.settleLines(op, outcome.callId, held);
    const budget = this.budgetOf(held);
    try {
      if (op === 'commit') atOnce.commit(budget, outcome.callId, held, this.windowMs);
      else atOnce.release(budget, outcome.callId, held);
    } catch (error) {
      throw this.unsettledError({ op, id: outcome.callId, lines: held, budget }, error);
    }
  }

  /** Who settles what this policy holds for later: the budget's name, the same on every replica. */
  get heldBy(): string {
    return `spend-limit:${this.budget}`;
  }

  async takeHeld(transactionId: string, holdMs: number): Promise<readonly HeldReservation[]> {
    const later = this.later.get(transactionId);
    if (!later) return [];
    this.later.delete(transactionId);
    const lines = await later.lines;
    if (!lines) return [];
    const budget = this.budgetOf(lines);
    // A reservation lives as long as the budget's window; one that would lapse before it is settled is committed now (over-counts, never under-counts).
    if (this.windowMs < holdMs) {
      await this.settleLines('commit', later.id, lines);
      return [];
    }
    return [{ holder: this.heldBy, budget, id: later.id, lines: heldLines(lines) }];
  }

  async settleHeld(held: HeldReservation, reached: boolean): Promise<void> {
    if (held?.holder !== this.heldBy) throw new Error(`${this.name}: reservation of ${String(held?.holder)} handed to ${this.heldBy}`);
    const lines = budgetLines(held);
    await (reached ? this.store.commit(held.budget, held.id, lines, this.windowMs) : this.store.release(held.budget, held.id, lines));
  }

  private async settleLater(held: Promise<readonly BudgetLine[] | null>, outcome: CallOutcome): Promise<void> {
    const lines = await held;
    if (!lines) return;
    await this.settleLines(outcome.executed === false ? 'release' : 'commit', outcome.callId, lines);
  }

  private async settleLines(op: Unsettled['op'], id: string, lines: readonly BudgetLine[]): Promise<void> {
    const entry: Unsettled = { op, id, lines, budget: this.budgetOf(lines) };
    try {
      await this.apply(entry);
    } catch (error) {
      throw this.unsettledError(entry, error);
    }
  }

  /** Keeps a settlement the store refused, to retry it before the next reservation, and says so. */
  private unsettledError(entry: Unsettled, error: unknown): Error {
    if (this.unsettled.length < MAX_UNSETTLED) this.unsettled.push(entry);
    return new Error(`budget "${this.budget}": could not ${entry.op} this call's reservation (${messageOf(error)}); retried before the next call`);
  }

  async close(): Promise<void> {
    if (this.ownsStore) await this.store.close();
  }

  private apply(entry: Unsettled): Promise<void> {
    return entry.op === 'commit'
      ? this.store.commit(entry.budget, entry.id, entry.lines, this.windowMs)
      : this.store.release(entry.budget, entry.id, entry.lines);
  }

  /** Settles what the store refused earlier, oldest first, until it refuses again. */
  private async retryUnsettled(): Promise<void> {
    while (this.unsettled.length) {
      try {
        await this.apply(this.unsettled[0]!);
      } catch {
        return;
      }
      this.unsettled.shift();
    }
  }

  /**
   * One line per (paying account, limited asset): the sum it moves to other accounts, in a fixed
   * order. Synchronous unless a token's decimals must be looked up first (HBAR's are known).
   */
  private linesOf(movements: readonly Movement[], params: PostParamsNormalizationParams): BudgetLine[] | Promise<BudgetLine[]> {
    const assets = this.assetLinesOf(movements, params);
    if (!this.dollars) return assets;
    const dollars = dollarLines(this.dollars, movements, params, this.usdLimit!);
    if (Array.isArray(assets) && !isThenable(dollars)) return this.withDollars(assets, dollars);
    return Promise.all([assets, dollars]).then(([lines, usd]) => this.withDollars(lines, usd));
  }

  /** The asset lines, then the dollar lines, remembering what the dollars rest on. */
  private withDollars(assets: BudgetLine[], dollars: DollarLines): BudgetLine[] {
    if (!dollars.lines.length) return assets;
    const lines: ValuedLines = [...assets, ...dollars.lines];
    if (dollars.valuation) lines[VALUATION] = dollars.valuation;
    return lines;
  }

  private assetLinesOf(movements: readonly Movement[], params: PostParamsNormalizationParams): BudgetLine[] | Promise<BudgetLine[]> {
    const sums = new Map<string, { account: string; asset: string; amount: bigint }>();
    for (const movement of movements) {
      if (typeof movement?.amount !== 'bigint' || movement.amount < 0n || typeof movement.from !== 'string' || typeof movement.asset !== 'string') {
        throw new Error(`cannot read a movement of this call (${describeMovement(movement)})`);
      }
      if (movement.from === movement.to || !this.limits(movement.asset)) continue;
      const key = `${movement.from} ${movement.asset}`;
      const sum = sums.get(key);
      if (sum) sum.amount += movement.amount;
      else sums.set(key, { account: movement.from, asset: movement.asset, amount: movement.amount });
    }
    const keys = sums.size > 1 ? [...sums.keys()].sort() : [...sums.keys()];
    const owed = keys.map((key) => sums.get(key)!).filter((sum) => sum.amount > 0n);
    const line = (sum: (typeof owed)[number], limit: bigint): BudgetLine => ({ account: sum.account, asset: sum.asset, amount: sum.amount, limit });
    if (owed.every((sum) => sum.asset === 'HBAR')) return owed.map((sum) => line(sum, this.hbarLimit!));
    return Promise.all(owed.map(async (sum) => line(sum, await this.limitOf(sum.asset, params, movements))));
  }

  private limits(asset: string): boolean {
    return asset === 'HBAR' ? this.hbarLimit !== undefined : this.tokenLimits.has(asset);
  }

  private async limitOf(asset: string, params: PostParamsNormalizationParams, movements: readonly Movement[]): Promise<bigint> {
    if (asset === 'HBAR') return this.hbarLimit!;
    return BigInt(scaled(this.tokenLimits.get(asset)!, await this.decimalsOf(asset, params, movements), `${this.name}: the limit for ${asset}`));
  }

  /**
   * A token's decimals, read from the mirror node once (they never change). An ERC-20 is no HTS
   * token, so the mirror knows none by its contract ID: then the decimals its movements carry count
   * (the EVM tools read them from the contract), for this call only.
   */
  private decimalsOf(token: string, params: PostParamsNormalizationParams, movements: readonly Movement[]): Promise<number> {
    return this.mirrorDecimalsOf(token, params).catch((error: unknown) => {
      const known = decimalsCarried(movements, token);
      if (known !== undefined && error instanceof MirrorError && (error.code as string) === MirrorErrorCode.NOT_FOUND) return known;
      throw new Error(`cannot read the decimals of ${token} to apply its limit: ${messageOf(error)}`);
    });
  }

  private mirrorDecimalsOf(token: string, params: PostParamsNormalizationParams): Promise<number> {
    let decimals = this.tokenDecimals.get(token);
    if (!decimals) {
      decimals = mirrorFor(params.context, params.client)
        .getToken(token)
        .then((info) => {
          const value = Number(info.decimals);
          if (!Number.isInteger(value) || value < 0) throw new Error(`token ${token} reports unreadable decimals "${String(info.decimals)}"`);
          this.knownDecimals.set(token, value);
          return value;
        });
      // A failed lookup is asked again next time rather than remembered.
      decimals.catch(() => this.tokenDecimals.delete(token));
      this.tokenDecimals.set(token, decimals);
    }
    return decimals;
  }

  private async overBudget(refused: Extract<Reservation, { ok: false }>, params: PostParamsNormalizationParams, movements: readonly Movement[], key: string | undefined, basis?: string): Promise<string> {
    const { line, used, now } = refused;
    const usd = line.asset === USD_ASSET && this.dollars !== undefined;
    const decimals = line.asset === 'HBAR' || usd ? TINYBAR_DECIMALS : await this.decimalsOf(line.asset, params, movements);
    const units = (amount: bigint) => (usd ? usdText(amount) : line.asset === 'HBAR' ? `${formatUnits(amount, decimals)} HBAR` : `${formatUnits(amount, decimals)} of ${line.asset}`);
    const left = line.limit > used ? line.limit - used : 0n;
    const whose = key !== undefined && this.per ? ` of ${shownKey(this.per.label, key)}` : '';
    const head = `budget "${this.budget}"${whose}: ${line.account} may spend ${units(line.limit)} per ${windowText(this.windowMs)}`;
    // A dollar line names what it was valued at: the rate and when it was published and read.
    const moves = `this call moves ${units(line.amount)}${usd && basis ? ` (${basis})` : ''}`;
    if (refused.freesAt === undefined) return `${head}; ${moves}, more than the whole budget`;
    const when = `${waitText(refused.freesAt - now)} (at ${new Date(refused.freesAt).toISOString()})`;
    return `${head}; ${moves}, but ${units(used)} is spent or reserved in the window, ${units(left)} left; room for it frees up in ${when}`;
  }
}

// A built-in guard: a plugin cannot patch its methods after this package loaded.
Object.freeze(SpendLimitPolicy.prototype);
markReadOnly(SpendLimitPolicy.prototype);

/** The decimals a call's movements of `token` carry, when they all carry the same; else undefined. */
function decimalsCarried(movements: readonly Movement[], token: string): number | undefined {
  let decimals: number | undefined;
  for (const movement of movements) {
    if (movement?.asset !== token) continue;
    if (typeof movement.decimals !== 'number' || (decimals !== undefined && decimals !== movement.decimals)) return undefined;
    decimals = movement.decimals;
  }
  return decimals;
}

/** The store's promise-free operations, when it offers all three (a store of the user's may not). */
function answersAtOnce(store: PolicyStore): NonNullable<PolicyStore['atOnce']> | undefined {
  const atOnce = store.atOnce;
  if (!atOnce || typeof atOnce.reserve !== 'function' || typeof atOnce.commit !== 'function' || typeof atOnce.release !== 'function') return undefined;
  return atOnce;
}

/** A positive display amount scaled to smallest units, refusing more decimals than the asset has. */
function scaled(amount: unknown, decimals: number, field: string): string {
  const parts = decimalParts(amount);
  if (!parts || /^0*$/.test(parts.whole + parts.fraction)) throw invalidArgument(`${field} must be a positive amount such as 500 or "0.5", got ${JSON.stringify(amount)}.`);
  if (parts.fraction.length > decimals) throw invalidArgument(`${field} has ${parts.fraction.length} decimal places, but the asset has ${decimals}.`);
  return scaledDigits(parts, decimals);
}

/** Each token's limit as a plain decimal (`"1000"`, `"0.5"`), by token ID as given; the schema checked both. */
function tokenLimitsOf(tokens: Record<string, number | string> | undefined): ReadonlyMap<string, string> {
  const limits = new Map<string, string>();
  for (const [token, amount] of Object.entries(tokens ?? {})) {
    const parts = decimalParts(amount)!;
    limits.set(token, parts.fraction ? `${parts.whole}.${parts.fraction}` : parts.whole);
  }
  return limits;
}

function describeMovement(movement: unknown): string {
  if (movement === null || typeof movement !== 'object') return String(movement);
  const { asset, from, amount } = movement as Record<string, unknown>;
  return `asset ${String(asset)}, from ${String(from)}, amount ${typeof amount === 'bigint' ? amount.toString() : typeof amount}`;
}

/**
 * What a call's dollar lines rest on (rate, prices), for its block reason: kept on the lines array
 * itself under a symbol (JSON and the stores never see it). A WeakMap from lines to valuation did
 * the same at a measured twentieth of a dollar-budgeted call, its entries made and swept per call.
 */
const VALUATION = Symbol('valuation');
type ValuedLines = BudgetLine[] & { [VALUATION]?: Valuation };

function valuationOf(lines: readonly BudgetLine[]): Valuation | undefined {
  return (lines as ValuedLines)[VALUATION];
}
