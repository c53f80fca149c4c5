import { z } from 'zod';
import { invalidArgument, parseOptions } from '../errors/index.js';
import { decimalParts, formatUnits, type DecimalParts } from '../params/decimal-amount.js';
import { canonicalTokenId } from './account-ids.js';
import type { Movement } from '../values/movement.js';
import { HBAR_DECIMALS, displayToUnits, unitsOf } from './movement-amounts.js';
import { MovementPolicy, listed } from './movement-policy.js';
import { displayAmountOption, hbarOption, tokenMapOption, toolsOption } from './option-schemas.js';
import { isThenable } from '../lifecycle/policy-judge.js';
import type { PostParamsNormalizationParams } from '../lifecycle/stage-events.js';
import { usdText, usdUnits } from './dollar-amounts.js';
import { dollarOptionFields, refuseDollarOptionsWithoutUsd, usdOption, type DollarOptions } from './dollar-options.js';
import { DollarValuer, type AssetSum, type Valuation } from './dollar-valuer.js';
import { displayOf } from './movement-amounts.js';
import { markReadOnly } from '../listeners/read-only-policies.js';

/** A token cap: display units (`25`, `"0.5"`, scaled by the token's decimals), or base units. */
export type TokenCap = number | string | { baseUnits: number | string | bigint };

export interface MaxTransferLimits extends DollarOptions {
  /** Most HBAR one call may move, in HBAR (e.g. `100` or `"0.5"`). */
  hbar?: number | string;
  /** Most of each token one call may move, by token ID; NFTs count one per serial. */
  tokens?: Record<string, TokenCap>;
  /**
   * Most one call may move in US dollars (e.g. `50`): HBAR at the network's exchange rate (read from
   * the kit's mirror node unless `exchangeRate` says otherwise), tokens at `prices` or `price`. A
   * token with no known price blocks the call unless `allowUnpriced`.
   */
  usd?: number | string;
  /**
   * Let through moves of a capped asset whose size is unknown when the call is judged (an account
   * deletion's whole balance, an all-serials NFT approval, a treasury change). Refused by default.
   */
  allowUnbounded?: boolean;
  /** Tools to cover; default every tool (`['*']`). */
  tools?: string[];
}

type Cap = { kind: 'units'; units: bigint; text: string } | { kind: 'display'; parts: DecimalParts; text: string };

const BASE_UNITS_ACCEPTED = 'a whole, non-negative number of base units, such as "2500"';
const TOKEN_CAP_ACCEPTED = 'an amount in display units such as 25 or "0.5", or { "baseUnits": "2500" }';

/** A token cap: display units, or `{ baseUnits }` for a token whose decimals a call may not carry. */
const tokenCapOption = z.union(
  [
    displayAmountOption(false, TOKEN_CAP_ACCEPTED),
    z
      .object({
        baseUnits: z.union([z.number(), z.string(), z.bigint()], { error: BASE_UNITS_ACCEPTED }).refine(isBaseUnits, { error: BASE_UNITS_ACCEPTED }),
      })
      .strict(),
  ],
  { error: TOKEN_CAP_ACCEPTED },
);

/** MaxTransferPolicy's options; `null` for a cap means it is left out. */
export const maxTransferOptions = z
  .object(
    {
      hbar: hbarOption(false, '100').nullable().optional(),
      tokens: tokenMapOption(tokenCapOption, 'a map of token IDs to caps, e.g. { "0.0.5678": 25 }', true).nullable().optional(),
      usd: usdOption(false, '50').nullable().optional(),
      ...dollarOptionFields,
      allowUnbounded: z.boolean({ error: 'true or false' }).optional(),
      tools: toolsOption.optional(),
    } satisfies Record<keyof MaxTransferLimits, z.ZodType>,
    { error: '{ hbar?, tokens?, usd?, prices?, price?, exchangeRate?, allowUnpriced?, allowUnbounded?, tools? }' },
  )
  .strict();

/**
 * Caps what one call may move, per asset, summed over every movement of the call (nine transfers of
 * 20 HBAR are 180 HBAR). Assets without a cap are not limited. Token caps are in display units,
 * scaled by the decimals the call's params carry (the core token tools read them from the mirror
 * node); where a call does not know a token's decimals (the Hedera Agent Kit's token tools), give
 * the cap in base units, `{ baseUnits: '2500' }`, or the call is refused.
 *
 * @example
 * new MaxTransferPolicy({ hbar: 100, tokens: { '0.0.5678': 25, '0.0.6789': { baseUnits: '2500' } } })
 */
export class MaxTransferPolicy extends MovementPolicy {
  override name = 'Max Transfer Policy';
  override description: string;
  private readonly hbar: bigint | undefined;
  private readonly tokens: ReadonlyMap<string, Cap>;
  private readonly allowUnbounded: boolean;
  private readonly usd: bigint | undefined;
  /** The dollar cap as a block reason says it, made once: formatting it per call was a share of every dollar-capped call. */
  private readonly usdCap: string | undefined;
  private readonly dollars: DollarValuer | undefined;

