import { formatUnits } from '../params/decimal-amount.js';
import { z } from 'zod';
import type { CallOutcome } from '../lifecycle/call-outcome.js';
import { invalidArgument, messageOf, parseOptions } from '../errors/index.js';
import { PolicyBlockedError } from '../lifecycle/policy-blocked-error.js';
import type { PostParamsNormalizationParams, PreToolExecutionParams } from '../lifecycle/stage-events.js';
import { AbstractPolicy } from '../listeners/abstract-policy.js';
import { markReadOnly } from '../listeners/read-only-policies.js';
import { mirrorFor, type MirrorClient } from '../mirror/mirror-client.js';
import type { Movement } from '../values/movement.js';
import { canonicalAccountId } from './account-ids.js';
import { AllowanceHolds, keyOf, type AllowanceHold } from './allowance-holds.js';
import type { PolicyStore } from './state/policy-store.js';
import { storeFrom, storeOption, type StoreSpec } from './state/store-spec.js';
import { movementsOfEvent, payerOf } from './movements.js';
import { accountOption, storeNameOption, toolsOption } from './option-schemas.js';
import { VALUE_MOVING_TOOLS, type ValueMovingCoverage } from './value-moving-tools.js';

/** The core tools that spend an allowance: the network debits the owner only within what it approved. */
export const ALLOWANCE_TOOLS: readonly string[] = Object.freeze([
  'transfer_hbar_with_allowance_tool',
  'transfer_fungible_token_with_allowance_tool',
  'transfer_non_fungible_token_with_allowance_tool',
]);

export interface AllowanceSpendOptions {
  /** The accounts whose allowances the agent may spend, e.g. `['0.0.1234']`. */
  owners: string[];
  /** The tools that may move value, each spending an allowance; default the three core allowance tools. */
  tools?: string[];
  /**
   * Where the holds of calls in flight are kept, so every agent spending the same allowances counts
   * the others' (see docs/policy-state.md): left out, the state file beside the kit's journal (memory
   * for a kit that journals nowhere); `{ sqlite: path }`, `{ redis: url, prefix? }`, `'memory'` or a PolicyStore.
   */
  store?: PolicyStore | StoreSpec;
  /** The holds' name in the store (letters, digits, `_ . -`); required with a shared store (a file, Redis), so agents share holds only on purpose. */
  name?: string;
}

/** AllowanceSpendPolicy's options; an option it does not know is refused. */
export const allowanceSpendOptions = z
  .object(
    {
      owners: z.array(accountOption, { error: "a list of owner account IDs such as ['0.0.1234']" }).min(1, { error: 'at least one owner account ID' }),
      tools: toolsOption.min(1, { error: 'at least one allowance tool' }).optional(),
      store: storeOption.optional(),
      name: storeNameOption.optional(),
    } satisfies Record<keyof AllowanceSpendOptions, z.ZodType>,
    { error: 'options { owners, tools?, store?, name? }' },
  )
  .strict();

/** Transactions expire after 180 s: a spend without a transaction ID to look up counts that long. */
const HOLD_MS = 180_000;

/**
 * For the "the user approves an allowance, the agent spends only from it" pattern. Value moves only
 * through the allowance tools, out of one of `owners`: every other value-moving call (a transfer
 * the operator funds, an approval of the operator's own funds, an EVM transfer) is refused before
 * its input is parsed. Each HBAR or fungible-token spend is checked against what the mirror node says
 * is left of the owner's allowance to the agent, less what this policy's calls in flight (and its
 * spends the mirror has not imported yet) hold; when the mirror cannot answer, the call is refused.
 *
 * The mirror lags the ledger by seconds, and other agents may spend the same allowance: the ledger
 * is the final check (it refuses an overspend with AMOUNT_EXCEEDS_ALLOWANCE). NFT allowances are
 * per serial (or all serials) and checked by the ledger alone (SPENDER_DOES_NOT_HAVE_ALLOWANCE).
 *
 * @example
 * new AllowanceSpendPolicy({ owners: ['0.0.1234'] })
 */
export class AllowanceSpendPolicy extends AbstractPolicy {
  override name = 'Allowance Spend Policy';
  override description: string;
  override relevantTools: string[];
  /** The kit checks at start that every transaction tool this covers has a movements view. */
  override readonly readsMovements = true;
  /**
   * Always `'kit'`: `tools` names the allowance tools that may spend, and every other tool the kit
   * counts as moving value (a plugin's transfer included) is the operator's money, refused.
   */
  readonly valueMovingCoverage: ValueMovingCoverage = 'kit';
  private readonly owners: ReadonlySet<string>;
  private readonly spending: ReadonlySet<string>;
  private readonly holds: AllowanceHolds;
  private readonly store: PolicyStore;
  private readonly ownsStore: boolean;

  /** The constructor's arguments, as a configuration's JSON schema describes them. */
  static readonly configArgs = z.tuple([allowanceSpendOptions]);

  constructor(options: AllowanceSpendOptions) {
    super();
    const owner = 'AllowanceSpendPolicy';
    const { owners, tools = ALLOWANCE_TOOLS, name } = parseOptions(owner, allowanceSpendOptions, options);
    this.owners = new Set(owners.map((owner, at) => canonicalAccountId(owner, `owners[${at}]`)));
    this.spending = new Set(tools);
    this.relevantTools = [...new Set([...VALUE_MOVING_TOOLS, ...tools])];
    this.description = `Moves value only out of allowances granted by ${[...this.owners].join(', ')}, through ${[...this.spending].join(', ')}, within what is left of them`;
    const { store, owned } = storeFrom(options.store, owner);
    if (name === undefined && store.shared) {
      if (owned) void store.close();
      throw invalidArgument(`${owner}: a shared store (${store.description}) needs a 'name' for the holds: agents that use the same store, prefix and name share them.`, [0, 'name']);
    }
    this.store = store;
    this.ownsStore = owned;
    this.holds = new AllowanceHolds(store, name ?? 'allowance-holds', HOLD_MS);
  }

