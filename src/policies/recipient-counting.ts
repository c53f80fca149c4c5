import { decodeErcCall } from './erc-calls.js';

/**
 * How MaxRecipientsPolicy counts recipients on the normalised params of the core transfer tools
 * (this project's and the Hedera Agent Kit's, which share the field names): distinct accounts
 * credited a positive amount, so the sender's negative entry and zero-amount entries do not count
 * (as in the Hedera Agent Kit) and an account listed twice counts once.
 */
export type RecipientCounter = (normalisedParams: any) => number;

const hbarCounter: RecipientCounter = (params) => distinctCredited(field(params, 'hbarTransfers'), 'accountId');
const tokenCounter: RecipientCounter = (params) => distinctCredited(field(params, 'tokenTransfers'), 'accountId');
const nftCounter: RecipientCounter = (params) =>
  new Set(field(params, 'transfers').map((transfer) => String(transfer.receiverAccountId ?? transfer.receiver))).size;

/** An ERC-20 or ERC-721 transfer has one recipient (none for an ERC-20 amount of 0), read from the call that executes. */
const erc20Counter: RecipientCounter = (params) => (decodeErcCall(params?.functionParameters, 'transfer').amount > 0n ? 1 : 0);
const erc721Counter: RecipientCounter = (params) => (decodeErcCall(params?.functionParameters, 'transferFrom') ? 1 : 0);

/** The tools the policy knows out of the box, with their counters. */
export const DEFAULT_RECIPIENT_COUNTERS: Readonly<Record<string, RecipientCounter>> = Object.freeze({
  transfer_hbar_tool: hbarCounter,
  transfer_hbar_with_allowance_tool: hbarCounter,
  airdrop_fungible_token_tool: tokenCounter,
  transfer_fungible_token_tool: tokenCounter,
  transfer_fungible_token_with_allowance_tool: tokenCounter,
  transfer_non_fungible_token_tool: nftCounter,
  transfer_non_fungible_token_with_allowance_tool: nftCounter,
  transfer_erc20_tool: erc20Counter,
  transfer_erc721_tool: erc721Counter,
});

function field(params: unknown, name: string): any[] {
  const value = (params as Record<string, unknown> | undefined)?.[name];
  // Fail closed: a shape we cannot read is an error (which blocks), never a count of zero.
  if (!Array.isArray(value)) throw new Error(`cannot count recipients: normalised params have no "${name}" list`);
  return value;
}

function distinctCredited(entries: any[], accountField: string): number {
  const credited = new Set<string>();
  for (const entry of entries) {
    if (isPositive(entry.amount)) credited.add(String(entry[accountField]));
  }
  return credited.size;
}

function isPositive(amount: unknown): boolean {
  if (typeof amount === 'number' || typeof amount === 'bigint') return amount > 0;
  if (amount && typeof amount === 'object') {
    // Hbar and Long say it themselves; an Hbar's sign and zero are read from its tinybars.
    const units = typeof (amount as { toTinybars?: unknown }).toTinybars === 'function' ? (amount as { toTinybars(): unknown }).toTinybars() : amount;
    const probe = units as { isNegative?: unknown; isZero?: unknown };
    if (typeof probe.isNegative === 'function' && typeof probe.isZero === 'function') {
      return !(probe as { isNegative(): boolean }).isNegative() && !(probe as { isZero(): boolean }).isZero();
    }
  }
  if (typeof amount === 'string' && amount.trim() !== '' && Number.isFinite(Number(amount))) return Number(amount) > 0;
  throw new Error(`cannot count recipients: unreadable amount ${String(amount)}`);
}
