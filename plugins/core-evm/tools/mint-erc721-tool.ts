import { ContractFunctionParameters, type Client, type ContractExecuteTransaction } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseTransactionTool,
  forTool,
  outcomeText,
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

export const MINT_ERC721_TOOL = 'mint_erc721_tool';

const parameters = strictInput(
  {
    schedulingParams: schedulingParamsSchema,
    contractId: addressSchema('The ERC-721 collection contract (not an HTS token ID): its Hedera ID, e.g. "0.0.5678", or EVM address.'),
    toAddress: addressSchema('Who receives the new token: a Hedera account ID or an EVM address; defaults to the agent\'s account.').optional(),
  },
  {
    uris: 'the collection sets each token\'s URI from its base URI; for HTS NFTs with metadata use mint_non_fungible_token_tool',
    metadata: 'the collection sets each token\'s URI from its base URI; for HTS NFTs with metadata use mint_non_fungible_token_tool',
  },
);

export type MintErc721Input = z.infer<typeof parameters>;

/** The `safeMint(to)` call, with the Hedera Agent Kit's fields, and who mints (the caller) and receives. */
export interface MintErc721Normalised extends ContractCallParams {
  tokenAddress: string;
  minterAccountId: string;
  toAddress: string;
  toAccountId?: string;
}

declare module '../../../src/index.js' {
  interface ToolParamRegistry {
    mint_erc721_tool: { raw: MintErc721Input; normalised: MintErc721Normalised; coreActionResult: ContractExecuteTransaction };
  }
}

/**
 * Mints the next token of an ERC-721 collection with `safeMint`, called by the agent's account, which
 * must be the collection's owner (its creator, for the factory's collections). The caller's key must be ECDSA.
 * A mint to anyone but the minter counts, for the value policies, as one token of the collection moved to them.
 *
 * @example
 * await kit.execute('mint_erc721_tool', { contractId: '0.0.5678', toAddress: '0.0.1234' });
 */
export class MintErc721Tool extends BaseTransactionTool<MintErc721Input, MintErc721Normalised, ContractExecuteTransaction> {
  readonly method = MINT_ERC721_TOOL;
  // Takes schedulingParams: the kit wraps its transaction in a ScheduleCreate when asked.
  override readonly schedulable = true;
  readonly name = 'Mint ERC721';
  readonly description =
    'Mints a new token of an ERC-721 collection (an EVM contract, not an HTS NFT) to toAddress (default: the agent\'s account). ' +
    'The agent\'s account must own the collection. Needs an ECDSA account.';
  readonly parameters = parameters;

  normalizeParams(params: MintErc721Input, context: Context, client: Client): Promise<MintErc721Normalised> {
    return scheduled(params, context, client, this.method, forTool(this.method, async () => {
      const minter = await ecdsaCaller(context, client, this.method);
      const collection = await resolveContract(params.contractId, 'contractId', context, client, this.method);
      const toInput = params.toAddress ?? resolveAccount(undefined, context, client, 'toAddress', this.method).toString();
      const to = await resolveAddress(toInput, 'toAddress', context, client, this.method);
      return {
        contractId: collection.contractId,
        functionParameters: encodeCall('safeMint', new ContractFunctionParameters().addAddress(to.evmAddress)),
        gas: CALL_GAS,
        tokenAddress: collection.evmAddress,
        minterAccountId: minter,
        toAddress: to.evmAddress,
        ...(to.accountId ? { toAccountId: to.accountId } : {}),
      };
    }));
  }

  coreAction(params: MintErc721Normalised): ContractExecuteTransaction {
    return contractExecute(params);
  }

  override describeResult(raw: RawToolResult, params: MintErc721Normalised): string {
    const summary = `a new token of ERC-721 collection ${params.contractId} to ${params.toAccountId ?? params.toAddress}`;
    return outcomeText(raw, { what: `mint ${summary}`, done: `Minted ${summary}` });
  }
}