  async close(): Promise<void> {
    if (this.ownsStore) await this.store.close();
  }

  /** Any value-moving tool that spends no allowance is the operator's money: refused before parsing. */
  protected override shouldBlockPreToolExecution(_params: PreToolExecutionParams, method: string): boolean {
    if (this.spending.has(method)) return false;
    const reason = `${method} moves value the agent's own account funds; this agent may move value only out of allowances granted by ${[...this.owners].join(', ')}, with ${[...this.spending].join(', ')}`;
    throw new PolicyBlockedError(method, { policy: this.name, stage: 'preToolExecution', reason }, this.description);
  }

  protected override async shouldBlockPostParamsNormalization(params: PostParamsNormalizationParams, method: string): Promise<boolean> {
    const movements = await movementsOfEvent(params, method);
    if (!Array.isArray(movements)) throw new Error(`${method} has no view of what it moves (event.movements), so its source cannot be checked; refused`);
    const spender = payerOf(params.context, params.client);
    if (!spender) throw new Error('cannot tell which account spends the allowance (no operator and no context.accountId); refused');
    const wanted = this.spendsOf(movements as readonly Movement[], method, canonicalAccountId(spender, 'the spender'));
    if (wanted.size === 0) return false;
    const mirror = mirrorFor(params.context, params.client);
    const keys = new Set(wanted.keys());
    let left: Map<string, bigint>;
    try {
      await this.holds.refresh(keys, mirror);
      left = new Map(await Promise.all([...wanted.values()].map(async (spend) => [spend.key, await leftOf(mirror, spend)] as const)));
    } catch (error) {
      throw new Error(`cannot read what is left of the allowance from the mirror node (${messageOf(error)}); spending is refused until it answers`);
    }
    // The store holds every line at once or none against the mirror's figure, beside every process's holds on it.
    const holds: AllowanceHold[] = [...wanted.values()].map((spend) => ({ owner: spend.owner, spender: spend.spender, asset: spend.asset, amount: spend.amount, left: left.get(spend.key)! }));
    let reservation;
    try {
      reservation = await this.holds.hold(params.callId, holds);
    } catch (error) {
      throw new Error(`cannot hold the allowance in the store (${this.store.description}: ${messageOf(error)}); spending is refused until it answers`);
    }
    if (reservation.ok) return false;
    const spend = wanted.get(keyOf(reservation.line))!;
    const room = reservation.line.limit - reservation.used;
    const asset = spend.asset === 'HBAR' ? 'HBAR' : `of ${spend.asset} (base units)`;
    const text = (amount: bigint) => (spend.asset === 'HBAR' ? `${formatUnits(amount, 8)} HBAR` : `${amount} ${asset}`);
    const inFlight = this.store.shared ? `the calls in flight of every agent sharing ${this.store.description}` : "this agent's calls in flight";
    const reason = `${spend.owner}'s allowance to ${spend.spender} has ${text(room > 0n ? room : 0n)} left (the mirror's figure, less ${inFlight}); this call spends ${text(spend.amount)}`;
    throw new PolicyBlockedError(method, { policy: this.name, stage: 'postParamsNormalization', reason }, this.description);
  }

  override settle(outcome: CallOutcome): Promise<void> {
    return this.holds.settle(outcome);
  }

  /** The sum per (owner, asset) the call takes; a source not among the owners is refused. */
  private spendsOf(movements: readonly Movement[], method: string, spender: string): Map<string, Spend> {
    const spends = new Map<string, Spend>();
    for (const move of movements) {
      if (move.from === move.to) continue;
      if (!this.owners.has(move.from)) {
        throw new PolicyBlockedError(method, { policy: this.name, stage: 'postParamsNormalization', reason: `this call moves ${move.display} out of ${move.from}, which is not an owner whose allowance this agent may spend (${[...this.owners].join(', ')})` }, this.description);
      }
      if (move.serial !== undefined) continue;
      const key = keyOf({ account: move.from, asset: `${spender}:${move.asset}` });
      const spend = spends.get(key);
      if (spend) spend.amount += move.amount;
      else spends.set(key, { key, owner: move.from, spender, asset: move.asset, amount: move.amount });
    }
    return spends;
  }
}

// A built-in guard: a plugin cannot patch its methods after this package loaded.
Object.freeze(AllowanceSpendPolicy.prototype);
markReadOnly(AllowanceSpendPolicy.prototype);

interface Spend {
  /** The allowance, as the store's line names it (keyOf). */
  readonly key: string;
  readonly owner: string;
  readonly spender: string;
  readonly asset: string;
  amount: bigint;
}

/** What the mirror says is left of the owner's allowance to the spender: 0 when there is none. */
async function leftOf(mirror: MirrorClient, spend: Spend): Promise<bigint> {
  const { allowances } = spend.asset === 'HBAR' ? await mirror.getCryptoAllowances(spend.owner, spend.spender) : await mirror.getTokenAllowances(spend.owner, spend.spender, spend.asset);
  const found = (allowances as { spender: string; token_id?: string; amount: number }[]).find((row) => row.spender === spend.spender && (spend.asset === 'HBAR' || row.token_id === spend.asset));
  if (!found) return 0n;
  if (!Number.isSafeInteger(found.amount) || found.amount < 0) throw new Error(`the mirror reports an unreadable allowance amount ${JSON.stringify(found.amount)}`);
  return BigInt(found.amount);
}
