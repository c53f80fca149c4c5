import { AccountId, Hbar, Long, TokenId, type Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { BaseTool, createAgentKit, type ToolResult } from '../../../src/index.js';
import { pluginOf } from '../../support/noop-tools.js';

/** Stands in for a core tool: normalises to the shape the real tool produces, builds nothing. */
export class ShapeTool extends BaseTool {
  parameters = z.object({}).passthrough();
  name = 'Shape';
  description = 'Normalises to whatever the test says.';
  constructor(
    readonly method: string,
    private readonly shape: () => unknown,
  ) {
    super();
  }
  normalizeParams() {
    return this.shape();
  }
  coreAction() {
    return 'done';
  }
}

/** Normalised params of transfer_hbar_tool: credits in HBAR to each account, then 0.0.2's debit. */
export function hbarCredits(credits: [string, number | string][], payer = '0.0.2') {
  const lines = credits.map(([accountId, amount]) => ({ accountId: AccountId.fromString(accountId), amount: new Hbar(amount as number) }));
  const total = lines.reduce((sum, line) => sum.add(line.amount.toTinybars()), Long.ZERO);
  return { hbarTransfers: [...lines, { accountId: AccountId.fromString(payer), amount: Hbar.fromTinybars(total.negate()) }] };
}

/** Normalised params of transfer_fungible_token_tool, amounts in base units; `decimals: null` leaves them out. */
export function tokenCredits(token: string, credits: [string, number][], decimals: number | null = 2) {
  const tokenId = TokenId.fromString(token);
  const lines = credits.map(([accountId, amount]) => ({ tokenId, accountId: AccountId.fromString(accountId), amount: Long.fromNumber(amount) }));
  const total = credits.reduce((sum, [, amount]) => sum + amount, 0);
  return { tokenId, sourceAccountId: AccountId.fromString('0.0.2'), ...(decimals === null ? {} : { decimals }), tokenTransfers: [...lines, { tokenId, accountId: AccountId.fromString('0.0.2'), amount: Long.fromNumber(-total) }] };
}

/** Runs one call of a shape tool through a kit with the given policies. */
export async function callWith(client: Client, hooks: unknown[], method: string, shape: unknown, raw: Record<string, unknown> = {}): Promise<ToolResult> {
  const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('shapes', new ShapeTool(method, () => shape))], context: { hooks } });
  try {
    return await kit.execute(method, raw);
  } finally {
    await kit.close();
  }
}
