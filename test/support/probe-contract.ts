import {
  AccountBalanceQuery, ContractCreateTransaction, TransactionReceiptQuery, ContractFunctionParameters, Hbar, TransactionRecordQuery, type Client, type ContractId, type PrivateKey,
  type Transaction, type TransactionId, type TransactionRecord,
} from '@hiero-ledger/sdk';
import { Probe } from './compiled-test-contracts.js';

/** Gas that comfortably deploys the probe contract. */
export const PROBE_DEPLOY_GAS = 1_000_000;

/** Deploys test/fixtures/contracts/Probe.sol with `stored = initial` through a real ContractCreateTransaction. */
export async function deployProbe(client: Client, options: { initial?: number; hbar?: number; adminKey?: PrivateKey } = {}): Promise<ContractId> {
  const tx = new ContractCreateTransaction().setBytecode(Buffer.from(Probe.bytecode, 'hex')).setGas(PROBE_DEPLOY_GAS)
    .setConstructorParameters(new ContractFunctionParameters().addUint256(options.initial ?? 1));
  if (options.hbar) tx.setInitialBalance(new Hbar(options.hbar));
  if (options.adminKey) tx.setAdminKey(options.adminKey.publicKey);
  tx.freezeWith(client);
  if (options.adminKey) await tx.sign(options.adminKey);
  return (await (await tx.execute(client)).getReceipt(client)).contractId!;
}

/** The record of a transaction whatever its status (a failed one keeps its contract function result). */
export async function recordOf(client: Client, transactionId: TransactionId): Promise<TransactionRecord> {
  return new TransactionRecordQuery().setTransactionId(transactionId).setValidateReceiptStatus(false).execute(client);
}

/** Submits without waiting for success, and returns the record, so failures can be inspected. */
export async function submitForRecord(client: Client, tx: Transaction): Promise<TransactionRecord> {
  return (await submitMeasured(client, tx)).record;
}

/**
 * Submits, waits for the receipt (free), and reports what the payer's balance dropped by in between,
 * before asking for the record (a paid query).
 */
export async function submitMeasured(client: Client, tx: Transaction): Promise<{ record: TransactionRecord; spent: bigint }> {
  const payer = client.operatorAccountId!;
  const balance = async () => BigInt((await new AccountBalanceQuery().setAccountId(payer).execute(client)).hbars.toTinybars().toString());
  const before = await balance();
  const response = await tx.execute(client);
  await new TransactionReceiptQuery().setTransactionId(response.transactionId).setValidateStatus(false).execute(client);
  const spent = before - (await balance());
  return { record: await recordOf(client, response.transactionId), spent };
}

/** The text of a Solidity `Error(string)` revert, from a record's `0x…` error message. */
export function revertReason(errorMessage: string | null): string {
  const data = Buffer.from((errorMessage ?? '').replace(/^0x/, ''), 'hex');
  if (data.subarray(0, 4).toString('hex') !== '08c379a0') throw new Error(`not an Error(string) revert: ${errorMessage}`);
  const length = Number(BigInt(`0x${data.subarray(36, 68).toString('hex')}`));
  return data.subarray(68, 68 + length).toString('utf8');
}

/** A 32-byte ABI word holding an address (for comparing event topics). */
export function addressWord(address: string): string {
  return address.replace(/^0x/, '').toLowerCase().padStart(64, '0');
}