  /** The constructor's arguments, as a configuration's JSON schema describes them. */
  static readonly configArgs = z.tuple([maxTransferOptions]);

  constructor(limits: MaxTransferLimits) {
    const checked = parseOptions('MaxTransferPolicy', maxTransferOptions, limits);
    super('MaxTransferPolicy', checked.tools ?? ['*']);
    this.hbar = checked.hbar === undefined || checked.hbar === null ? undefined : displayToUnits(checked.hbar, HBAR_DECIMALS, 'hbar');
    this.tokens = tokenCaps(checked.tokens);
    this.usd = checked.usd === undefined || checked.usd === null ? undefined : usdUnits(checked.usd);
    this.usdCap = this.usd === undefined ? undefined : `${usdText(this.usd)} per call`;
    if (this.hbar === undefined && this.tokens.size === 0 && this.usd === undefined) throw invalidArgument("MaxTransferPolicy: give a cap, 'hbar', 'tokens' or 'usd' (e.g. { hbar: 100 } or { usd: 50 }).", [0]);
    refuseDollarOptionsWithoutUsd('MaxTransferPolicy', checked, this.usd);
    this.dollars = this.usd === undefined ? undefined : new DollarValuer('MaxTransferPolicy', checked);
    this.allowUnbounded = checked.allowUnbounded === true;
    const caps = [
      ...(this.hbar !== undefined ? [`${formatUnits(this.hbar, HBAR_DECIMALS)} HBAR`] : []),
      ...[...this.tokens].map(([token, cap]) => capText(token, cap)),
      ...(this.usd !== undefined ? [`${usdText(this.usd)} in US dollars (${this.dollars!.describe()})`] : []),
    ];
    this.description = `Caps what one call may move: ${caps.join('; ')}`;
  }

  protected override judgeMovements(movements: readonly Movement[], method: string, params: PostParamsNormalizationParams): string | undefined | Promise<string | undefined> {
    const problem = this.judgeAssets(movements, method);
    if (!this.dollars) return problem;
    const dollars = this.judgeUsd(movements, method, params);
    if (!isThenable(dollars)) return joined(problem, dollars);
    return dollars.then((later) => joined(problem, later));
  }

  private judgeAssets(movements: readonly Movement[], method: string): string | undefined {
    const byAsset = new Map<string, Movement[]>();
    for (const movement of movements) {
      const list = byAsset.get(movement.asset);
      if (list) list.push(movement);
      else byAsset.set(movement.asset, [movement]);
    }
    const problems: string[] = [];
    for (const [asset, moves] of byAsset) {
      const problem = asset === 'HBAR' ? this.judgeHbar(moves, method) : this.judgeToken(asset, moves, method);
      if (problem) problems.push(problem);
    }
    return problems.length ? problems.join('; ') : undefined;
  }

  private judgeHbar(moves: readonly Movement[], method: string): string | undefined {
    if (this.hbar === undefined) return undefined;
    return this.judgeTotal('HBAR', moves, method, this.hbar, `${formatUnits(this.hbar, HBAR_DECIMALS)} HBAR`, HBAR_DECIMALS);
  }

  private judgeToken(asset: string, moves: readonly Movement[], method: string): string | undefined {
    const cap = this.tokens.get(asset);
    if (!cap) return undefined;
    if (cap.kind === 'units') return this.judgeTotal(asset, moves, method, cap.units, capText(asset, cap), decimalsOf(moves));
    const decimals = decimalsOf(moves);
    if (decimals === undefined || decimals === null) {
      return (
        `the decimals of token ${asset} are not known for this call (${decimals === null ? 'its movements disagree' : 'its params do not carry them'}), ` +
        `so the cap of ${cap.text} of ${asset} (display units) cannot be applied; give the cap in base units instead, e.g. { "baseUnits": "…" }`
      );
    }
    // Amounts are whole base units, so a cap finer than the token's decimals rounds down.
    const units = BigInt(cap.parts.whole + cap.parts.fraction.slice(0, decimals).padEnd(decimals, '0'));
    return this.judgeTotal(asset, moves, method, units, capText(asset, cap), decimals);
  }

  private judgeTotal(asset: string, moves: readonly Movement[], method: string, cap: bigint, capShown: string, decimals: number | null | undefined): string | undefined {
    const unbounded = moves.find((move) => move.unbounded);
    if (unbounded && !this.allowUnbounded) {
      return (
        `${method} moves ${unbounded.display} to ${unbounded.to}, an amount not known before it executes; ` +
        `the cap is ${capShown} per call, so moves of unknown size are refused (allowUnbounded: true lets them through)`
      );
    }
    const counted = moves.filter((move) => !move.unbounded);
    const total = counted.reduce((sum, move) => sum + move.amount, 0n);
    if (total <= cap) return undefined;
    const recipients = [...new Set(counted.map((move) => move.to))];
    const amount = asset === 'HBAR' ? `${formatUnits(total, HBAR_DECIMALS)} HBAR (${total} tinybars)` : shown(asset, total, decimals);
    return `${method} moves ${amount} in this call, to ${listed(recipients)}; the cap is ${capShown} per call`;
  }

