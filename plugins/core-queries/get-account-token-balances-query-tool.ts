import type { AccountId, Client, TokenId } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseQueryTool,
  accountIdSchema,
  forTool,
  mirrorFor,
  resolveAccount,
  strictInput,
  toTokenId,
  tokenIdSchema,
  type Context,
  type ToolResult,
} from '../../src/authoring/index.js';
import { displayUnits, queryResult } from './query-result.js';

export const GET_ACCOUNT_TOKEN_BALANCES_QUERY_TOOL = 'get_account_token_balances_query_tool';

const parameters = strictInput({
  accountId: accountIdSchema.optional().describe("Account whose token balances to read; defaults to the agent's account."),
  tokenId: tokenIdSchema.optional().describe('Only this token, e.g. "0.0.5678"; all tokens when omitted.'),
});

export type GetAccountTokenBalancesInput = z.infer<typeof parameters>;
export interface GetAccountTokenBalancesNormalised {
  accountId: AccountId;
  tokenId?: TokenId;
}
export interface TokenBalanceLine {
  tokenId: string;
  /** smallest units */
  balance: string;
  decimals: number;
  /** balance in display units */
  displayBalance: string;
}
export interface AccountTokenBalances {
  accountId: string;
  tokens: TokenBalanceLine[];
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    get_account_token_balances_query_tool: {
      raw: GetAccountTokenBalancesInput;
      normalised: GetAccountTokenBalancesNormalised;
      coreActionResult: AccountTokenBalances;
    };
  }
}

/**
 * Lists the tokens an account is associated with and its balance of each.
 *
 * @example
 * const { raw } = await kit.execute('get_account_token_balances_query_tool', { accountId: '0.0.1001' });
 * raw.tokens; // [{ tokenId: '0.0.5678', balance: '1250', decimals: 2, displayBalance: '12.5' }]
 */
export class GetAccountTokenBalancesQueryTool extends BaseQueryTool<GetAccountTokenBalancesInput, GetAccountTokenBalancesNormalised, AccountTokenBalances> {
  readonly method = GET_ACCOUNT_TOKEN_BALANCES_QUERY_TOOL;
  readonly name = 'Get account token balances';
  readonly description =
    "Returns the token balances of an account (default: the agent's account), in smallest units and display units; optionally for one token.";
  readonly parameters = parameters;

  normalizeParams(params: GetAccountTokenBalancesInput, context: Context, client: Client): Promise<GetAccountTokenBalancesNormalised> {
    return forTool(this.method, () => ({
      accountId: resolveAccount(params.accountId, context, client, 'accountId'),
      tokenId: params.tokenId === undefined ? undefined : toTokenId(params.tokenId, 'tokenId'),
    }));
  }

  async coreAction(params: GetAccountTokenBalancesNormalised, context: Context, client: Client): Promise<AccountTokenBalances> {
    const mirror = mirrorFor(context, client);
    const { tokens } = await mirror.getAccountTokens(params.accountId.toString());
    const wanted = params.tokenId?.toString();
    const lines: TokenBalanceLine[] = [];
    for (const token of tokens) {
      if (wanted && token.token_id !== wanted) continue;
      // Older mirrors omit decimals on this endpoint; the token itself always has them.
      const decimals = token.decimals ?? Number((await mirror.getToken(token.token_id)).decimals);
      lines.push({ tokenId: token.token_id, balance: String(token.balance), decimals, displayBalance: displayUnits(token.balance, decimals) });
    }
    return { accountId: params.accountId.toString(), tokens: lines };
  }

  override formatResult(result: AccountTokenBalances, params: GetAccountTokenBalancesNormalised): ToolResult {
    if (result.tokens.length === 0) {
      const which = params.tokenId ? `is not associated with token ${params.tokenId.toString()}` : 'holds no tokens';
      return queryResult(result, `Account ${result.accountId} ${which}.`);
    }
    const list = result.tokens.map((line) => `${line.displayBalance} of ${line.tokenId}`).join(', ');
    return queryResult(result, `Account ${result.accountId} holds ${list}.`);
  }
}
