import { TransactionId, TransactionRecordQuery, type Client } from '@hiero-ledger/sdk';
import { messageOf, type RawToolResult } from '../../../src/authoring/index.js';

/**
 * After a factory call that reached SUCCESS on the ledger, the new token's address, which the factory
 * returned, read from the transaction record (a paid query, as in the Hedera Agent Kit), and its
 * contract ID when the record names the one contract it created. Adds `<prefix>Address` and
 * `<prefix>ContractId` to `raw`; a record that cannot be read is a warning, never a failure: the
 * token exists either way.
 */
export async function withCreatedToken(raw: RawToolResult, client: Client, prefix: 'erc20' | 'erc721'): Promise<RawToolResult> {
  if (raw.status !== 'SUCCESS' || raw.submitted !== true || typeof raw.transactionId !== 'string') return raw;
  try {
    const record = await new TransactionRecordQuery().setTransactionId(TransactionId.fromString(raw.transactionId)).execute(client);
    const result = record.contractFunctionResult;
    if (!result) throw new Error('the record has no contract call result');
    const created = result.createdContractIds;
    return {
      ...raw,
      [`${prefix}Address`]: `0x${result.getAddress(0)}`,
      ...(created.length === 1 ? { [`${prefix}ContractId`]: created[0]!.toString() } : {}),
    };
  } catch (error) {
    const warning = `The token was created, but its address could not be read from the transaction record (${messageOf(error)}); look transaction ${raw.transactionId} up to find it.`;
    return { ...raw, warnings: [...(raw.warnings ?? []), warning] };
  }
}

/** `" at 0x… (contract 0.0.N)"` for a sentence, once the address is known; '' before. */
export function createdAt(raw: RawToolResult, prefix: 'erc20' | 'erc721'): string {
  const address = raw[`${prefix}Address`];
  if (typeof address !== 'string') return '';
  const contract = raw[`${prefix}ContractId`];
  return ` at ${address}${typeof contract === 'string' ? ` (contract ${contract})` : ''}`;
}
