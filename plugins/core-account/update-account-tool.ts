import { AccountUpdateTransaction, type AccountId, type Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import {
  BaseTransactionTool,
  accountIdSchema,
  forTool,
  memoSchema,
  outcomeText,
  paramIssue,
  resolveAccount,
  scheduled,
  schedulingParamsSchema,
  strictInput,
  toAccountId,
  transactionMemoSchema,
  type Context,
  type MaybeScheduled,
  type RawToolResult,
} from '../../src/authoring/index.js';

export const UPDATE_ACCOUNT_TOOL = 'update_account_tool';

const parameters = strictInput(
  {
    accountId: accountIdSchema.optional().describe("Account to update; defaults to the agent's account. It must sign."),
    accountMemo: memoSchema('New public memo of the account, up to 100 bytes ("" clears it).').optional(),
    maxAutomaticTokenAssociations: z
      .number({ error: 'must be a whole number from -1 to 5000' })
      .int({ error: 'must be a whole number' })
      .min(-1, { error: 'must be -1 (unlimited) or more' })
      .max(5000, { error: 'must be at most 5000' })
      .optional()
      .describe('New limit of automatic token associations; -1 means unlimited.'),
    stakedAccountId: accountIdSchema.optional().describe('Account to stake this account\'s HBAR to.'),
    declineStakingReward: z.boolean({ error: 'must be true or false' }).optional().describe('true to decline staking rewards.'),
    receiverSignatureRequired: z.boolean({ error: 'must be true or false' }).optional().describe('true to require this account\'s signature on incoming transfers.'),
    transactionMemo: transactionMemoSchema,
    schedulingParams: schedulingParamsSchema,
  },
  { publicKey: 'changing an account key is not offered by this tool', key: 'changing an account key is not offered by this tool' },
);

export type UpdateAccountInput = z.infer<typeof parameters>;

export interface UpdateAccountNormalised extends MaybeScheduled {
  accountId: AccountId;
  accountMemo?: string;
  maxAutomaticTokenAssociations?: number;
  stakedAccountId?: AccountId;
  declineStakingReward?: boolean;
  receiverSignatureRequired?: boolean;
  transactionMemo?: string;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    update_account_tool: { raw: UpdateAccountInput; normalised: UpdateAccountNormalised; coreActionResult: AccountUpdateTransaction };
  }
}

const CHANGES = ['accountMemo', 'maxAutomaticTokenAssociations', 'stakedAccountId', 'declineStakingReward', 'receiverSignatureRequired'] as const;

/**
 * Changes an account's settings (memo, automatic associations, staking, receiver signature).
 *
 * @example
 * await kit.execute('update_account_tool', { accountMemo: 'treasury', maxAutomaticTokenAssociations: 10 });
 */
export class UpdateAccountTool extends BaseTransactionTool<UpdateAccountInput, UpdateAccountNormalised, AccountUpdateTransaction> {
  readonly method = UPDATE_ACCOUNT_TOOL;
  // Takes schedulingParams: the kit wraps its transaction in a ScheduleCreate when asked.
  override readonly schedulable = true;
  /** Moves no value beyond its fee: the value policies cover it without a movements view. */
  override readonly movesNoValue = true;
  readonly name = 'Update account';
  readonly description =
    "Updates settings of an account (default: the agent's account): accountMemo, maxAutomaticTokenAssociations, stakedAccountId, " +
    'declineStakingReward, receiverSignatureRequired. At least one setting must be given.';
  readonly parameters = parameters;

  normalizeParams(params: UpdateAccountInput, context: Context, client: Client): Promise<UpdateAccountNormalised> {
    return scheduled(params, context, client, this.method, forTool(this.method, () => {
      if (!CHANGES.some((field) => params[field] !== undefined)) {
        throw paramIssue('parameters', `nothing to update; give at least one of ${CHANGES.join(', ')}`);
      }
      const accountId = resolveAccount(params.accountId, context, client, 'accountId');
      const stakedAccountId = params.stakedAccountId === undefined ? undefined : toAccountId(params.stakedAccountId, 'stakedAccountId');
      if (stakedAccountId?.equals(accountId)) throw paramIssue('stakedAccountId', 'an account cannot stake to itself');
      return {
        accountId,
        accountMemo: params.accountMemo,
        maxAutomaticTokenAssociations: params.maxAutomaticTokenAssociations,
        stakedAccountId,
        declineStakingReward: params.declineStakingReward,
        receiverSignatureRequired: params.receiverSignatureRequired,
        transactionMemo: params.transactionMemo,
      };
    }));
  }

  coreAction(params: UpdateAccountNormalised): AccountUpdateTransaction {
    const tx = new AccountUpdateTransaction().setAccountId(params.accountId);
    if (params.accountMemo !== undefined) tx.setAccountMemo(params.accountMemo);
    if (params.maxAutomaticTokenAssociations !== undefined) tx.setMaxAutomaticTokenAssociations(params.maxAutomaticTokenAssociations);
    if (params.stakedAccountId) tx.setStakedAccountId(params.stakedAccountId);
    if (params.declineStakingReward !== undefined) tx.setDeclineStakingReward(params.declineStakingReward);
    if (params.receiverSignatureRequired !== undefined) tx.setReceiverSignatureRequired(params.receiverSignatureRequired);
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: UpdateAccountNormalised): string {
    const changed = CHANGES.filter((field) => params[field] !== undefined).join(', ');
    const id = params.accountId.toString();
    return outcomeText(raw, { done: `Updated ${changed} of account ${id}`, what: `update ${changed} of account ${id}` });
  }
}
