import { ContractFunctionParameters, type Client, type ContractExecuteTransaction } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseTransactionTool,
  forTool,
  outcomeText,
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

export const CREATE_ERC721_TOOL = 'create_erc721_tool';

const parameters = strictInput(
  {
    schedulingParams: schedulingParamsSchema,
    tokenName: contractText('The name of the collection, e.g. "Space Cats" (up to 100 bytes).', { nonEmpty: true }),
    tokenSymbol: contractText('The symbol of the collection, e.g. "CAT" (up to 100 bytes).', { nonEmpty: true }),
    baseURI: contractText('Base URI of the token metadata, e.g. "ipfs://…/"; a token\'s URI is this followed by its ID. Default "" (no URIs).', { maxBytes: 1000 }).optional(),
  },
  {
    maxSupply: 'the factory\'s ERC-721 collections have no maximum supply',
  },
);

export type CreateErc721Input = z.infer<typeof parameters>;

/** The factory call, with the Hedera Agent Kit's fields, and the collection's settings as given. */
export interface CreateErc721Normalised extends ContractCallParams {
  tokenName: string;
  tokenSymbol: string;
  baseURI: string;
}

declare module '../../../src/index.js' {
  interface ToolParamRegistry {
    create_erc721_tool: { raw: CreateErc721Input; normalised: CreateErc721Normalised; coreActionResult: ContractExecuteTransaction };
  }
}

/**
 * Deploys an ERC-721 collection through the network's ERC-721 factory; its creator (the operator, or
 * the user's account in RETURN_BYTES) is the one who may mint. The caller's key must be ECDSA.
 *
 * @example
 * const { raw } = await kit.execute('create_erc721_tool', { tokenName: 'Art', tokenSymbol: 'ART', baseURI: 'ipfs://art/' });
 * raw.erc721Address; // '0x…'
 */
export class CreateErc721Tool extends BaseTransactionTool<CreateErc721Input, CreateErc721Normalised, ContractExecuteTransaction> {
  readonly method = CREATE_ERC721_TOOL;
  // Takes schedulingParams: the kit wraps its transaction in a ScheduleCreate when asked.
  override readonly schedulable = true;
  /** Moves no value beyond its fee: the collection starts empty. */
  override readonly movesNoValue = true;
  readonly name = 'Create ERC721 Token';
  readonly description =
    'Creates an ERC-721 NFT collection (an EVM smart contract, not an HTS token) through the network\'s ERC-721 factory; its creator may then mint with mint_erc721_tool. ' +
    'Needs an ECDSA account. The result has the collection\'s address (erc721Address).';
  readonly parameters = parameters;

  normalizeParams(params: CreateErc721Input, context: Context, client: Client): Promise<CreateErc721Normalised> {
    return scheduled(params, context, client, this.method, forTool(this.method, async () => {
      await ecdsaCaller(context, client, this.method);
      const factory = factoryFor('erc721', client, this.method);
      const baseURI = params.baseURI ?? '';
      const args = new ContractFunctionParameters().addString(params.tokenName).addString(params.tokenSymbol).addString(baseURI);
      return { contractId: factory, functionParameters: encodeCall('deployToken', args), gas: DEPLOY_GAS, tokenName: params.tokenName, tokenSymbol: params.tokenSymbol, baseURI };
    }));
  }

  coreAction(params: CreateErc721Normalised): ContractExecuteTransaction {
    return contractExecute(params);
  }

  override async secondaryAction(transaction: ContractExecuteTransaction, client: Client, context: Context, params: CreateErc721Normalised): Promise<ToolResult> {
    const sent = await super.secondaryAction(transaction, client, context, params);
    const raw = await withCreatedToken(sent.raw, client, 'erc721');
    return { raw, humanMessage: this.describeResult(raw, params) };
  }

  override describeResult(raw: RawToolResult, params: CreateErc721Normalised): string {
    const what = `create the ERC-721 collection ${params.tokenName} (${params.tokenSymbol})`;
    return outcomeText(raw, { what, done: `Created the ERC-721 collection ${params.tokenName} (${params.tokenSymbol})${createdAt(raw, 'erc721')}` });
  }
}
