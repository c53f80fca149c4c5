import { AccountId, ContractId, type Client } from '@hiero-ledger/sdk';
import {
  MirrorError,
  MirrorErrorCode,
  mirrorFor,
  paramIssue,
  toAccountId,
  type Context,
  type MirrorContract,
} from '../../../src/authoring/index.js';
import { isHederaId, normalisedEvmAddress as normalised } from '../../_shared/evm-address.js';

/** An address as a call encodes it, and the Hedera account behind it when there is one. */
export interface ResolvedAddress {
  /** `0x` and 40 lower-case hex digits */
  evmAddress: string;
  /** `0.0.N`; absent for an EVM address no Hedera account answers to */
  accountId?: string;
}

/** A contract as the EVM tools call it. */
export interface ResolvedContract {
  contractId: string;
  evmAddress: string;
}

const notFound = (error: unknown) => error instanceof MirrorError && (error.code as string) === MirrorErrorCode.NOT_FOUND;

/**
 * The EVM address a Hedera ID acts under (its alias, else its long-zero address), read from the mirror
 * node as the Hedera Agent Kit does; or, for an EVM address, the account it belongs to, if any (an
 * ERC token can be sent to an address without an account: the contract just records it).
 *
 * @example
 * await resolveAddress('0.0.1234', 'recipientAddress', context, client, 'transfer_erc20_tool'); // { evmAddress: '0x…', accountId: '0.0.1234' }
 */
export async function resolveAddress(input: string, field: string, context: Context, client: Client, tool: string): Promise<ResolvedAddress> {
  const mirror = mirrorFor(context, client);
  if (isHederaId(input)) {
    const id = toAccountId(input, field, tool).toString();
    let account;
    try {
      account = await mirror.getAccount(id);
    } catch (error) {
      if (notFound(error)) throw paramIssue(field, `account ${id} does not exist (the mirror node does not know it)`, tool);
      throw error;
    }
    const evm = account.evm_address ? normalised(account.evm_address) : `0x${AccountId.fromString(id).toEvmAddress()}`;
    return { evmAddress: evm, accountId: account.account };
  }
  const evmAddress = normalised(input);
  try {
    const account = await mirror.getAccount(evmAddress);
    return { evmAddress, accountId: account.account };
  } catch (error) {
    if (notFound(error)) return { evmAddress };
    throw error;
  }
}

/** A contract by Hedera ID or EVM address, from the mirror's `/contracts/{id}`; anything else is an input problem. */
export async function resolveContract(input: string, field: string, context: Context, client: Client, tool: string): Promise<ResolvedContract> {
  const key = isHederaId(input) ? ContractId.fromString(input).toString() : normalised(input);
  let contract: MirrorContract;
  try {
    contract = await mirrorFor(context, client).getJson<MirrorContract>(`/contracts/${encodeURIComponent(key)}`, `contract ${key}`);
  } catch (error) {
    if (notFound(error)) throw paramIssue(field, `${input} is not a contract on this network (the mirror node knows no contract by that ID or address)`, tool);
    throw error;
  }
  if (!contract.contract_id || !contract.evm_address) throw paramIssue(field, `the mirror node's answer for contract ${input} has no contract ID or EVM address`, tool);
  if (contract.deleted) throw paramIssue(field, `contract ${contract.contract_id} has been deleted`, tool);
  return { contractId: contract.contract_id, evmAddress: normalised(contract.evm_address) };
}

/** `decimals()` of an ERC-20 contract, asked of the mirror's `/contracts/call` (free, as the Hedera Agent Kit asks it). */
export async function readDecimals(contract: ResolvedContract, field: string, context: Context, client: Client, tool: string): Promise<number> {
  const what = `decimals() of contract ${contract.contractId}`;
  let result: unknown;
  try {
    ({ result } = await mirrorFor(context, client).postJson<{ result?: unknown }>('/contracts/call', { to: contract.evmAddress, data: DECIMALS_CALL }, what));
  } catch (error) {
    // The mirror answers a revert (no such function) with a 400.
    if (error instanceof MirrorError && error.httpStatus === 400) throw notErc20(contract, field, tool);
    throw error;
  }
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(result)) throw notErc20(contract, field, tool);
  const decimals = BigInt(result);
  if (decimals > 255n) throw notErc20(contract, field, tool);
  return Number(decimals);
}

/** `decimals()`: the first 4 bytes of keccak-256("decimals()"). */
const DECIMALS_CALL = '0x313ce567';

function notErc20(contract: ResolvedContract, field: string, tool: string) {
  return paramIssue(field, `contract ${contract.contractId} does not answer decimals() as an ERC-20 token does; is it an ERC-20 contract?`, tool);
}
