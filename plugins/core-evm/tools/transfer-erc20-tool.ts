import { ContractFunctionParameters, type Client, type ContractExecuteTransaction } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseTransactionTool,
  amountProblem,
  decimalParts,
  forTool,
  formatUnits,
  outcomeText,
  paramIssue,
  scaledDigits,
  scheduled,
  schedulingParamsSchema,
  strictInput,
  tokenAmountSchema,
  type Context,
  type RawToolResult,
} from '../../../src/authoring/index.js';
import { ecdsaCaller } from '../_support/evm-caller.js';
import { CALL_GAS, contractExecute, encodeCall, uint256, type ContractCallParams } from '../_support/evm-call.js';
import { readDecimals, resolveAddress, resolveContract } from '../_support/evm-mirror.js';
import { addressSchema } from '../../_shared/evm-address.js';

export const TRANSFER_ERC20_TOOL = 'transfer_erc20_tool';

const UINT256_MAX = 2n ** 256n - 1n;

const parameters = strictInput(
  {
    schedulingParams: schedulingParamsSchema,
    contractId: addressSchema('The ERC-20 token contract (not an HTS token ID): its Hedera ID, e.g. "0.0.5678", or EVM address.'),
    recipientAddress: addressSchema('Who receives the tokens: a Hedera account ID, e.g. "0.0.1234", or an EVM address.'),
    amount: tokenAmountSchema.describe('Tokens to send, in display units (e.g. 2.5); no more decimal places than the token has.'),
  },
  {
    tokenId: 'an ERC-20 is named by its contract: pass contractId (for HTS tokens use transfer_fungible_token_tool)',
    transfers: 'transfer_erc20_tool sends to one recipient: pass recipientAddress and amount',
  },
);

export type TransferErc20Input = z.infer<typeof parameters>;

/**
 * The `transfer(recipient, amount)` call, with the Hedera Agent Kit's fields, and what it was made
 * from: who sends (the caller: ERC-20 `transfer` moves the caller's tokens), who receives, and the
 * amount in base units with the token's decimals.
 */
export interface TransferErc20Normalised extends ContractCallParams {
  tokenAddress: string;
  senderAccountId: string;
  recipientAddress: string;
  /** absent when no Hedera account answers to `recipientAddress` */
  recipientAccountId?: string;
  /** base units */
  amount: bigint;
  decimals: number;
}

declare module '../../../src/index.js' {
  interface ToolParamRegistry {
    transfer_erc20_tool: { raw: TransferErc20Input; normalised: TransferErc20Normalised; coreActionResult: ContractExecuteTransaction };
  }
}

/**
 * Sends ERC-20 tokens from the caller (the operator, or the user's account in RETURN_BYTES) to one
 * recipient, reading the token's decimals from the mirror node. The caller's key must be ECDSA.
 *
 * @example
 * await kit.execute('transfer_erc20_tool', { contractId: '0.0.5678', recipientAddress: '0.0.1234', amount: 2.5 });
 */
export class TransferErc20Tool extends BaseTransactionTool<TransferErc20Input, TransferErc20Normalised, ContractExecuteTransaction> {
  readonly method = TRANSFER_ERC20_TOOL;
  // Takes schedulingParams: the kit wraps its transaction in a ScheduleCreate when asked.
  override readonly schedulable = true;
  readonly name = 'Transfer ERC20';
  readonly description =
    'Transfers ERC-20 tokens (an EVM token contract, not an HTS token) from the agent\'s account to one recipient. ' +
    'contractId is the token contract; amount is in display units with no more decimal places than the token has. Needs an ECDSA account.';
  readonly parameters = parameters;

  normalizeParams(params: TransferErc20Input, context: Context, client: Client): Promise<TransferErc20Normalised> {
    return scheduled(params, context, client, this.method, forTool(this.method, async () => {
      const sender = await ecdsaCaller(context, client, this.method);
      const token = await resolveContract(params.contractId, 'contractId', context, client, this.method);
      const decimals = await readDecimals(token, 'contractId', context, client, this.method);
      const amount = baseUnits(params.amount, decimals, this.method);
      const recipient = await resolveAddress(params.recipientAddress, 'recipientAddress', context, client, this.method);
      if (recipient.accountId === sender) throw paramIssue('recipientAddress', `is the sender (${sender}) itself`, this.method);
      return {
        contractId: token.contractId,
        functionParameters: encodeCall('transfer', new ContractFunctionParameters().addAddress(recipient.evmAddress).addUint256(uint256(amount))),
        gas: CALL_GAS,
        tokenAddress: token.evmAddress,
        senderAccountId: sender,
        recipientAddress: recipient.evmAddress,
        ...(recipient.accountId ? { recipientAccountId: recipient.accountId } : {}),
        amount,
        decimals,
      };
    }));
  }

  coreAction(params: TransferErc20Normalised): ContractExecuteTransaction {
    return contractExecute(params);
  }

  override describeResult(raw: RawToolResult, params: TransferErc20Normalised): string {
    const to = params.recipientAccountId ?? params.recipientAddress;
    const summary = `${formatUnits(params.amount, params.decimals)} of ERC-20 token ${params.contractId} from ${params.senderAccountId} to ${to}`;
    return outcomeText(raw, { what: `transfer ${summary}`, done: `Transferred ${summary}` });
  }
}

/** A display amount in base units, exactly; refuses more decimal places than the token has and amounts beyond uint256. */
function baseUnits(amount: number | string, decimals: number, tool: string): bigint {
  const problem = amountProblem(amount, decimals, `the token has ${decimals} decimals`);
  if (problem) throw paramIssue('amount', problem, tool);
  const parts = decimalParts(amount)!;
  // Decimal text of up to 15 significant digits survives the trip through a JSON number unchanged;
  // beyond that the number may not hold the digits that were written (a string carries them all).
  if (typeof amount === 'number' && (parts.whole + parts.fraction).replace(/^0+/, '').replace(/0+$/, '').length > 15) {
    throw paramIssue('amount', `has more significant digits than a JSON number keeps exactly; send it as a decimal string instead, e.g. "${String(amount)}"`, tool);
  }
  const units = BigInt(scaledDigits(parts, decimals));
  if (units > UINT256_MAX) throw paramIssue('amount', 'is more base units than a uint256 holds', tool);
  return units;
}
