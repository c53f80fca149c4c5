import type { PostParamsNormalizationParams } from '../lifecycle/stage-events.js';
import type { Movement } from '../values/movement.js';

/** What ApprovalPolicy knows a call moves. */
export interface MovedValue {
  /** The movements: `[]` for a call that moves nothing, `undefined` when they could not be read. */
  readonly movements: readonly Movement[] | undefined;
  /** The HBAR moved in total, in tinybars; `undefined` when it could not be read. */
  readonly hbarTinybars: bigint | undefined;
  /** False for a tool that may move HBAR but whose amounts could not be read: ask, never allow. */
  readonly readable: boolean;
}

const NOTHING: MovedValue = Object.freeze({ movements: Object.freeze([]), hbarTinybars: 0n, readable: true });
const UNREADABLE: MovedValue = Object.freeze({ movements: undefined, hbarTinybars: undefined, readable: false });
/** Tokens move, but the fallback cannot list them; no HBAR moves. */
const TOKENS_ONLY: MovedValue = Object.freeze({ movements: undefined, hbarTinybars: 0n, readable: true });

/**
 * Core tools that can move HBAR but whose normalised params have no `hbarTransfers` list for the
 * fallback below to read: an allowance lets the spender move HBAR, an account creation pays its
 * initial balance, a deletion sends the whole remaining balance away.
 */
const HBAR_TOOLS_WITHOUT_TRANSFER_LIST = new Set(['approve_hbar_allowance_tool', 'create_account_tool', 'delete_account_tool']);

/** Core tools that move tokens and never HBAR: the fallback knows they move something, not what. */
const TOKEN_TOOLS = new Set([
  'airdrop_fungible_token_tool',
  'transfer_fungible_token_tool',
  'transfer_fungible_token_with_allowance_tool',
  'transfer_non_fungible_token_tool',
  'transfer_non_fungible_token_with_allowance_tool',
  'approve_token_allowance_tool',
  'approve_nft_allowance_tool',
  'transfer_erc20_tool',
  'transfer_erc721_tool',
  'mint_erc721_tool',
]);

/**
 * What the call moves: the event's `movements` (the one view the value policies share), or, for
 * events that do not carry them, the fallback below.
 */
export function movedValueOf(event: PostParamsNormalizationParams): MovedValue {
  const { movements } = event as { movements?: unknown };
  if (Array.isArray(movements)) return fromMovements(movements as readonly Movement[]);
  return fallbackFromHbarTransfers(event.method, event.normalisedParams);
}

function fromMovements(movements: readonly Movement[]): MovedValue {
  let tinybars = 0n;
  for (const movement of movements) {
    if (movement.asset !== 'HBAR') continue;
    if (typeof movement.amount !== 'bigint') return { movements, hbarTinybars: undefined, readable: false };
    tinybars += movement.amount < 0n ? -movement.amount : movement.amount;
  }
  return { movements, hbarTinybars: tinybars, readable: true };
}

/**
 * FALLBACK, for events without `movements` (until every event carries them). The HBAR credited in
 * a `hbarTransfers` list (the normalised shape of the HBAR transfer tools), each credit paired with
 * the account debited when there is exactly one. Core token tools move no HBAR (their movements are
 * unknown here); any other tool without such a list moves nothing. What it cannot read with
 * certainty (an amount it does not understand, a core tool that moves HBAR without such a list) is
 * unreadable, which makes ApprovalPolicy ask.
 */
function fallbackFromHbarTransfers(method: string, normalisedParams: unknown): MovedValue {
  const entries = (normalisedParams as { hbarTransfers?: unknown } | null | undefined)?.hbarTransfers;
  if (entries === undefined) {
    if (HBAR_TOOLS_WITHOUT_TRANSFER_LIST.has(method)) return UNREADABLE;
    return TOKEN_TOOLS.has(method) ? TOKENS_ONLY : NOTHING;
  }
  if (!Array.isArray(entries)) return UNREADABLE;
  const credits: { to: string; amount: bigint }[] = [];
  const payers = new Set<string>();
  for (const entry of entries as { accountId?: unknown; amount?: unknown }[]) {
    const amount = tinybarsOf(entry?.amount);
    const account = entry?.accountId === undefined || entry?.accountId === null ? undefined : String(entry.accountId);
    if (amount === undefined || !account) return UNREADABLE;
    if (amount > 0n) credits.push({ to: account, amount });
    else if (amount < 0n) payers.add(account);
  }
  const total = credits.reduce((sum, credit) => sum + credit.amount, 0n);
  // The credits are what moves; only with one payer can each be said to come from someone.
  if (payers.size !== 1) return { movements: undefined, hbarTinybars: total, readable: true };
  const [from] = payers;
  const movements = credits.map(({ to, amount }): Movement => ({ asset: 'HBAR', from: from!, to, amount, display: formatHbar(amount) }));
  return { movements, hbarTinybars: total, readable: true };
}

/** Tinybars of an Hbar, a Long, a bigint or an integer number; `undefined` for anything else. */
function tinybarsOf(amount: unknown): bigint | undefined {
  if (typeof amount === 'bigint') return amount;
  if (typeof amount === 'number') return Number.isSafeInteger(amount) ? BigInt(amount) : undefined;
  if (amount === null || typeof amount !== 'object') return undefined;
  const units = typeof (amount as { toTinybars?: unknown }).toTinybars === 'function' ? (amount as { toTinybars(): unknown }).toTinybars() : amount;
  const text = units === null || units === undefined ? '' : String(units);
  return /^-?\d+$/.test(text) ? BigInt(text) : undefined;
}

/** `150 HBAR`, `0.5 HBAR`, `0.00000001 HBAR`: tinybars as a person reads them. */
export function formatHbar(tinybars: bigint): string {
  const sign = tinybars < 0n ? '-' : '';
  const abs = tinybars < 0n ? -tinybars : tinybars;
  const whole = abs / 100_000_000n;
  const fraction = (abs % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''} HBAR`;
}

/**
 * Display HBAR (a number, up to 8 decimals) as tinybars, exactly: `1.1` is 110000000n, not what
 * `1.1 * 1e8` rounds to. `undefined` when the number has more decimals than a tinybar or is out of range.
 */
export function hbarToTinybars(hbar: number): bigint | undefined {
  if (!Number.isFinite(hbar) || hbar < 0 || hbar > 50_000_000_000) return undefined;
  // Shortest round-trip form, e.g. '1.1' or '1e-7'; the latter is written out below.
  const text = hbar.toString();
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, whole, fraction = '', exponent = '0'] = match;
  let digits = whole! + fraction;
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  if (scale > 8) return undefined;
  return BigInt(digits) * 10n ** BigInt(8 - scale);
}
