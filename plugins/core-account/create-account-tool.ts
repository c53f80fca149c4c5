import { AccountCreateTransaction, Hbar, type Client, type PublicKey } from '@hiero-ledger/sdk';
import { z } from 'zod';
import {
  BaseTransactionTool,
  actingPublicKey,
  forTool,
  hbarBalanceSchema,
  isZeroAmount,
  memoSchema,
  outcomeText,
  parsePublicKey,
  scheduled,
  schedulingParamsSchema,
  strictInput,
  toHbar,
  transactionMemoSchema,
  type Context,
  type MaybeScheduled,
  type RawToolResult,
} from '../../src/authoring/index.js';

export const CREATE_ACCOUNT_TOOL = 'create_account_tool';

/** Hedera accepts -1 (unlimited) up to 5000 automatic token associations. */
const MAX_AUTO_ASSOCIATIONS = 5000;

const parameters = strictInput(
  {
    publicKey: z
      .string({ error: 'must be a public key as a hex string' })
      .min(1, { error: 'must not be empty' })
      .optional()
      .describe("Public key (DER or raw hex, ED25519 or ECDSA) that will control the new account; defaults to the agent's key."),
    initialBalance: hbarBalanceSchema.optional().describe('HBAR moved from the payer into the new account (default 0), at most 8 decimals.'),
    accountMemo: memoSchema('Optional public memo stored on the account, up to 100 bytes.').optional(),
    maxAutomaticTokenAssociations: z
      .number({ error: 'must be a whole number from -1 to 5000' })
      .int({ error: 'must be a whole number' })
      .min(-1, { error: 'must be -1 (unlimited) or more' })
      .max(MAX_AUTO_ASSOCIATIONS, { error: `must be at most ${MAX_AUTO_ASSOCIATIONS}` })
      .optional()
      .describe('How many tokens the account may receive without associating first; -1 means unlimited, default 0.'),
    transactionMemo: transactionMemoSchema,
    schedulingParams: schedulingParamsSchema,
  },
  { privateKey: 'never send private keys; pass the new account\'s publicKey only', key: 'the parameter is called publicKey' },
);

export type CreateAccountInput = z.infer<typeof parameters>;

export interface CreateAccountNormalised extends MaybeScheduled {
  publicKey: PublicKey;
  /** in HBAR, as in the seed's example hook */
  initialBalance: number;
  initialBalanceHbar: Hbar;
  accountMemo?: string;
  maxAutomaticTokenAssociations?: number;
  transactionMemo?: string;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    create_account_tool: { raw: CreateAccountInput; normalised: CreateAccountNormalised; coreActionResult: AccountCreateTransaction };
  }
}

/**
 * Creates a Hedera account controlled by the given public key (default: the agent's own key).
 *
 * @example
 * await kit.execute('create_account_tool', { initialBalance: 10, accountMemo: 'savings' });
 */
export class CreateAccountTool extends BaseTransactionTool<CreateAccountInput, CreateAccountNormalised, AccountCreateTransaction> {
  readonly method = CREATE_ACCOUNT_TOOL;
  // Takes schedulingParams: the kit wraps its transaction in a ScheduleCreate when asked.
  override readonly schedulable = true;
  readonly name = 'Create account';
  readonly description =
    "Creates a new Hedera account. The key defaults to the agent's public key; initialBalance (HBAR, default 0) is paid by the payer. " +
    'The new account ID is returned as accountId.';
  readonly parameters = parameters;

  normalizeParams(params: CreateAccountInput, context: Context, client: Client): Promise<CreateAccountNormalised> {
    return scheduled(params, context, client, this.method, forTool(this.method, async () => {
      const publicKey = params.publicKey
        ? parsePublicKey(params.publicKey, 'publicKey', this.method, [client.operatorPublicKey])
        : await actingPublicKey(context, client, this.method);
      const balance = params.initialBalance ?? 0;
      const initialBalanceHbar = isZeroAmount(balance) ? new Hbar(0) : toHbar(balance, 'initialBalance');
      return {
        publicKey,
        initialBalance: Number(balance),
        initialBalanceHbar,
        accountMemo: params.accountMemo,
        maxAutomaticTokenAssociations: params.maxAutomaticTokenAssociations,
        transactionMemo: params.transactionMemo,
      };
    }));
  }

  coreAction(params: CreateAccountNormalised): AccountCreateTransaction {
    const tx = new AccountCreateTransaction().setKeyWithoutAlias(params.publicKey).setInitialBalance(params.initialBalanceHbar);
    if (params.accountMemo) tx.setAccountMemo(params.accountMemo);
    if (params.maxAutomaticTokenAssociations !== undefined) tx.setMaxAutomaticTokenAssociations(params.maxAutomaticTokenAssociations);
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: CreateAccountNormalised): string {
    const balance = params.initialBalanceHbar.toString();
    return outcomeText(raw, {
      done: `Created account ${String(raw.accountId ?? '(ID not reported)')} with an initial balance of ${balance}`,
      what: `create an account with an initial balance of ${balance}`,
    });
  }
}
