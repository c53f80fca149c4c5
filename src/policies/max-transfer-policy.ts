import { invalidArgument, messageOf } from '../errors/index.js';
import { decimalParts, formatUnits, type DecimalParts } from '../params/decimal-amount.js';
import { canonicalTokenId } from './account-ids.js';
import type { Movement } from '../values/movement.js';
import { HBAR_DECIMALS, displayToUnits, unitsOf } from './movement-amounts.js';
import { refuseUnknownKeys } from '../lifecycle/unknown-keys.js';
import { MovementPolicy, listed } from './movement-policy.js';
import { markReadOnly } from '../listeners/read-only-policies.js';

/** A token cap: display units (`25`, `"0.5"`, scaled by the token's decimals), or base units. */
export type TokenCap = number | string | { baseUnits: number | string | bigint };

export interface MaxTransferLimits {
  /** Most HBAR one call may move, in HBAR (e.g. `100` or `"0.5"`). */
  hbar?: number | string;
  /** Most of each token one call may move, by token ID; NFTs count one per serial. */
  tokens?: Record<string, TokenCap>;
  /**
   * Let through moves of a capped asset whose size is unknown when the call is judged (an account
   * deletion's whole balance, an all-serials NFT approval, a treasury change). Refused by default.
   */
  allowUnbounded?: boolean;
  /** Tools to cover; default every tool (`['*']`). */
  tools?: string[];
}

type Cap = { kind: 'units'; units: bigint; text: string } | { kind: 'display'; parts: DecimalParts; text: string };

const OPTIONS = ['hbar', 'tokens', 'allowUnbounded', 'tools'] as const;

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

  constructor(limits: MaxTransferLimits) {
    if (limits === null || typeof limits !== 'object' || Array.isArray(limits)) {
      throw invalidArgument(`MaxTransferPolicy: expected { hbar?, tokens?, allowUnbounded?, tools? }, got ${JSON.stringify(limits)}.`);
    }
    super('MaxTransferPolicy', limits.tools ?? ['*']);
    refuseUnknownKeys('MaxTransferPolicy', limits, OPTIONS);
    this.hbar = limits.hbar === undefined || limits.hbar === null ? undefined : hbarCap(limits.hbar);
    this.tokens = tokenCaps(limits.tokens);
    if (this.hbar === undefined && this.tokens.size === 0) throw invalidArgument("MaxTransferPolicy: give a cap, 'hbar' or 'tokens' (e.g. { hbar: 100 }).");
    if (limits.allowUnbounded !== undefined && typeof limits.allowUnbounded !== 'boolean') {
      throw invalidArgument(`MaxTransferPolicy: 'allowUnbounded' must be true or false, got ${JSON.stringify(limits.allowUnbounded)}.`);
    }
    this.allowUnbounded = limits.allowUnbounded === true;
    const caps = [
      ...(this.hbar !== undefined ? [`${formatUnits(this.hbar, HBAR_DECIMALS)} HBAR`] : []),
      ...[...this.tokens].map(([token, cap]) => capText(token, cap)),
    ];
    this.description = `Caps what one call may move: ${caps.join('; ')}`;
  }

  protected override judgeMovements(movements: readonly Movement[], method: string): string | undefined {
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
}

function hbarCap(value: unknown): bigint {
  try {
    return displayToUnits(value, HBAR_DECIMALS, 'hbar');
  } catch (error) {
    throw invalidArgument(`MaxTransferPolicy: 'hbar' must be an amount of HBAR with at most 8 decimal places, such as 100 or "0.5" (${messageOf(error)}).`);
  }
}

function tokenCaps(tokens: unknown): Map<string, Cap> {
  const caps = new Map<string, Cap>();
  if (tokens === undefined || tokens === null) return caps;
  if (typeof tokens !== 'object' || Array.isArray(tokens)) {
    throw invalidArgument(`MaxTransferPolicy: 'tokens' must map token IDs to caps, e.g. { "0.0.5678": 25 }, got ${JSON.stringify(tokens)}.`);
  }
  for (const [key, value] of Object.entries(tokens)) {
    let token: string;
    try {
      token = canonicalTokenId(key, `tokens["${key}"]`);
    } catch (error) {
      throw invalidArgument(`MaxTransferPolicy: ${messageOf(error)}.`);
    }
    if (caps.has(token)) throw invalidArgument(`MaxTransferPolicy: tokens lists ${token} twice ("${key}" is the same token).`);
    caps.set(token, tokenCap(value, `tokens["${key}"]`));
  }
  return caps;
}

function tokenCap(value: unknown, field: string): Cap {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    refuseUnknownKeys(`MaxTransferPolicy: ${field}`, value, ['baseUnits']);
    try {
      const units = unitsOf((value as { baseUnits?: unknown }).baseUnits, `${field}.baseUnits`);
      if (units < 0n) throw new Error('it is negative');
      return { kind: 'units', units, text: `${units} base units` };
    } catch (error) {
      throw invalidArgument(`MaxTransferPolicy: ${field}.baseUnits must be a whole, non-negative number of base units (${messageOf(error)}).`);
    }
  }
  const parts = decimalParts(value);
  if (!parts) throw invalidArgument(`MaxTransferPolicy: ${field} must be an amount in display units such as 25 or "0.5", or { "baseUnits": "2500" }; got ${JSON.stringify(value)}.`);
  return { kind: 'display', parts, text: parts.fraction ? `${parts.whole}.${parts.fraction}` : parts.whole };
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
