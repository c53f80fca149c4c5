import { invalidArgument, messageOf } from '../errors/index.js';
import { CURRENT_TREASURY, NEW_ACCOUNT, canonicalAccountId } from './account-ids.js';
import type { Movement } from '../values/movement.js';
import { refuseUnknownKeys } from '../lifecycle/unknown-keys.js';
import { MovementPolicy, listed } from './movement-policy.js';
import { markReadOnly } from '../listeners/read-only-policies.js';

export interface RecipientListOptions {
  /** Tools to cover; default every tool (`['*']`). */
  tools?: string[];
}

/**
 * Refuses a call when any of its movements goes to an account not on the list: every recipient of
 * every transfer, airdrop and NFT, every spender of an approval, the beneficiary of an account
 * deletion. Accounts are compared canonically (`0.0.5`, `0.0.000005` and `0.0.5-vfmkw` are one).
 * Funding a new account (`create_account_tool` with an initial balance) goes to `'new-account'`,
 * which is refused unless the list names it.
 *
 * @example
 * new RecipientAllowlistPolicy(['0.0.1001', '0.0.1002'])
 */
export class RecipientAllowlistPolicy extends MovementPolicy {
  override name = 'Recipient Allowlist Policy';
  override description: string;
  private readonly accounts: ReadonlySet<string>;

  constructor(accounts: string[], options: RecipientListOptions = {}) {
    const list = accountList('RecipientAllowlistPolicy', accounts);
    super('RecipientAllowlistPolicy', checkedOptions('RecipientAllowlistPolicy', options).tools ?? ['*']);
    this.accounts = new Set(list);
    this.description = `Allows value to go only to ${listed(list)}`;
  }

  protected override judgeMovements(movements: readonly Movement[], method: string): string | undefined {
    const outside = movements.filter((movement) => !this.accounts.has(movement.to));
    if (!outside.length) return undefined;
    return `${method} sends ${receipts(outside)}, not on the recipient allowlist (${listed([...this.accounts])})`;
  }
}

/**
 * Refuses a call when any of its movements goes to an account on the list (recipients, spenders,
 * the beneficiary of an account deletion; `'new-account'` stands for a new account's funding).
 *
 * @example
 * new RecipientDenylistPolicy(['0.0.666'])
 */
export class RecipientDenylistPolicy extends MovementPolicy {
  override name = 'Recipient Denylist Policy';
  override description: string;
  private readonly accounts: ReadonlySet<string>;

  constructor(accounts: string[], options: RecipientListOptions = {}) {
    const list = accountList('RecipientDenylistPolicy', accounts);
    super('RecipientDenylistPolicy', checkedOptions('RecipientDenylistPolicy', options).tools ?? ['*']);
    this.accounts = new Set(list);
    this.description = `Refuses value going to ${listed(list)}`;
  }

  protected override judgeMovements(movements: readonly Movement[], method: string): string | undefined {
    const denied = movements.filter((movement) => this.accounts.has(movement.to));
    if (!denied.length) return undefined;
    return `${method} sends ${receipts(denied)}, on the recipient denylist`;
  }
}

/** `'5 HBAR to 0.0.9, NFT 0.0.7 serial 2 to 0.0.9'`, per recipient, the first few. */
function receipts(movements: readonly Movement[]): string {
  return listed(movements.map((movement) => `${movement.display} to ${movement.to}`), 5);
}

function accountList(owner: string, accounts: unknown): string[] {
  if (!Array.isArray(accounts) || accounts.length === 0) {
    throw invalidArgument(`${owner}: 'accounts' must be a non-empty list of account IDs such as ["0.0.1001"], got ${JSON.stringify(accounts)}.`);
  }
  return [
    ...new Set(
      accounts.map((account, at) => {
        if (account === NEW_ACCOUNT || account === CURRENT_TREASURY) return account;
        try {
          return canonicalAccountId(account, `accounts[${at}]`);
        } catch (error) {
          throw invalidArgument(`${owner}: ${messageOf(error)}.`);
        }
      }),
    ),
  ];
}

function checkedOptions(owner: string, options: unknown): RecipientListOptions {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) throw invalidArgument(`${owner}: options must be { tools? }, got ${JSON.stringify(options)}.`);
  refuseUnknownKeys(owner, options, ['tools']);
  return options as RecipientListOptions;
}

// Built-in guards: a plugin cannot patch their methods after this package loaded.
Object.freeze(RecipientAllowlistPolicy.prototype);
Object.freeze(RecipientDenylistPolicy.prototype);
markReadOnly(RecipientAllowlistPolicy.prototype);
markReadOnly(RecipientDenylistPolicy.prototype);
