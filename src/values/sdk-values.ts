import type { Client, Hbar, Key, Long, PrivateKey, PublicKey, Transaction } from '@hiero-ledger/sdk';

/**
 * Recognises Hedera SDK values by the SDK's own public methods, never by class identity.
 *
 * An app may hold a different copy of the SDK than this package: the ES-module and CommonJS builds
 * of one version are two copies in one process, an app can pin another 2.x version, and users of
 * the Hedera Agent Kit bring `@hashgraph/sdk`. `instanceof` is false across copies, which once made
 * an app's own Client "not a Client" and its transactions "not transactions" (reported as SUCCESS
 * without being sent). These checks read what every copy has in common.
 *
 * @example
 * import { isSdkTransaction } from 'hedera-agent-hooks';
 * if (isSdkTransaction(params.coreActionResult)) console.log(params.coreActionResult.transactionId?.toString());
 */

type Probe = Record<string | symbol, unknown>;

/**
 * Per prototype and list of names: whether the prototype chain has all those methods. These checks
 * run several times on every judged call (fingerprints, movements, redaction), and a class's
 * methods live on its prototype, so the answer is read once per class. A miss is not remembered:
 * a look-alike may carry its methods as own properties.
 */
const methodsByPrototype = new WeakMap<object, Map<readonly string[], true>>();

function hasMethods(value: unknown, names: readonly string[]): value is Probe {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false;
  const proto = Object.getPrototypeOf(value) as object | null;
  const known = proto !== null && proto !== Object.prototype ? methodsByPrototype.get(proto) : undefined;
  if (known?.has(names)) return true;
  const probe = value as Probe;
  for (const name of names) if (typeof probe[name] !== 'function') return false;
  if (proto !== null && proto !== Object.prototype && names.every((name) => typeof (proto as Probe)[name] === 'function')) {
    if (known) known.set(names, true);
    else methodsByPrototype.set(proto, new Map([[names, true]]));
  }
  return true;
}

function hasProperties(value: Probe, names: readonly string[]): boolean {
  for (const name of names) if (!(name in value)) return false;
  return true;
}

const CLIENT_METHODS = ['setOperator', 'setOperatorWith', 'getOperator', 'ping', 'close', 'setRequestTimeout', 'setMaxAttempts'];
const CLIENT_PROPERTIES = ['network', 'mirrorNetwork', 'operatorAccountId', 'operatorPublicKey', 'ledgerId'];

/** A Client (operator, network, mirror network). */
export function isSdkClient(value: unknown): value is Client {
  return hasMethods(value, CLIENT_METHODS) && hasProperties(value, CLIENT_PROPERTIES);
}

const TRANSACTION_METHODS = ['freezeWith', 'isFrozen', 'toBytes', 'sign', 'signWith', 'execute', 'setTransactionId', 'setNodeAccountIds', 'getSignatures'];

/** A Transaction of any kind (TransferTransaction, TopicCreateTransaction, …), frozen or not. */
export function isSdkTransaction(value: unknown): value is Transaction {
  return hasMethods(value, TRANSACTION_METHODS) && 'transactionId' in value && 'nodeAccountIds' in value;
}

/**
 * Work still to be sent: something with a transaction's or query's `execute` or `freezeWith` that
 * may lack the rest (a transaction from an SDK too old or too new to be driven here, an unexecuted
 * query, a look-alike). A kit must neither report it as a success nor submit it. Records, receipts
 * and balances, which are results, have neither method.
 */
export function looksLikeTransaction(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const probe = value as Probe;
  return typeof probe.execute === 'function' || typeof probe.freezeWith === 'function';
}

const KEY_METHODS = ['toBytesDer', 'toBytesRaw', 'toStringDer', 'toStringRaw'];
const PRIVATE_KEY_METHODS = [...KEY_METHODS, 'sign', 'signTransaction'];
const PUBLIC_KEY_METHODS = [...KEY_METHODS, 'verify', 'equals'];

/** A PrivateKey (ED25519 or ECDSA): it signs and has a public key. */
export function isPrivateKey(value: unknown): value is PrivateKey {
  return hasMethods(value, PRIVATE_KEY_METHODS) && 'publicKey' in value;
}

/** A PublicKey (ED25519 or ECDSA): it verifies and cannot sign. */
export function isPublicKey(value: unknown): value is PublicKey {
  return hasMethods(value, PUBLIC_KEY_METHODS) && typeof (value as Probe).sign !== 'function';
}

