import { ContractId, type Client } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseQueryTool,
  forTool,
  mirrorFor,
  strictInput,
  type Context,
  type MirrorContract,
  type MirrorKey,
  type ToolResult,
} from '../../src/authoring/index.js';
import { addressSchema, isHederaId, normalisedEvmAddress } from '../_shared/evm-address.js';
import { isoOf, queryResult } from './query-result.js';

export const GET_CONTRACT_INFO_QUERY_TOOL = 'get_contract_info_query_tool';

const parameters = strictInput({
  contractId: addressSchema('Contract to look up: its Hedera ID, e.g. "0.0.5678", or its EVM address.'),
});

export type GetContractInfoInput = z.infer<typeof parameters>;
export interface GetContractInfoNormalised {
  /** `0.0.N`, or the EVM address as `0x` and 40 lower-case hex digits */
  contractId: string;
}
export interface ContractSummary {
  contractId: string;
  evmAddress: string | null;
  /** `{ _type, key }` as the mirror reports it, or null for a contract without an admin key (immutable) */
  adminKey: MirrorKey | null;
  memo: string;
  deleted: boolean;
  /** the contract's nonce: how many contracts it has created, plus one */
  nonce: number | null;
  createdAt: string | null;
  expiresAt: string | null;
  autoRenewPeriodSeconds: number | null;
  autoRenewAccountId: string | null;
  maxAutomaticTokenAssociations: number | null;
  /** the bytecode file it was created from, when it was */
  fileId: string | null;
  obtainerId: string | null;
  /** bytes of runtime bytecode (the code itself is not included) */
  runtimeBytecodeSize: number;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    get_contract_info_query_tool: { raw: GetContractInfoInput; normalised: GetContractInfoNormalised; coreActionResult: ContractSummary };
  }
}

/**
 * Reads a smart contract's details from the mirror node.
 *
 * @example
 * const { raw } = await kit.execute('get_contract_info_query_tool', { contractId: '0.0.1012' });
 * raw.evmAddress; // '0x00000000000000000000000000000000000003f4'
 */
export class GetContractInfoQueryTool extends BaseQueryTool<GetContractInfoInput, GetContractInfoNormalised, ContractSummary> {
  readonly method = GET_CONTRACT_INFO_QUERY_TOOL;
  readonly name = 'Get Contract Info';
  readonly description = 'Returns a smart contract\'s details: EVM address, admin key, memo, nonce, creation and expiry, auto-renewal and whether it was deleted.';
  readonly parameters = parameters;

  normalizeParams(params: GetContractInfoInput, _context: Context, _client: Client): Promise<GetContractInfoNormalised> {
    return forTool(this.method, () => ({
      contractId: isHederaId(params.contractId) ? ContractId.fromString(params.contractId).toString() : normalisedEvmAddress(params.contractId),
    }));
  }

  async coreAction(params: GetContractInfoNormalised, context: Context, client: Client): Promise<ContractSummary> {
    const contract = await mirrorFor(context, client).getJson<MirrorContract>(`/contracts/${encodeURIComponent(params.contractId)}`, `contract ${params.contractId}`);
    return {
      contractId: contract.contract_id ?? params.contractId,
      evmAddress: contract.evm_address ?? null,
      adminKey: contract.admin_key ?? null,
      memo: contract.memo ?? '',
      deleted: contract.deleted ?? false,
      nonce: contract.nonce ?? null,
      createdAt: isoOf(contract.created_timestamp),
      expiresAt: isoOf(contract.expiration_timestamp),
      autoRenewPeriodSeconds: contract.auto_renew_period ?? null,
      autoRenewAccountId: contract.auto_renew_account ?? null,
      maxAutomaticTokenAssociations: contract.max_automatic_token_associations ?? null,
      fileId: contract.file_id ?? null,
      obtainerId: contract.obtainer_id ?? null,
      runtimeBytecodeSize: contract.runtime_bytecode ? Math.max(contract.runtime_bytecode.replace(/^0x/, '').length / 2, 0) : 0,
    };
  }

  override formatResult(contract: ContractSummary): ToolResult {
    const state = contract.deleted ? 'a deleted contract' : `a contract with ${contract.runtimeBytecodeSize} bytes of code`;
    const admin = contract.adminKey ? `, admin key ${contract.adminKey._type} ${contract.adminKey.key}` : ', no admin key (immutable)';
    const memo = contract.memo ? `, memo "${contract.memo}"` : '';
    return queryResult(contract, `${contract.contractId} is ${state} at EVM address ${contract.evmAddress ?? 'unknown'}${admin}${memo}.`);
  }
}
