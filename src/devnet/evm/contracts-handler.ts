import type { proto } from '@hiero-ledger/proto';
import { accountNum, entityString } from '../ledger/entity-ids.js';
import type { HandlerContext, TransactionHandler } from '../ledger/handler-context.js';
import { isValidKey } from '../ledger/keys.js';
import { DEFAULT_AUTO_RENEW_SEC } from '../ledger/ledger.js';
import { toBig } from '../ledger/numbers.js';
import { ensure, LedgerStatusError } from '../ledger/status-error.js';
import { initcodeFromFile } from './contract-file.js';
import { execute, resultState, type ExecutionRequest } from './contract-executor.js';
import { contractFor, contractId, longZeroAddress, ADDRESS_BYTES } from './evm-addresses.js';
import { applyOutcome, type ContractTemplate } from './evm-host.js';
import { GAS_PRICE_TINYBARS, intrinsicGas, MAX_GAS_PER_TRANSACTION } from './gas.js';

const MAX_MEMO_BYTES = 100;
const EMPTY = new Uint8Array(0);

/** Gas and value checks a node makes before accepting a contract transaction (precheck codes). */
function checkGasAndValue(gas: bigint, value: bigint, minimumGas: bigint): void {
  ensure(gas >= 0n, 'CONTRACT_NEGATIVE_GAS');
  ensure(gas <= MAX_GAS_PER_TRANSACTION, 'MAX_GAS_LIMIT_EXCEEDED');
  ensure(gas >= minimumGas, 'INSUFFICIENT_GAS');
  ensure(value >= 0n, 'CONTRACT_NEGATIVE_VALUE');
}

/** The payer pays the whole gas limit up front (the unused part is refunded), so it must hold it. */
function requireGasFunds(ctx: HandlerContext, gas: bigint, value: bigint): void {
  ensure(ctx.payer.balance >= gas * GAS_PRICE_TINYBARS + value, 'INSUFFICIENT_PAYER_BALANCE');
}

/**
 * Runs the request, charges the gas it used (also when it fails), keeps the result for the record and
 * applies its changes, or fails the transaction with the status Hedera gives that failure.
 */
async function run(ctx: HandlerContext, request: ExecutionRequest, template?: ContractTemplate): Promise<void> {
  const execution = await execute(ctx.ledger, request);
  ctx.chargeExtraFee(execution.gasUsed * GAS_PRICE_TINYBARS);
  if (execution.failure) {
    ctx.contractResult = resultState(ctx.ledger, request, execution, []);
    throw new LedgerStatusError(execution.failure.status);
  }
  const topLevel = template && { num: request.contractNum, address: request.address, initcode: request.payload, template };
  let created: number[];
  try {
    created = applyOutcome(ctx, execution.world, execution.outcome, topLevel);
  } catch (error) {
    ctx.contractResult = resultState(ctx.ledger, request, { ...execution, failure: { status: 'INVALID_SOLIDITY_ADDRESS', errorMessage: 'INVALID_SOLIDITY_ADDRESS' } }, []);
    throw error;
  }
  ctx.contractResult = resultState(ctx.ledger, request, execution, created);
  ctx.receipt.contractID = contractId(request.contractNum);
  ctx.entityId = entityString(request.contractNum);
}

