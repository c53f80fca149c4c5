import { ContractFunctionParameters, type Client, type ContractExecuteTransaction } from '@hiero-ledger/sdk';
import { z } from 'zod';
import {
  BaseTransactionTool,
  forTool,
  outcomeText,
  paramIssue,
  scheduled,
  schedulingParamsSchema,
  strictInput,
  type Context,
  type RawToolResult,
  type ToolResult,
} from '../../../src/authoring/index.js';
import { createdAt, withCreatedToken } from '../_support/created-token.js';
import { ecdsaCaller } from '../_support/evm-caller.js';
import { contractExecute, DEPLOY_GAS, encodeCall, type ContractCallParams } from '../_support/evm-call.js';
import { contractText } from '../_support/contract-text.js';
import { factoryFor } from '../_support/token-factories.js';

export const CREATE_ERC20_TOOL = 'create_erc20_tool';

const UINT256_MAX = 2n ** 256n - 1n;

const parameters = strictInput(
  {
    schedulingParams: schedulingParamsSchema,
    tokenName: contractText('The name of the token, e.g. "Gold Coin" (up to 100 bytes).', { nonEmpty: true }),
    tokenSymbol: contractText('The symbol of the token, e.g. "GLD" (up to 100 bytes).', { nonEmpty: true }),
    decimals: z
      .number({ error: 'must be a whole number from 0 to 255' })
      .int({ error: 'must be a whole number' })
      .min(0, { error: 'must be 0 or more' })
      .max(255, { error: 'must be at most 255 (an ERC-20 stores its decimals in a uint8)' })
      .optional()
      .describe('Decimal places of the token (0 to 255). Default 18.'),
    initialSupply: z
      .number({ error: 'must be a whole number of tokens, 0 or more' })
      .int({ error: 'must be a whole number of tokens (display units)' })
      .min(0, { error: 'must be 0 or more' })
      .max(Number.MAX_SAFE_INTEGER, { error: 'is too large to be exact as a JSON number' })
      .optional()
      .describe('Tokens the creator receives, in whole tokens (display units; the factory scales them by the decimals). Default 0.'),
  },
  {
    treasuryAccountId: 'an ERC-20 gives its initial supply to the account that creates it',
    maxSupply: 'the factory\'s ERC-20 has no maximum supply',
  },
);

export type CreateErc20Input = z.infer<typeof parameters>;

/** The factory call, with the Hedera Agent Kit's fields, and the token's settings as given. */
export interface CreateErc20Normalised extends ContractCallParams {
  tokenName: string;
  tokenSymbol: string;
  decimals: number;
  /** whole tokens (display units) */
  initialSupply: number;
}

declare module '../../../src/index.js' {
  interface ToolParamRegistry {
    create_erc20_tool: { raw: CreateErc20Input; normalised: CreateErc20Normalised; coreActionResult: ContractExecuteTransaction };
  }
}

/**
 * Deploys an ERC-20 token through the network's ERC-20 factory; the caller (the operator, or the
 * user's account in RETURN_BYTES) receives the initial supply. The caller's key must be ECDSA.
 *
 * @example
 * const { raw } = await kit.execute('create_erc20_tool', { tokenName: 'Gold', tokenSymbol: 'GLD', decimals: 2, initialSupply: 1000 });
 * raw.erc20Address; // '0x…'
 */
export class CreateErc20Tool extends BaseTransactionTool<CreateErc20Input, CreateErc20Normalised, ContractExecuteTransaction> {
  readonly method = CREATE_ERC20_TOOL;
  // Takes schedulingParams: the kit wraps its transaction in a ScheduleCreate when asked.
  override readonly schedulable = true;
  /** Moves no value beyond its fee: the supply is new, and goes to the caller. */
  override readonly movesNoValue = true;
  readonly name = 'Create ERC20 Token';
  readonly description =
    'Creates an ERC-20 token (an EVM smart contract, not an HTS token) through the network\'s ERC-20 factory; the creator receives the initial supply. ' +
    'initialSupply is in whole tokens (display units). Needs an ECDSA account. The result has the token\'s address (erc20Address).';
  readonly parameters = parameters;

  normalizeParams(params: CreateErc20Input, context: Context, client: Client): Promise<CreateErc20Normalised> {
    return scheduled(params, context, client, this.method, forTool(this.method, async () => {
      await ecdsaCaller(context, client, this.method);
      const factory = factoryFor('erc20', client, this.method);
      const decimals = params.decimals ?? 18;
      const initialSupply = params.initialSupply ?? 0;
      // The factory's token multiplies the supply by 10^decimals in checked uint256 arithmetic.
      if (10n ** BigInt(decimals) > UINT256_MAX) throw paramIssue('decimals', `10^${decimals} does not fit in a uint256, so the token could not count its supply; use at most 77`, this.method);
      if (BigInt(initialSupply) * 10n ** BigInt(decimals) > UINT256_MAX) throw paramIssue('initialSupply', `${initialSupply} tokens with ${decimals} decimals is more base units than a uint256 holds`, this.method);
      const args = new ContractFunctionParameters().addString(params.tokenName).addString(params.tokenSymbol).addUint8(decimals).addUint256(initialSupply);
      return {
        contractId: factory,
        functionParameters: encodeCall('deployToken', args),
        gas: DEPLOY_GAS,
        tokenName: params.tokenName,
        tokenSymbol: params.tokenSymbol,
        decimals,
        initialSupply,
      };
    }));
  }

  coreAction(params: CreateErc20Normalised): ContractExecuteTransaction {
    return contractExecute(params);
  }

  override async secondaryAction(transaction: ContractExecuteTransaction, client: Client, context: Context, params: CreateErc20Normalised): Promise<ToolResult> {
    const sent = await super.secondaryAction(transaction, client, context, params);
    const raw = await withCreatedToken(sent.raw, client, 'erc20');
    return { raw, humanMessage: this.describeResult(raw, params) };
  }

  override describeResult(raw: RawToolResult, params: CreateErc20Normalised): string {
    const what = `create the ERC-20 token ${params.tokenName} (${params.tokenSymbol}) with ${params.initialSupply} tokens of ${params.decimals} decimals`;
    return outcomeText(raw, { what, done: `Created the ERC-20 token ${params.tokenName} (${params.tokenSymbol})${createdAt(raw, 'erc20')} with ${params.initialSupply} tokens for its creator` });
  }
}
