import { z } from 'zod';
import { parseOptions } from '../errors/index.js';
import { CURRENT_TREASURY, NEW_ACCOUNT, canonicalAccountId } from './account-ids.js';
import type { Movement } from '../values/movement.js';
import { MovementPolicy, listed } from './movement-policy.js';
import { accountOption, parseArgument, toolsOption } from './option-schemas.js';
import { markReadOnly } from '../listeners/read-only-policies.js';

export interface RecipientListOptions {
  /** Tools to cover; default every tool (`['*']`). */
  tools?: string[];
}

/** The accounts of a recipient list (argument 0). */
export const recipientAccountsOption = z
  .array(accountOption, { error: 'a non-empty list of account IDs such as ["0.0.1001"]' })
  .min(1, { error: 'a non-empty list of account IDs such as ["0.0.1001"]' });

/** The options of a recipient list (argument 1); `null` is none. */
export const recipientListOptions = z.object({ tools: toolsOption.optional() }, { error: 'options { tools? }' }).strict().nullable();

/** Both recipient lists' constructor arguments, as a configuration's JSON schema describes them. */
const recipientListArgs = z.tuple([recipientAccountsOption, recipientListOptions.optional()]);

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

  /** The constructor's arguments, as a configuration's JSON schema describes them. */
  static readonly configArgs = recipientListArgs;

  constructor(accounts: string[], options: RecipientListOptions = {}) {
    const list = accountList('RecipientAllowlistPolicy', accounts);
    super('RecipientAllowlistPolicy', parseOptions('RecipientAllowlistPolicy', recipientListOptions, options, 1)?.tools ?? ['*'], 1);
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

  /** The constructor's arguments, as a configuration's JSON schema describes them. */
  static readonly configArgs = recipientListArgs;

  constructor(accounts: string[], options: RecipientListOptions = {}) {
    const list = accountList('RecipientDenylistPolicy', accounts);
    super('RecipientDenylistPolicy', parseOptions('RecipientDenylistPolicy', recipientListOptions, options, 1)?.tools ?? ['*'], 1);
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

/** The accounts, canonical (`0.0.000005` is `0.0.5`) and each once; the schema refused what is no account. */
function accountList(owner: string, accounts: unknown): string[] {
  const checked = parseArgument(owner, 'accounts', recipientAccountsOption, accounts, 0);
  return [
    ...new Set(checked.map((account, at) => (account === NEW_ACCOUNT || account === CURRENT_TREASURY ? account : canonicalAccountId(account, `accounts[${at}]`)))),
  ];
}

// Built-in guards: a plugin cannot patch their methods after this package loaded.
Object.freeze(RecipientAllowlistPolicy.prototype);
Object.freeze(RecipientDenylistPolicy.prototype);
markReadOnly(RecipientAllowlistPolicy.prototype);
markReadOnly(RecipientDenylistPolicy.prototype);