/** contractCreateInstance: runs initcode (from the body, or hex text in a file) at a new 0.0.N. */
export const contractCreateHandler: TransactionHandler = {
  pureChecks(body) {
    const op = body.contractCreateInstance!;
    checkGasAndValue(toBig(op.gas), toBig(op.initialBalance), intrinsicGas(EMPTY, true));
    ensure(Buffer.byteLength(op.memo ?? '') <= MAX_MEMO_BYTES, 'MEMO_TOO_LONG');
    if (op.adminKey && !op.adminKey.contractID) ensure(isValidKey(op.adminKey), 'INVALID_ADMIN_KEY');
    ensure((op.maxAutomaticTokenAssociations ?? 0) >= -1, 'INVALID_MAX_AUTO_ASSOCIATIONS');
  },
  async handle(ctx) {
    const op = ctx.body.contractCreateInstance!;
    // A contract-ID admin key is a valid arrangement that no signature can satisfy, so it is not asked for.
    if (op.adminKey && !op.adminKey.contractID) ctx.requireSignature(op.adminKey);
    const autoRenewAccount = renewalAccount(ctx, op.autoRenewAccountId);
    const code = op.initcode?.length ? op.initcode : initcodeFromFile(ctx.ledger, op.fileID);
    const payload = concat(code, op.constructorParameters ?? EMPTY);
    const gas = toBig(op.gas);
    ensure(gas >= intrinsicGas(payload, true), 'INSUFFICIENT_GAS');
    const value = toBig(op.initialBalance);
    requireGasFunds(ctx, gas, value);
    // No other transaction runs while this one waits for the EVM, so the next number stays free.
    const num = ctx.ledger.peekEntityNum();
    const template: ContractTemplate = {
      memo: op.memo ?? '', maxAutoAssociations: op.maxAutomaticTokenAssociations ?? 0,
      autoRenewPeriodSec: op.autoRenewPeriod?.seconds ? Number(toBig(op.autoRenewPeriod.seconds)) : DEFAULT_AUTO_RENEW_SEC,
      ...(op.adminKey ? { adminKey: op.adminKey } : {}),
      ...(autoRenewAccount ? { autoRenewAccount } : {}),
      ...(op.fileID && !op.initcode?.length ? { fileId: entityString(Number(toBig(op.fileID.fileNum))) } : {}),
    };
    await run(ctx, {
      kind: 'create', sender: ctx.payer, address: longZeroAddress(num), contractNum: num, payload,
      functionParameters: op.constructorParameters ?? EMPTY, value, gasLimit: gas, isStatic: false, timestampNs: ctx.consensusNs,
    }, template);
  },
};

/** contractCall: calls a contract by number or EVM address, with gas and an optional payable amount. */
export const contractCallHandler: TransactionHandler = {
  pureChecks(body) {
    const op = body.contractCall!;
    ensure(op.contractID, 'INVALID_CONTRACT_ID');
    if (op.contractID.evmAddress?.length) {
      ensure(op.contractID.evmAddress.length === ADDRESS_BYTES && op.contractID.evmAddress.some((byte) => byte !== 0), 'INVALID_CONTRACT_ID');
    } else {
      ensure(toBig(op.contractID.contractNum) !== 0n, 'INVALID_CONTRACT_ID');
    }
    checkGasAndValue(toBig(op.gas), toBig(op.amount), intrinsicGas(op.functionParameters ?? EMPTY, false));
  },
  async handle(ctx) {
    const op = ctx.body.contractCall!;
    const contract = contractFor(ctx.ledger, op.contractID);
    ensure(contract, 'INVALID_CONTRACT_ID');
    ensure(!contract.deleted, 'CONTRACT_DELETED');
    const gas = toBig(op.gas);
    const value = toBig(op.amount);
    requireGasFunds(ctx, gas, value);
    const data = op.functionParameters ?? EMPTY;
    await run(ctx, {
      kind: 'call', sender: ctx.payer, address: contract.evmAddress, contractNum: contract.num, payload: data,
      functionParameters: data, value, gasLimit: gas, isStatic: false, timestampNs: ctx.consensusNs,
    });
  },
};

/** The auto-renew account of a new contract must exist and sign. */
function renewalAccount(ctx: HandlerContext, id: proto.IAccountID | null | undefined): number | undefined {
  if (!id || toBig(id.accountNum) === 0n) return undefined;
  const account = ctx.ledger.accounts.get(accountNum(id, 'INVALID_AUTORENEW_ACCOUNT'));
  ensure(account && !account.deleted, 'INVALID_AUTORENEW_ACCOUNT');
  ctx.requireSignature(account.key);
  return account.num;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (!b.length) return a;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
