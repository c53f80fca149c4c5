import { createHash } from 'node:crypto';
import { proto } from '@hiero-ledger/proto';

/** Names the encoding, so a digest of anything else never collides with one of these. */
export const SCHEDULED_BODY_DOMAIN = 'hedera-agent-hooks/scheduled-body/v1';

/**
 * What a request the ledger approves binds: the transaction the schedule will run and who pays for
 * it. Recorded when the kit builds the ScheduleCreate; compared with the ledger's ScheduleInfo before
 * any ScheduleSign.
 */
export interface ScheduledBody {
  /** `sha384:<hex>` of the scheduled body's canonical form (see scheduledBodyDigest). */
  readonly digest: string;
  /** The account charged for the scheduled transaction, `shard.realm.num`. */
  readonly payer: string;
}

/**
 * The digest of a SchedulableTransactionBody (a protobuf message object, as @hiero-ledger/proto
 * decodes it): `sha384:` and the lower-case hex SHA-384 of the UTF-8 text
 *
 *     hedera-agent-hooks/scheduled-body/v1\n<canonical JSON>
 *
 * The canonical JSON is the decoded message with its fields sorted by name and proto3 defaults left
 * out (empty strings, zero numbers and int64s, false, empty bytes and empty lists), int64s as decimal
 * strings and bytes as hex; a sub-message that is set is kept even when empty (its presence means
 * something, e.g. which kind of transaction it is). Defaults are left out because a node that
 * answers ScheduleInfoQuery re-serialises the body it stored and omits them, where the SDK that built
 * it wrote some explicitly (an empty memo, `isApproval: false`): both sides then digest the same text.
 * Fields unknown to the protobuf definitions in use are not seen by either side.
 *
 * @example
 * scheduledBodyDigest(info.schedulableTransactionBody); // 'sha384:8c1f…'
 */
export function scheduledBodyDigest(body: object): string {
  const text = `${SCHEDULED_BODY_DOMAIN}\n${JSON.stringify(canonicalBody(body))}`;
  return `sha384:${createHash('sha384').update(text, 'utf8').digest('hex')}`;
}

/**
 * What a frozen ScheduleCreate (its `toBytes()`) will have the ledger run: the digest of the body it
 * schedules and the payer (the ScheduleCreate's `payerAccountID`, else the account paying the
 * ScheduleCreate, as the network takes it). A sentence when the bytes are not a ScheduleCreate.
 */
export function scheduledBodyOfScheduleCreate(bytes: Uint8Array): ScheduledBody | string {
  let body: proto.TransactionBody;
  try {
    const [first] = proto.TransactionList.decode(bytes).transactionList;
    const signed = first?.signedTransactionBytes?.length ? proto.SignedTransaction.decode(first.signedTransactionBytes).bodyBytes : first?.bodyBytes;
    if (!signed?.length) return 'the transaction bytes carry no body';
    body = proto.TransactionBody.decode(signed);
  } catch (error) {
    return `the transaction bytes could not be decoded (${(error as Error).message})`;
  }
  const scheduled = body.scheduleCreate?.scheduledTransactionBody;
  if (!scheduled) return 'the transaction is not a ScheduleCreate with a scheduled body';
  const payer = accountIdText(body.scheduleCreate?.payerAccountID) ?? accountIdText(body.transactionID?.accountID);
  if (!payer) return "the ScheduleCreate names no payer (neither payerAccountID nor its transaction ID's account)";
  return { digest: scheduledBodyDigest(scheduled), payer };
}

/** `shard.realm.num` of a protobuf AccountID, `alias:<hex>` for an alias; `undefined` when absent. */
export function accountIdText(id: proto.IAccountID | null | undefined): string | undefined {
  if (!id) return undefined;
  if (id.alias?.length) return `alias:${Buffer.from(id.alias).toString('hex')}`;
  return `${String(id.shardNum ?? 0)}.${String(id.realmNum ?? 0)}.${String(id.accountNum ?? 0)}`;
}

/** The body's canonical form (see scheduledBodyDigest), as plain JSON. */
export function canonicalBody(body: object): Record<string, unknown> {
  return (canonical(body) ?? {}) as Record<string, unknown>;
}

/** The canonical form of one decoded protobuf value; `undefined` for a proto3 default (left out). */
function canonical(value: unknown): unknown {
  if (value === null || value === undefined || value === '' || value === 0 || value === false) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value === 0n ? undefined : value.toString();
  if (isLong(value)) {
    const text = value.toString();
    return text === '0' ? undefined : text;
  }
  if (ArrayBuffer.isView(value)) return value.byteLength ? Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex') : undefined;
  if (Array.isArray(value)) {
    if (!value.length) return undefined;
    // Elements of a list are kept even when default: their positions mean something.
    return value.map((each) => canonical(each) ?? defaultForm(each));
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const each = canonical((value as Record<string, unknown>)[key]);
      if (each !== undefined) out[key] = each;
    }
    return out;
  }
  return undefined;
}

/** A list element that is a default, written as one (a list keeps every element). */
function defaultForm(value: unknown): unknown {
  if (isLong(value) || typeof value === 'bigint') return '0';
  if (ArrayBuffer.isView(value)) return '';
  if (value === null || value === undefined) return null;
  return typeof value === 'object' ? {} : value;
}

/** A Long (protobufjs int64), told by shape: the copy that decoded it may not be this package's. */
function isLong(value: unknown): value is { low: number; high: number; unsigned: boolean; toString(): string } {
  const long = value as { low?: unknown; high?: unknown; unsigned?: unknown };
  return typeof value === 'object' && value !== null && typeof long.low === 'number' && typeof long.high === 'number' && typeof long.unsigned === 'boolean';
}
