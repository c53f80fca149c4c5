import { ContractExecuteTransaction, ContractId, type ContractFunctionParameters } from '@hiero-ledger/sdk';

/**
 * The part every EVM tool's normalised params share with the Hedera Agent Kit's: the contract called
 * (`0.0.N`), the ABI-encoded call (selector and arguments) and the gas limit. These bytes are what
 * executes; the value policies read them (src/policies/erc-calls.ts).
 */
export interface ContractCallParams {
  contractId: string;
  functionParameters: Uint8Array;
  gas: number;
}

/** The Hedera Agent Kit's gas limits: a factory deploys a whole token contract; a transfer or mint is one call. */
export const DEPLOY_GAS = 3_000_000;
export const CALL_GAS = 100_000;

/**
 * The selector and ABI-encoded arguments of `name(args)`, as the SDK encodes them for a
 * ContractExecuteTransaction (it computes the selector from the name and the argument types).
 *
 * @example
 * encodeCall('transfer', new ContractFunctionParameters().addAddress(to).addUint256(amount));
 */
export function encodeCall(name: string, args: ContractFunctionParameters): Uint8Array {
  return new ContractExecuteTransaction().setFunction(name, args).functionParameters!;
}

/** The ContractExecuteTransaction of a normalised call: exactly its bytes, contract and gas. */
export function contractExecute(params: ContractCallParams): ContractExecuteTransaction {
  return new ContractExecuteTransaction()
    .setContractId(ContractId.fromString(params.contractId))
    .setGas(params.gas)
    .setFunctionParameters(params.functionParameters);
}

/**
 * A uint256 argument for ContractFunctionParameters: its decimal digits. The SDK converts strings at
 * run time (its types list only number, its own BigNumber copy and Long), and a string keeps every
 * digit of a value beyond 2^53.
 */
export function uint256(value: bigint): number {
  return value.toString() as unknown as number;
}
