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
  type MirrorAirdrop,
  type MirrorToken,
  type ToolResult,
} from '../../src/authoring/index.js';
import { displayUnits, isoOf, queryResult } from './query-result.js';

export const GET_PENDING_AIRDROP_TOOL = 'get_pending_airdrop_tool';

const parameters = strictInput({
  accountId: accountIdSchema.optional().describe("Account whose unclaimed airdrops to list; defaults to the agent's account."),
});

export type GetPendingAirdropInput = z.infer<typeof parameters>;
export interface GetPendingAirdropNormalised {
  accountId: AccountId;
}
export interface PendingAirdropLine {
  senderId: string;
  tokenId: string;
  symbol: string;
  decimals: number;
  /** the NFT's serial; null for a fungible token */
  serialNumber: number | null;
  /** smallest units; null for an NFT */
  amount: string | null;
  /** display units; null for an NFT */
  displayAmount: string | null;
  /** when the (latest) airdrop of this line was sent */
  sentAt: string | null;
}
export interface PendingAirdrops {
  accountId: string;
  airdrops: PendingAirdropLine[];
  /** false when the mirror had more pages than were read */
  complete: boolean;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    get_pending_airdrop_tool: { raw: GetPendingAirdropInput; normalised: GetPendingAirdropNormalised; coreActionResult: PendingAirdrops };
  }
}

/**
 * Lists the airdrops waiting for an account to claim them: tokens sent to it while it had no
 * association (or free auto-association slot) for them.
 *
 * @example
 * const { raw } = await kit.execute('get_pending_airdrop_tool', { accountId: '0.0.1001' });
 * raw.airdrops; // [{ senderId: '0.0.2', tokenId: '0.0.5678', symbol: 'CU', decimals: 2, serialNumber: null, amount: '20', displayAmount: '0.2', … }]
 */
export class GetPendingAirdropTool extends BaseQueryTool<GetPendingAirdropInput, GetPendingAirdropNormalised, PendingAirdrops> {
  readonly method = GET_PENDING_AIRDROP_TOOL;
  readonly name = 'Get pending airdrops';
  readonly description =
    "Returns the airdrops an account (default: the agent's account) has not claimed yet: sender, token, symbol, and the amount (display units) or NFT serial.";
  readonly parameters = parameters;

  normalizeParams(params: GetPendingAirdropInput, context: Context, client: Client): Promise<GetPendingAirdropNormalised> {
    return forTool(this.method, () => ({ accountId: resolveAccount(params.accountId, context, client, 'accountId') }));
  }

  async coreAction(params: GetPendingAirdropNormalised, context: Context, client: Client): Promise<PendingAirdrops> {
    const mirror = mirrorFor(context, client);
    const accountId = params.accountId.toString();
    const { airdrops, links } = await mirror.getPendingAirdrops(accountId);
    // One look-up per token, however many airdrops of it are pending.
    const tokens = new Map<string, Promise<MirrorToken>>();
    const tokenOf = (tokenId: string) => tokens.get(tokenId) ?? tokens.set(tokenId, mirror.getToken(tokenId)).get(tokenId)!;
    const lines = await Promise.all(airdrops.map(async (airdrop) => airdropLine(airdrop, await tokenOf(String(airdrop.token_id)))));
    return { accountId, airdrops: lines, complete: !links.next };
  }

  override formatResult(result: PendingAirdrops): ToolResult {
    const more = result.complete ? '' : ' The mirror node holds more than were read.';
    if (result.airdrops.length === 0) return queryResult(result, `Account ${result.accountId} has no pending airdrops.${more}`);
    const list = result.airdrops.map(describeLine).join('; ');
    return queryResult(result, `Account ${result.accountId} has ${result.airdrops.length} pending airdrop(s) to claim: ${list}.${more}`);
  }
}

function airdropLine(airdrop: MirrorAirdrop, token: MirrorToken): PendingAirdropLine {
  const decimals = Number(token.decimals);
  const isNft = airdrop.serial_number !== null && airdrop.serial_number !== undefined && airdrop.serial_number > 0;
  const amount = isNft ? null : String(airdrop.amount ?? 0);
  return {
    senderId: String(airdrop.sender_id),
    tokenId: token.token_id,
    symbol: token.symbol,
    decimals,
    serialNumber: isNft ? airdrop.serial_number : null,
    amount,
    displayAmount: amount === null ? null : displayUnits(amount, decimals),
    sentAt: isoOf(airdrop.timestamp?.from),
  };
}

function describeLine(line: PendingAirdropLine): string {
  const what = line.serialNumber === null ? `${line.displayAmount} ${line.symbol} (${line.tokenId})` : `NFT ${line.symbol} (${line.tokenId}) serial ${line.serialNumber}`;
  return `${what} from ${line.senderId}`;
}
