import type { Client } from '@hiero-ledger/sdk';
import type { Context } from '../lifecycle/context.js';
import type { DrivableTool } from '../lifecycle/drivable-tool.js';
import type { PreToolExecutionParams } from '../lifecycle/stage-events.js';
import { returnsBytes } from '../values/agent-mode.js';
import { CURRENT_TREASURY, NEW_ACCOUNT, canonicalAccountId, canonicalTokenId } from './account-ids.js';
import { CORE_MOVEMENT_VIEWS } from './core-movement-views.js';
import { evmAliasesOf, resolveEvmAliases } from './evm-aliases.js';
import type { Movement, MovementCall } from '../values/movement.js';
import { HBAR_DECIMALS, UNBOUNDED_AMOUNT, unitsOf } from './movement-amounts.js';
import { movement } from './transfer-lines.js';

const NONE: readonly Movement[] = Object.freeze([]);

/**
 * The core transaction tools that move no value (beyond the fee): the value policies cover them
 * without a view. This project's tools say so themselves (`movesNoValue`); the list also serves the
 * Hedera Agent Kit's tools of these names, which cannot.
 */
export const CORE_TOOLS_MOVING_NO_VALUE: readonly string[] = Object.freeze([
  'update_account_tool',
  'delete_hbar_allowance_tool',
  'delete_token_allowance_tool',
  'delete_non_fungible_token_allowance_tool',
  'create_topic_tool',
  'update_topic_tool',
  'delete_topic_tool',
  'submit_topic_message_tool',
  'create_fungible_token_tool',
  'create_non_fungible_token_tool',
  'mint_fungible_token_tool',
  'mint_non_fungible_token_tool',
  'associate_token_tool',
  'dissociate_token_tool',
  'schedule_delete_tool',
  'create_erc20_tool',
  'create_erc721_tool',
]);

/**
 * What a call of a core tool moves, read from its normalised params: one movement per asset and
 * recipient, amounts in smallest units as bigint, account IDs canonical (see canonicalAccountId).
 * Approvals count as what they allow to be moved (owner → spender); `create_account_tool` moves its
 * initial balance from `call.payer` to `'new-account'`; `delete_account_tool` moves the whole
 * balance to `transferAccountId`, an amount not known in advance (`unbounded: true`).
 *
 * Returns `undefined` for a tool without a built-in view, and throws when the params cannot be read
 * (an alias or EVM address, an unbalanced list, a shape it does not know): a value policy that
 * throws blocks the call.
 *
 * @example
 * movementsOf('transfer_hbar_tool', event.normalisedParams);
 * // [{ asset: 'HBAR', from: '0.0.2', to: '0.0.1001', amount: 250000000n, display: '2.5 HBAR', decimals: 8 }]
 */
export function movementsOf(method: string, normalisedParams: unknown, call: MovementCall = {}): readonly Movement[] | undefined {
  const view = Object.hasOwn(CORE_MOVEMENT_VIEWS, method) ? CORE_MOVEMENT_VIEWS[method] : undefined;
  return view ? Object.freeze([...view(normalisedParams, call)]) : undefined;
}

/** Whether `movementsOf` has a view for the tool. */
export function hasBuiltInMovementsView(method: string): boolean {
  return Object.hasOwn(CORE_MOVEMENT_VIEWS, method);
}

/**
 * What one call of `tool` moves: its own `movements` view (checked and canonicalised), else the
 * built-in view of its name, else nothing for a tool that moves no value (`movesNoValue`, or a
 * query); `undefined` when nobody can say.
 */
export function toolMovements(tool: DrivableTool, normalisedParams: unknown, call: MovementCall): readonly Movement[] | undefined {
  if (typeof tool.movements === 'function') return checkedMovements(tool.movements(normalisedParams, call), tool.method);
  const builtIn = movementsOf(tool.method, normalisedParams, call);
  if (builtIn) return builtIn;
  return tool.movesNoValue === true || tool.toolType === 'query' ? NONE : undefined;
}

/** The runner's hook for `event.movements`: toolMovements with the call's payer. */
export function callMovements(tool: DrivableTool, normalisedParams: unknown, context: Context, client: Client): readonly Movement[] | undefined {
  return toolMovements(tool, normalisedParams, { payer: payerOf(context, client) });
}

