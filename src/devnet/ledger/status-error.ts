import { proto } from '@hiero-ledger/proto';

/** A Hedera response code name, e.g. `'INVALID_SIGNATURE'`. */
export type StatusName = keyof typeof proto.ResponseCodeEnum;

/**
 * Thrown by ledger handlers to end a transaction or query with a Hedera status.
 * The gRPC layer turns it into a precheck code or a receipt status; it never reaches SDK users as an exception.
 */
export class LedgerStatusError extends Error {
  constructor(readonly status: StatusName, detail?: string) {
    super(detail ? `${status}: ${detail}` : status);
    this.name = 'LedgerStatusError';
  }
}

/** Numeric code of a status name. */
export function statusCode(name: StatusName): proto.ResponseCodeEnum {
  return proto.ResponseCodeEnum[name];
}

/** Name of a numeric status code, or undefined when the number is not a Hedera status. */
export function statusName(code: number): StatusName | undefined {
  const name = (proto.ResponseCodeEnum as unknown as Record<number, string>)[code];
  return typeof name === 'string' ? (name as StatusName) : undefined;
}

/** Throws `status` unless `condition` holds; keeps handler validation to one line per rule. */
export function ensure(condition: unknown, status: StatusName, detail?: string): asserts condition {
  if (!condition) throw new LedgerStatusError(status, detail);
}

/**
 * A query that failed after it ran and still answers a body with its status (a local contract call
 * that reverted answers CONTRACT_REVERT_EXECUTED together with the function result).
 */
export class AnsweredFailure extends LedgerStatusError {
  constructor(status: StatusName, readonly answer: Record<string, unknown>) {
    super(status);
    this.name = 'AnsweredFailure';
  }
}
