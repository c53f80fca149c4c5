import { AccountBalanceQuery, type Client } from '@hiero-ledger/sdk';
import { messageOf } from '../errors/index.js';
import { isHbar, tinybarsOfHbar } from '../values/sdk-values.js';
import type { Movement } from '../values/movement.js';
import { CURRENT_TREASURY, NEW_ACCOUNT } from './account-ids.js';
import { HBAR_DECIMALS, displayOf } from './movement-amounts.js';
import { movement } from './transfer-lines.js';

/** How long a balance read may take before the call is refused (the policy's own time budget may be shorter). */
const BALANCE_TIMEOUT_MS = 10_000;

/**
 * Whether the movements hold an HBAR move of unknown size out of a real account: an account
 * deletion, which sends the account's whole balance to the transfer account.
 */
export function movesWholeHbarBalance(movements: readonly Movement[]): boolean {
  return movements.some(isWholeHbarBalance);
}

/**
 * The movements with each HBAR move of unknown size out of an account (an account deletion's whole
 * balance) given its size: the account's balance, read now on the ledger through the call's client
 * (AccountBalanceQuery). Nothing can move more HBAR out of an account than it holds, so a budget
 * counts that balance; HBAR that reaches the account between this read and the call's execution
 * leaves with it uncounted, and the docs say so.
 *
 * Rejects, naming the tool and the account, when the balance cannot be read (no client, a network
 * error, an answer that is not an HBAR amount): a value policy then refuses the call, never
 * counting it as nothing.
 *
 * @example
 * const counted = await withWholeBalancesRead(movements, 'delete_account_tool', event.client);
 * // [{ asset: 'HBAR', from: '0.0.1234', to: '0.0.2', amount: 2000000000n, display: '20 HBAR (the whole balance of 0.0.1234, read before the call)' }]
 */
export async function withWholeBalancesRead(movements: readonly Movement[], method: string, client: Client | undefined): Promise<readonly Movement[]> {
  const read = new Map<string, Promise<bigint>>();
  const balanceOf = (account: string) => {
    let balance = read.get(account);
    if (!balance) read.set(account, (balance = hbarBalance(account, method, client)));
    return balance;
  };
  const counted = await Promise.all(
    movements.map(async (move) => {
      if (!isWholeHbarBalance(move)) return move;
      const amount = await balanceOf(move.from);
      return movement('HBAR', move.from, move.to, amount, HBAR_DECIMALS, { display: `${displayOf('HBAR', amount, HBAR_DECIMALS)} (the whole balance of ${move.from}, read before the call)` });
    }),
  );
  return Object.freeze(counted);
}

function isWholeHbarBalance(move: Movement): boolean {
  return move.unbounded === true && move.asset === 'HBAR' && move.from !== NEW_ACCOUNT && move.from !== CURRENT_TREASURY;
}

async function hbarBalance(account: string, method: string, client: Client | undefined): Promise<bigint> {
  const refusal = (why: string) => new Error(`${method} moves the whole HBAR balance of ${account}, and that balance cannot be read (${why}), so what the call moves cannot be counted; refused`);
  if (!client) throw refusal('the call has no client to query the ledger with');
  let answer: { hbars?: unknown };
  try {
    answer = await queryBalance(account, client);
  } catch (error) {
    throw refusal(`AccountBalanceQuery failed: ${messageOf(error)}`);
  }
  if (!isHbar(answer.hbars)) throw refusal('the ledger answered without an HBAR amount');
  const tinybars = tinybarsOfHbar(answer.hbars);
  if (tinybars < 0n) throw refusal(`the ledger answered a negative balance, ${tinybars} tinybars`);
  return tinybars;
}

function queryBalance(account: string, client: Client): Promise<{ hbars?: unknown }> {
  const query = new AccountBalanceQuery().setAccountId(account).execute(client);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${BALANCE_TIMEOUT_MS / 1000} s`)), BALANCE_TIMEOUT_MS);
    timer.unref?.();
  });
  return Promise.race([query, timeout]).finally(() => clearTimeout(timer));
}
