import { simulateCall } from '../evm/contract-simulation.js';
import { ADDRESS_BYTES, fromHex, hex } from '../evm/evm-addresses.js';
import { MAX_GAS_PER_TRANSACTION } from '../evm/gas.js';
import type { Ledger } from '../ledger/ledger.js';
import { badRequest, errorBody, ok, type MirrorMessage, type MirrorRequest, type MirrorResponse } from './mirror-http.js';

/** The mirror's web3 defaults and bounds for `/contracts/call` (its ContractCallRequest). */
const DEFAULT_GAS = MAX_GAS_PER_TRANSACTION;
const MIN_GAS = 21_000n;
const MAX_DATA_HEX_DIGITS = 262_144;
const ZERO_ADDRESS = new Uint8Array(ADDRESS_BYTES);
/** `Error(string)`, the revert data of `require(cond, "reason")` and `revert("reason")`. */
const ERROR_STRING_SELECTOR = '08c379a0';

/** A field problem, answered as the mirror's web3 module words it: `Bad Request` and `<field> field <problem>`. */
class CallFieldError extends Error {}

const invalid = (field: string, problem: string) => new CallFieldError(`${field} field ${problem}`);

/**
 * `POST /contracts/call`: an `eth_call` (or, with `estimate`, a gas estimate) against the devnet's
 * current state, run by the same EVM as ContractCallQuery and thrown away. The body is the mirror's
 * (`data`, `to`, `from`, `gas`, `gasPrice`, `value`, `estimate`, `block`; other fields are ignored), the
 * answer `{ result: '0x…' }`; a revert is a 400 whose message is `CONTRACT_REVERT_EXECUTED`, with the
 * decoded reason as `detail` and the revert data as `data`.
 *
 * The devnet keeps no past state, so `block` may name only the latest block (`latest`, `pending`, or
 * its number); an earlier block is answered 501, as the mirror answers operations it does not support,
 * and so is a call without `to` (a contract creation, which is not simulated here).
 */
export async function contractCall(request: MirrorRequest): Promise<MirrorResponse> {
  let call;
  try {
    call = readCall(request.body, request.ledger);
  } catch (error) {
    if (error instanceof CallFieldError) return badRequest({ message: 'Bad Request', detail: error.message });
    throw error;
  }
  if (call.historical) return notImplemented(`block ${call.historical} is in the past, and the devnet keeps no historical state; ask for "latest"`);
  if (call.creates) return notImplemented('a call without "to" simulates a contract creation, which the devnet does not do');
  const outcome = await simulateCall(request.ledger, call);
  if (outcome.success) return ok({ result: call.estimate ? quantity(outcome.gasConsumed) : `0x${hex(outcome.result)}` });
  const message: MirrorMessage = { message: outcome.status, detail: outcome.status === 'CONTRACT_REVERT_EXECUTED' ? revertReason(outcome.revertData) : outcome.errorMessage };
  if (outcome.revertData.length) message.data = `0x${hex(outcome.revertData)}`;
  return badRequest(message);
}

interface ReadCall {
  from: Uint8Array;
  to: Uint8Array;
  data: Uint8Array;
  gas: bigint;
  value: bigint;
  estimate: boolean;
  /** the block asked for, when it is earlier than the latest */
  historical?: string;
  creates: boolean;
}

function readCall(body: unknown, ledger: Ledger): ReadCall {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new CallFieldError('request body must be a JSON object');
  const fields = body as Record<string, unknown>;
  const data = hexBytes(fields.data, 'data', MAX_DATA_HEX_DIGITS) ?? new Uint8Array(0);
  const from = address(fields.from, 'from');
  const toText = fields.to;
  if (toText === undefined || toText === null) throw invalid('to', 'must not be null');
  const to = toText === '' ? ZERO_ADDRESS : address(toText, 'to')!;
  const gas = wholeNumber(fields.gas, 'gas') ?? DEFAULT_GAS;
  if (gas < MIN_GAS) throw invalid('gas', `must be greater than or equal to ${MIN_GAS}`);
  if (gas > MAX_GAS_PER_TRANSACTION) throw invalid('gas', `must be less than or equal to ${MAX_GAS_PER_TRANSACTION}`);
  wholeNumber(fields.gasPrice, 'gasPrice');
  const value = wholeNumber(fields.value, 'value') ?? 0n;
  if (value > 0n && !from) throw invalid('from', 'must not be empty');
  const estimate = fields.estimate ?? false;
  if (typeof estimate !== 'boolean') throw invalid('estimate', 'must be true or false');
  const historical = pastBlock(fields.block, ledger);
  return {
    from: from ?? ZERO_ADDRESS, to, data, gas, value, estimate,
    ...(historical ? { historical } : {}),
    creates: hex(to) === hex(ZERO_ADDRESS) && data.length > 0,
  };
}

/** `block` when it names a block before the latest; the devnet's blocks are its records, one each. */
function pastBlock(value: unknown, ledger: Ledger): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid('block', 'must be a block number or "latest", "pending" or "earliest"');
  const text = value.trim().toLowerCase();
  if (text === 'latest' || text === 'pending') return undefined;
  const latest = BigInt(Math.max(ledger.recordList.length - 1, 0));
  let number: bigint;
  if (text === 'earliest') number = 0n;
  else if (/^0x[0-9a-f]{1,16}$/.test(text)) number = BigInt(text);
  else if (/^\d{1,19}$/.test(text)) number = BigInt(text);
  else throw invalid('block', 'must be a block number or "latest", "pending" or "earliest"');
  if (number > latest) throw new CallFieldError('Unknown block number');
  return number === latest ? undefined : value;
}

function hexBytes(value: unknown, field: string, maxDigits: number): Uint8Array | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !/^(0x)?[0-9a-fA-F]*$/.test(value)) throw invalid(field, 'invalid hexadecimal string');
  const digits = value.replace(/^0x/, '');
  if (digits.length > maxDigits) throw invalid(field, `must not exceed ${maxDigits} hexadecimal digits`);
  if (digits.length % 2) throw invalid(field, 'contains invalid odd length characters');
  return fromHex(digits);
}

function address(value: unknown, field: string): Uint8Array | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !/^(0x)?[0-9a-fA-F]{40}$/.test(value)) throw invalid(field, 'must be a 20-byte hexadecimal EVM address');
  return fromHex(value.replace(/^0x/, ''));
}

function wholeNumber(value: unknown, field: string): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw invalid(field, 'must be a whole number');
  if (value < 0) throw invalid(field, 'must be greater than or equal to 0');
  return BigInt(value);
}

/** An estimate as the mirror writes it: 8 bytes of hex. */
function quantity(gas: bigint): string {
  return `0x${gas.toString(16).padStart(16, '0')}`;
}

/** The reason of an `Error(string)` revert, or '' for other revert data (a custom error, a panic, none). */
function revertReason(data: Uint8Array): string {
  if (data.length < 68 || hex(data.subarray(0, 4)) !== ERROR_STRING_SELECTOR) return '';
  const word = (at: number) => BigInt(`0x${hex(data.subarray(at, at + 32))}`);
  const offset = 4 + Number(word(4));
  if (offset + 32 > data.length) return '';
  const length = Number(word(offset));
  const start = offset + 32;
  return start + length > data.length ? '' : Buffer.from(data.subarray(start, start + length)).toString('utf8');
}

function notImplemented(detail: string): MirrorResponse {
  return { status: 501, body: errorBody({ message: 'Not Implemented', detail }) };
}
