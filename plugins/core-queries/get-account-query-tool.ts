import type { AccountId, Client } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseQueryTool,
  accountIdSchema,
  forTool,
  mirrorFor,
  strictInput,
  toAccountId,
  type Context,
  type MirrorAccount,
  type ToolResult,
} from '../../src/authoring/index.js';
import { displayUnits, isoOf, queryResult } from './query-result.js';

export const GET_ACCOUNT_QUERY_TOOL = 'get_account_query_tool';

const parameters = strictInput({
  accountId: accountIdSchema.describe('Account to look up, e.g. "0.0.1234".'),
});

export type GetAccountInput = z.infer<typeof parameters>;
export interface GetAccountNormalised {
  accountId: AccountId;
}
export interface AccountSummary {
  accountId: string;
  hbarBalance: string;
  /** `{ _type, key }` as the mirror reports it (public key only) */
  key: MirrorAccount['key'] | null;
  memo: string;
  deleted: boolean;
  evmAddress: string | null;
  createdAt: string | null;
  expiresAt: string | null;
  maxAutomaticTokenAssociations: number | null;
  receiverSignatureRequired: boolean | null;
  stakedAccountId: string | null;
  stakedNodeId: number | null;
  declineStakingReward: boolean | null;
  tokenCount: number;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    get_account_query_tool: { raw: GetAccountInput; normalised: GetAccountNormalised; coreActionResult: AccountSummary };
  }
}

/**
 * Reads an account's public details from the mirror node.
 *
 * @example
 * const { raw } = await kit.execute('get_account_query_tool', { accountId: '0.0.1001' });
 * raw.key; // { _type: 'ED25519', key: '…' }
 */
export class GetAccountQueryTool extends BaseQueryTool<GetAccountInput, GetAccountNormalised, AccountSummary> {
  readonly method = GET_ACCOUNT_QUERY_TOOL;
  readonly name = 'Get account';
  readonly description = 'Returns the public details of an account: balance, public key, memo, EVM address, staking and association settings.';
  readonly parameters = parameters;

  normalizeParams(params: GetAccountInput, _context: Context, _client: Client): Promise<GetAccountNormalised> {
    return forTool(this.method, () => ({ accountId: toAccountId(params.accountId, 'accountId') }));
  }

  async coreAction(params: GetAccountNormalised, context: Context, client: Client): Promise<AccountSummary> {
    const account = await mirrorFor(context, client).getAccount(params.accountId.toString());
    return {
      accountId: account.account,
      hbarBalance: displayUnits(account.balance.balance, 8),
      key: account.key ?? null,
      memo: account.memo ?? '',
      deleted: account.deleted ?? false,
      evmAddress: account.evm_address ?? null,
      createdAt: isoOf(account.created_timestamp),
      expiresAt: isoOf(account.expiry_timestamp),
      maxAutomaticTokenAssociations: account.max_automatic_token_associations ?? null,
      receiverSignatureRequired: account.receiver_sig_required ?? null,
      stakedAccountId: account.staked_account_id ?? null,
      stakedNodeId: account.staked_node_id ?? null,
      declineStakingReward: account.decline_reward ?? null,
      tokenCount: account.balance.tokens?.length ?? 0,
    };
  }

  override formatResult(account: AccountSummary): ToolResult {
    const state = account.deleted ? 'a deleted account' : `an account holding ${account.hbarBalance} HBAR and ${account.tokenCount} token balance(s)`;
    const memo = account.memo ? `, memo "${account.memo}"` : '';
    const key = account.key ? `, ${account.key._type} key ${account.key.key}` : '';
    return queryResult(account, `${account.accountId} is ${state}${key}${memo}.`);
  }
}