/**
 * The movements a policy judges: `event.movements` as the kit's runner provides it, else (in the
 * Hedera Agent Kit, whose events have none) the built-in view of the tool. `undefined` when neither
 * can say; a value policy then blocks.
 *
 * That kit's EVM tools name an ECDSA account by its EVM alias; those aliases are first resolved on
 * the mirror (see resolveEvmAliases), so the answer is then a promise. It rejects for an alias
 * that cannot be resolved, which blocks.
 */
export function movementsOfEvent(event: PreToolExecutionParams, method: string): readonly Movement[] | undefined | Promise<readonly Movement[] | undefined> {
  if ('movements' in event) return (event as { movements?: readonly Movement[] }).movements;
  const normalised = (event as { normalisedParams?: unknown }).normalisedParams;
  if (normalised === undefined) return undefined;
  const call: MovementCall = { payer: payerOf(event.context, event.client) };
  const aliases = evmAliasesOf(method, normalised);
  if (!aliases.length) return movementsOf(method, normalised, call);
  return resolveEvmAliases(aliases, event.context, event.client).then((evmAccounts) => movementsOf(method, normalised, { ...call, evmAccounts }));
}

/** Who pays the call: the operator, or `context.accountId` in the modes that return bytes for it to sign. */
export function payerOf(context: Context | undefined, client: Client | undefined): string | undefined {
  const operator = client?.operatorAccountId?.toString();
  const account = typeof context?.accountId === 'string' && context.accountId ? context.accountId : undefined;
  return returnsBytes(context?.mode) ? (account ?? operator) : (operator ?? account);
}

/**
 * A third-party view's answer, checked: a list of movements with an asset (`'HBAR'` or a token ID),
 * accounts, and a non-negative whole amount. IDs are canonicalised and `display` is recomputed from
 * the amount, so no view can describe a move as smaller than it is. Zero amounts are dropped.
 */
export function checkedMovements(value: unknown, method: string): readonly Movement[] {
  if (!Array.isArray(value)) throw new Error(`${method}: its movements view returned ${value === null ? 'null' : typeof value}, not a list of movements`);
  const checked: Movement[] = [];
  value.forEach((entry, at) => {
    const one = checkedMovement(entry, `${method}: movements[${at}]`);
    if (one) checked.push(one);
  });
  return Object.freeze(checked);
}

function checkedMovement(value: unknown, field: string): Movement | undefined {
  if (value === null || typeof value !== 'object') throw new Error(`${field}: expected a movement object, got ${String(value)}`);
  const entry = value as Record<string, unknown>;
  const asset = entry.asset === 'HBAR' ? 'HBAR' : canonicalTokenId(entry.asset, `${field}.asset`);
  const from = accountOrPlaceholder(entry.from, `${field}.from`);
  const to = accountOrPlaceholder(entry.to, `${field}.to`);
  const unbounded = entry.unbounded === true;
  const amount = unbounded ? UNBOUNDED_AMOUNT : unitsOf(entry.amount, `${field}.amount`);
  if (amount < 0n) throw new Error(`${field}.amount: ${amount} is negative; a movement goes from "from" to "to"`);
  let serial: number | undefined;
  if (entry.serial !== undefined) {
    const units = unitsOf(entry.serial, `${field}.serial`);
    if (units < 1n || units > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`${field}.serial: ${units} is not an NFT serial number`);
    serial = Number(units);
  }
  let decimals = asset === 'HBAR' ? HBAR_DECIMALS : serial !== undefined ? 0 : undefined;
  if (decimals === undefined && entry.decimals !== undefined) {
    if (typeof entry.decimals !== 'number' || !Number.isInteger(entry.decimals) || entry.decimals < 0 || entry.decimals > 18) {
      throw new Error(`${field}.decimals: expected a whole number from 0 to 18, got ${String(entry.decimals)}`);
    }
    decimals = entry.decimals;
  }
  if (amount === 0n && serial === undefined) return undefined;
  const display = unbounded ? `an amount of ${asset} not known before the call executes` : serial !== undefined ? `NFT ${asset} serial ${serial}` : undefined;
  return movement(asset, from, to, amount, decimals, { serial, unbounded: unbounded || undefined, ...(display ? { display } : {}) });
}

function accountOrPlaceholder(value: unknown, field: string): string {
  return value === NEW_ACCOUNT || value === CURRENT_TREASURY ? value : canonicalAccountId(value, field);
}