  /** The dollar cap over every asset of the call: a movement of unknown size is refused unless allowUnbounded. */
  private judgeUsd(movements: readonly Movement[], method: string, params: PostParamsNormalizationParams): string | undefined | Promise<string | undefined> {
    const cap = this.usdCap!;
    const unbounded = movements.find((move) => move.unbounded);
    if (unbounded && !this.allowUnbounded) {
      return `${method} moves ${unbounded.display} to ${unbounded.to}, an amount not known before it executes; the cap is ${cap}, so moves of unknown size are refused (allowUnbounded: true lets them through)`;
    }
    const counted = unbounded ? movements.filter((move) => !move.unbounded) : movements;
    if (counted.length === 0) return undefined;
    const sums = assetSums(counted);
    const valuation = this.dollars!.value(sums, params);
    if (isThenable(valuation)) return valuation.then((valued) => this.overUsd(valued, sums, counted, method, cap));
    return this.overUsd(valuation, sums, counted, method, cap);
  }

  private overUsd(valuation: Valuation, sums: readonly AssetSum[], moves: readonly Movement[], method: string, cap: string): string | undefined {
    const total = valuation.values.reduce((sum, value) => sum + value, 0n);
    if (total <= this.usd!) return undefined;
    const what = sums.map((sum, at) => `${displayOf(sum.asset, sum.amount, sum.decimals)} (${usdText(valuation.values[at]!)})`).join(' and ');
    const recipients = [...new Set(moves.map((move) => move.to))];
    return `${method} moves ${what} in this call, to ${listed(recipients)}, worth ${usdText(total)} (${DollarValuer.basis(valuation)}); the cap is ${cap}`;
  }
}

/** Two reasons as one, either of them possibly none. */
function joined(first: string | undefined, second: string | undefined): string | undefined {
  return first && second ? `${first}; ${second}` : (first ?? second);
}

/** What each asset adds up to, with the decimals its movements agree on. */
function assetSums(moves: readonly Movement[]): AssetSum[] {
  const sums = new Map<string, { amount: bigint; moves: Movement[] }>();
  for (const move of moves) {
    const sum = sums.get(move.asset);
    if (sum) {
      sum.amount += move.amount;
      sum.moves.push(move);
    } else sums.set(move.asset, { amount: move.amount, moves: [move] });
  }
  return [...sums].map(([asset, { amount, moves: of }]) => {
    const decimals = decimalsOf(of);
    return typeof decimals === 'number' ? { asset, amount, decimals } : { asset, amount };
  });
}

/** The caps by canonical token ID; the schema already refused keys that are no token ID or name one twice. */
function tokenCaps(tokens: Record<string, unknown> | null | undefined): Map<string, Cap> {
  const caps = new Map<string, Cap>();
  for (const [key, value] of Object.entries(tokens ?? {})) caps.set(canonicalTokenId(key, `tokens["${key}"]`), tokenCap(value));
  return caps;
}

function tokenCap(value: unknown): Cap {
  if (value !== null && typeof value === 'object') {
    const units = unitsOf((value as { baseUnits: unknown }).baseUnits, 'baseUnits');
    return { kind: 'units', units, text: `${units} base units` };
  }
  const parts = decimalParts(value)!;
  return { kind: 'display', parts, text: parts.fraction ? `${parts.whole}.${parts.fraction}` : parts.whole };
}

function isBaseUnits(value: unknown): boolean {
  try {
    return unitsOf(value, 'baseUnits') >= 0n;
  } catch {
    return false;
  }
}

function capText(token: string, cap: Cap): string {
  return `${cap.text} of ${token}`;
}

/** The decimals every movement of the asset agrees on; undefined when unknown, null when they disagree. */
function decimalsOf(moves: readonly Movement[]): number | null | undefined {
  const found = new Set(moves.map((move) => move.decimals));
  if (found.size !== 1) return found.has(undefined) ? undefined : null;
  return [...found][0];
}

function shown(asset: string, total: bigint, decimals: number | null | undefined): string {
  return typeof decimals === 'number' ? `${formatUnits(total, decimals)} of ${asset} (${total} base units)` : `${total} base units of ${asset}`;
}

// A built-in guard: a plugin cannot patch its methods after this package loaded.
Object.freeze(MaxTransferPolicy.prototype);
markReadOnly(MaxTransferPolicy.prototype);
