// BRIDGE (issue 12, branch wt-b): a stand-in for `movementsOf` and the per-tool movement views that
// another branch writes. It knows only the two HBAR transfer tools, from `normalisedParams.hbarTransfers`.
// At the merge, delete this file and its one call in tool-runner.ts; `event.movements` then comes
// from movementsOf for every value-moving tool.
import type { Movement } from './movement.js';

const HBAR_TOOLS: ReadonlySet<string> = new Set(['transfer_hbar_tool', 'transfer_hbar_with_allowance_tool']);
const TINYBARS_PER_HBAR = 100_000_000n;

/**
 * Defines `event.movements` on a postParamsNormalization event when nothing else did: computed on
 * first read from the params the event holds then (hooks may still replace them before the policies
 * judge). Other tools get none, so `event.movements` is `undefined` and the value policies refuse them.
 */
export function bridgeMovements(event: Record<string, unknown>): void {
  if ('movements' in event || !HBAR_TOOLS.has(String(event.method))) return;
  let seen: unknown;
  let movements: readonly Movement[] | undefined;
  Object.defineProperty(event, 'movements', {
    enumerable: false,
    get() {
      const params = event.normalisedParams;
      if (params !== seen || movements === undefined) {
        seen = params;
        movements = hbarMovements(params);
      }
      return movements;
    },
  });
}

/**
 * The movements of a balanced HBAR transfer list: each credit paid by the debited accounts in turn
 * (the core tools have one debit). A list that cannot be read or does not balance throws, which a
 * policy turns into a block.
 */
function hbarMovements(params: unknown): readonly Movement[] {
  const entries = (params as { hbarTransfers?: unknown } | undefined)?.hbarTransfers;
  if (!Array.isArray(entries)) throw new Error('cannot read the movements: normalised params have no "hbarTransfers" list');
  const debits: { account: string; left: bigint }[] = [];
  const credits: { account: string; amount: bigint }[] = [];
  for (const entry of entries as { accountId?: unknown; amount?: unknown }[]) {
    const account = String(entry.accountId);
    const tinybars = tinybarsOf(entry.amount);
    if (tinybars < 0n) debits.push({ account, left: -tinybars });
    else if (tinybars > 0n) credits.push({ account, amount: tinybars });
  }
  const movements: Movement[] = [];
  let payer = 0;
  for (const credit of credits) {
    let owed = credit.amount;
    while (owed > 0n) {
      const debit = debits[payer];
      if (!debit) throw new Error('cannot read the movements: the HBAR transfer list does not balance');
      const part = owed < debit.left ? owed : debit.left;
      movements.push(Object.freeze({ asset: 'HBAR', from: debit.account, to: credit.account, amount: part, display: `${hbarText(part)} HBAR` }));
      owed -= part;
      debit.left -= part;
      if (debit.left === 0n) payer++;
    }
  }
  return Object.freeze(movements);
}

function tinybarsOf(amount: unknown): bigint {
  const units = (amount as { toTinybars?: () => unknown } | null)?.toTinybars?.();
  const text = units === undefined ? undefined : String(units);
  if (text === undefined || !/^-?\d+$/.test(text)) throw new Error(`cannot read the movements: unreadable HBAR amount ${String(amount)}`);
  return BigInt(text);
}

function hbarText(tinybars: bigint): string {
  const whole = tinybars / TINYBARS_PER_HBAR;
  const fraction = (tinybars % TINYBARS_PER_HBAR).toString().padStart(8, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}
