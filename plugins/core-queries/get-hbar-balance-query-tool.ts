import type { AccountId, Client } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseQueryTool,
  accountIdSchema,
  forTool,
  mirrorFor,
  resolveAccount,
  strictInput,
  type Context,
  type ToolResult,
} from '../../src/authoring/index.js';
import { displayUnits, queryResult } from './query-result.js';

export const GET_HBAR_BALANCE_QUERY_TOOL = 'get_hbar_balance_query_tool';

const parameters = strictInput({
  accountId: accountIdSchema.optional().describe("Account whose HBAR balance to read; defaults to the agent's account."),
});

export type GetHbarBalanceInput = z.infer<typeof parameters>;
export interface GetHbarBalanceNormalised {
  accountId: AccountId;
}
export interface HbarBalance {
  accountId: string;
  /** in HBAR, as a decimal string */
  hbarBalance: string;
  tinybars: string;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    get_hbar_balance_query_tool: { raw: GetHbarBalanceInput; normalised: GetHbarBalanceNormalised; coreActionResult: HbarBalance };
  }
}

/**
 * Reads an account's HBAR balance from the mirror node.
 *
 * @example
 * const { raw } = await kit.execute('get_hbar_balance_query_tool', { accountId: '0.0.1001' });
 * raw.hbarBalance; // '12.5'
 */
export class GetHbarBalanceQueryTool extends BaseQueryTool<GetHbarBalanceInput, GetHbarBalanceNormalised, HbarBalance> {
  readonly method = GET_HBAR_BALANCE_QUERY_TOOL;
  readonly name = 'Get HBAR balance';
  readonly description = "Returns the HBAR balance of an account (default: the agent's account), in HBAR and tinybars.";
  readonly parameters = parameters;

  normalizeParams(params: GetHbarBalanceInput, context: Context, client: Client): Promise<GetHbarBalanceNormalised> {
    return forTool(this.method, () => ({ accountId: resolveAccount(params.accountId, context, client, 'accountId') }));
  }

  async coreAction(params: GetHbarBalanceNormalised, context: Context, client: Client): Promise<HbarBalance> {
    const account = await mirrorFor(context, client).getAccount(params.accountId.toString());
    const tinybars = String(account.balance.balance);
    return { accountId: account.account, hbarBalance: displayUnits(tinybars, 8), tinybars };
  }

  override formatResult(balance: HbarBalance): ToolResult {
    return queryResult(balance, `Account ${balance.accountId} holds ${balance.hbarBalance} HBAR (${balance.tinybars} tinybars).`);
  }
}