/** A KeyList of any SDK copy: its members as an array, and a threshold (null: all of them). */
export function isKeyList(value: unknown): value is { toArray(): Key[]; readonly threshold: number | null } {
  return value !== null && typeof value === 'object' && typeof (value as { toArray?: unknown }).toArray === 'function' && 'threshold' in value;
}

/** A `Long` (the SDK's 64-bit integers), from any copy of the `long` package: it brands itself. */
export function isLong(value: unknown): value is Long {
  return value !== null && typeof value === 'object' && (value as { __isLong__?: unknown }).__isLong__ === true;
}

const HBAR_METHODS = ['toTinybars', 'toBigNumber', 'to', 'negated', 'isNegative'];

/**
 * A Long's value as a bigint, from its two 32-bit halves: the hot paths (movements, account IDs)
 * read many Longs per call, and `toString` divides its way through the digits.
 */
export function bigintOfLong(value: Long): bigint {
  const { low, high, unsigned } = value as unknown as { low: number; high: number; unsigned: boolean };
  const bits = (BigInt(high >>> 0) << 32n) | BigInt(low >>> 0);
  return unsigned ? bits : BigInt.asIntN(64, bits);
}

/** A Long's decimal text, without the division loop when it fits in 31 bits (nearly every ID). */
export function textOfLong(value: Long): string {
  const { low, high } = value as unknown as { low: number; high: number };
  return high === 0 && low >= 0 ? String(low) : bigintOfLong(value).toString();
}

/**
 * An Hbar's tinybars as a bigint. Every 2.x SDK keeps them as an integer BigNumber, which reads
 * straight into a bigint; `toTinybars()` would parse that text into a Long first. Anything else
 * (another version's layout) goes the public way.
 */
export function tinybarsOfHbar(value: Hbar): bigint {
  const inner = (value as unknown as { _valueInTinybar?: { isInteger?: unknown; toFixed?: unknown } })._valueInTinybar;
  if (inner && typeof inner.isInteger === 'function' && typeof inner.toFixed === 'function' && (inner.isInteger as () => boolean)()) {
    return BigInt((inner.toFixed as () => string)());
  }
  return bigintOfLong(value.toTinybars());
}

/** An Hbar amount. */
export function isHbar(value: unknown): value is Hbar {
  return hasMethods(value, HBAR_METHODS);
}

const ENTITY_ID_METHODS = ['toString', 'toStringWithChecksum', 'validateChecksum', 'toBytes'];

/** An entity ID with shard, realm and number: AccountId, TokenId, TopicId, FileId, ScheduleId, … */
export function isEntityId(value: unknown): value is { shard: Long; realm: Long; num: Long; toString(): string } {
  if (!hasMethods(value, ENTITY_ID_METHODS)) return false;
  return isLong(value.shard) && isLong(value.realm) && isLong(value.num);
}

/** An AccountId: an entity ID that may also be an alias key or an EVM address. */
export function isAccountId(value: unknown): boolean {
  return isEntityId(value) && 'aliasKey' in value && 'evmAddress' in value;
}

const STATUS_METHODS = ['toString', 'valueOf'];

/** A Hedera status (`Status.Success`, …): a numeric code with its name as string form. */
export function isStatus(value: unknown): value is { _code: number; toString(): string } {
  return hasMethods(value, STATUS_METHODS) && typeof (value as Probe)._code === 'number';
}

/** Any of the SDK's status errors: an Error that carries a Hedera status and a transaction ID. */
export function isStatusError(value: unknown): value is Error & { status: { toString(): string }; transactionId?: { toString(): string } } {
  return value instanceof Error && isStatus((value as unknown as Probe).status) && 'transactionId' in value;
}

/** A status error a node answered at precheck: nothing reached consensus. */
export function isPrecheckStatusError(value: unknown): value is Error & { status: { toString(): string }; transactionId?: { toString(): string } } {
  return isStatusError(value) && 'nodeId' in value && !('transactionReceipt' in value);
}

/** A status error read from a receipt: the transaction reached consensus with that status. */
export function isReceiptStatusError(value: unknown): value is Error & { status: { toString(): string }; transactionId?: { toString(): string } } {
  return isStatusError(value) && 'transactionReceipt' in value;
}

/** The status name of a status error or status (`"DUPLICATE_TRANSACTION"`), or undefined. */
export function statusNameOf(value: unknown): string | undefined {
  if (isStatus(value)) return value.toString();
  if (isStatusError(value)) return value.status.toString();
  return undefined;
}
