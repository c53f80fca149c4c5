import { ContractFunctionParameters, type Client, type ContractExecuteTransaction } from '@hiero-ledger/sdk';
import { z } from 'zod';
import {
  BaseTransactionTool,
  forTool,
  outcomeText,
  paramIssue,
  resolveAccount,
  scheduled,
  schedulingParamsSchema,
  strictInput,
  type Context,
  type RawToolResult,
} from '../../../src/authoring/index.js';
import { ecdsaCaller } from '../_support/evm-caller.js';
import { CALL_GAS, contractExecute, encodeCall, type ContractCallParams } from '../_support/evm-call.js';
import { resolveAddress, resolveContract } from '../_support/evm-mirror.js';
import { addressSchema } from '../../_shared/evm-address.js';

export const TRANSFER_ERC721_TOOL = 'transfer_erc721_tool';

const parameters = strictInput(
  {
    schedulingParams: schedulingParamsSchema,
    contractId: addressSchema('The ERC-721 collection contract (not an HTS token ID): its Hedera ID, e.g. "0.0.5678", or EVM address.'),
    fromAddress: addressSchema('Who holds the token now; defaults to the agent\'s account. Anyone else must have approved the agent\'s account.').optional(),
    toAddress: addressSchema('Who receives the token: a Hedera account ID, e.g. "0.0.1234", or an EVM address.'),
    tokenId: z
      .number({ error: 'must be the token\'s ID, a whole number' })
      .int({ error: 'must be a whole number' })
      .min(0, { error: 'must be 0 or more' })
      .max(Number.MAX_SAFE_INTEGER, { error: 'is too large to be exact as a JSON number' })
      .describe('The ID of the token in the collection, e.g. 1.'),
  },
  {
    serialNumber: 'an ERC-721 token is named by its tokenId (for HTS NFTs use transfer_non_fungible_token_tool)',
    recipientAddress: 'name the receiver toAddress',
  },
);

export type TransferErc721Input = z.infer<typeof parameters>;

/** The `transferFrom(from, to, tokenId)` call, with the Hedera Agent Kit's fields, and the accounts behind its addresses. */
export interface TransferErc721Normalised extends ContractCallParams {
  tokenAddress: string;
  fromAddress: string;
  fromAccountId?: string;
  toAddress: string;
  toAccountId?: string;
  tokenId: number;
}

declare module '../../../src/index.js' {
  interface ToolParamRegistry {
    transfer_erc721_tool: { raw: TransferErc721Input; normalised: TransferErc721Normalised; coreActionResult: ContractExecuteTransaction };
  }
}

/**
 * Moves one ERC-721 token with `transferFrom`, called by the agent's account (the operator, or the
 * user's account in RETURN_BYTES), which must hold it or be approved for it. The caller's key must be ECDSA.
 *
 * @example
 * await kit.execute('transfer_erc721_tool', { contractId: '0.0.5678', toAddress: '0.0.1234', tokenId: 1 });
 */
export class TransferErc721Tool extends BaseTransactionTool<TransferErc721Input, TransferErc721Normalised, ContractExecuteTransaction> {
  readonly method = TRANSFER_ERC721_TOOL;
  // Takes schedulingParams: the kit wraps its transaction in a ScheduleCreate when asked.
  override readonly schedulable = true;
  readonly name = 'Transfer ERC721';
  readonly description =
    'Transfers one ERC-721 token (an NFT of an EVM contract, not an HTS NFT) by its tokenId from its holder (default: the agent\'s account) to toAddress. ' +
    'The agent\'s account must hold the token or be approved for it. Needs an ECDSA account.';
  readonly parameters = parameters;

  normalizeParams(params: TransferErc721Input, context: Context, client: Client): Promise<TransferErc721Normalised> {
    return scheduled(params, context, client, this.method, forTool(this.method, async () => {
      await ecdsaCaller(context, client, this.method);
      const collection = await resolveContract(params.contractId, 'contractId', context, client, this.method);
      const fromInput = params.fromAddress ?? resolveAccount(undefined, context, client, 'fromAddress', this.method).toString();
      const from = await resolveAddress(fromInput, 'fromAddress', context, client, this.method);
      const to = await resolveAddress(params.toAddress, 'toAddress', context, client, this.method);
      if (from.evmAddress === to.evmAddress) throw paramIssue('toAddress', `is the token's holder (${params.toAddress}) itself`, this.method);
      const args = new ContractFunctionParameters().addAddress(from.evmAddress).addAddress(to.evmAddress).addUint256(params.tokenId);
      return {
        contractId: collection.contractId,
        functionParameters: encodeCall('transferFrom', args),
        gas: CALL_GAS,
        tokenAddress: collection.evmAddress,
        fromAddress: from.evmAddress,
        ...(from.accountId ? { fromAccountId: from.accountId } : {}),
        toAddress: to.evmAddress,
        ...(to.accountId ? { toAccountId: to.accountId } : {}),
        tokenId: params.tokenId,
      };
    }));
  }

  coreAction(params: TransferErc721Normalised): ContractExecuteTransaction {
    return contractExecute(params);
  }

  override describeResult(raw: RawToolResult, params: TransferErc721Normalised): string {
    const summary = `ERC-721 token ${params.tokenId} of ${params.contractId} from ${params.fromAccountId ?? params.fromAddress} to ${params.toAccountId ?? params.toAddress}`;
    return outcomeText(raw, { what: `transfer ${summary}`, done: `Transferred ${summary}` });
  }
}
