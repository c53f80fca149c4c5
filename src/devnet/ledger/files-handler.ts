import type { proto } from '@hiero-ledger/proto';
import { entityString, fileId, fileNum } from './entity-ids.js';
import type { HandlerContext, TransactionHandler } from './handler-context.js';
import type { Ledger } from './ledger.js';
import { timestampToNs, toBig } from './numbers.js';
import { ensure, LedgerStatusError } from './status-error.js';
import type { FileState } from './state-types.js';
import { RESERVED_SYSTEM_ENTITIES } from './system-files.js';

/** files.maxSizeKb: 1 MiB */
export const MAX_FILE_BYTES = 1024 * 1024;
const MAX_MEMO_BYTES = 100;
/** entities.maxLifetime and ledger.autoRenewPeriod.maxDuration (the node's defaults) */
const MAX_LIFETIME_SEC = 8_000_001;
/** ledger.autoRenewPeriod.minDuration */
const MIN_LIFETIME_SEC = 2_592_000;
/** treasury and systemAdmin: the accounts the node lets change system files */
const SUPERUSERS = new Set([2, 50]);

/** The file a transaction names; INVALID_FILE_ID when there is none (a deleted file is still found). */
export function fileFor(ledger: Ledger, id: proto.IFileID | null | undefined): FileState {
  const file = ledger.files.get(fileNum(id));
  if (!file) throw new LedgerStatusError('INVALID_FILE_ID');
  return file;
}

/**
 * A system file may be changed only by a superuser (others get AUTHORIZATION_FAILED, as from a node);
 * the devnet keeps its system files read-only even then, since it derives their contents itself.
 */
function checkMayChange(ctx: HandlerContext, file: FileState): void {
  if (file.num > RESERVED_SYSTEM_ENTITIES) return;
  ensure(SUPERUSERS.has(ctx.payer.num), 'AUTHORIZATION_FAILED');
  throw new LedgerStatusError('NOT_SUPPORTED', 'the devnet keeps its system files read-only');
}

/** Every key of a file's key list must sign a create, update or append. */
function requireEvery(ctx: HandlerContext, keys: readonly proto.IKey[]): void {
  for (const key of keys) ctx.requireSignature(key);
}

function checkMemo(memo: string | null | undefined): void {
  ensure(Buffer.byteLength(memo ?? '') <= MAX_MEMO_BYTES, 'MEMO_TOO_LONG');
}

const requireFileId = (op: { fileID?: proto.IFileID | null }) => ensure(op.fileID, 'INVALID_FILE_ID');

/** fileCreate: every key in `keys` signs; without keys the file is immutable. */
export const fileCreateHandler: TransactionHandler = {
  pureChecks(body) {
    ensure(body.fileCreate!.expirationTime, 'INVALID_EXPIRATION_TIME');
  },
  handle(ctx) {
    const op = ctx.body.fileCreate!;
    const keys = op.keys?.keys ?? [];
    requireEvery(ctx, keys);
    const nowSec = ctx.consensusNs / 1_000_000_000n;
    const expirySec = toBig(op.expirationTime!.seconds);
    // The node reports an expiry outside (now, now + max lifetime] this way for files.
    ensure(expirySec > nowSec && expirySec <= nowSec + BigInt(MAX_LIFETIME_SEC), 'AUTORENEW_DURATION_NOT_IN_RANGE');
    checkMemo(op.memo);
    const contents = op.contents ?? new Uint8Array();
    ensure(contents.length <= MAX_FILE_BYTES, 'MAX_FILE_SIZE_EXCEEDED');
    const num = ctx.ledger.nextEntityNum();
    ctx.ledger.files.set(num, { num, keys, contents, memo: op.memo ?? '', expirySec: Number(expirySec), deleted: false, createdNs: ctx.consensusNs });
    ctx.receipt.fileID = fileId(num);
    ctx.entityId = entityString(num);
  },
};

/** fileAppend: the file's keys sign; the contents grow up to 1 MiB. */
export const fileAppendHandler: TransactionHandler = {
  pureChecks: (body) => requireFileId(body.fileAppend!),
  handle(ctx) {
    const op = ctx.body.fileAppend!;
    const file = fileFor(ctx.ledger, op.fileID);
    checkMayChange(ctx, file);
    requireEvery(ctx, file.keys);
    ensure(file.keys.length > 0, 'UNAUTHORIZED');
    ensure(!file.deleted, 'FILE_DELETED');
    const added = op.contents ?? new Uint8Array();
    ensure(file.contents.length + added.length <= MAX_FILE_BYTES, 'MAX_FILE_SIZE_EXCEEDED');
    file.contents = Buffer.concat([file.contents, added]);
    ctx.entityId = entityString(file.num);
  },
};

/**
 * fileUpdate: changing keys, contents or memo needs the file's keys and any new keys; extending the
 * expiration time alone needs no signature. Empty contents leave the contents as they are.
 */
export const fileUpdateHandler: TransactionHandler = {
  pureChecks: (body) => requireFileId(body.fileUpdate!),
  handle(ctx) {
    const op = ctx.body.fileUpdate!;
    const file = fileFor(ctx.ledger, op.fileID);
    checkMayChange(ctx, file);
    const mutates = !!(op.keys || op.memo || op.contents?.length);
    if (mutates) requireEvery(ctx, [...file.keys, ...(op.keys?.keys ?? [])]);
    ensure(!file.deleted, 'FILE_DELETED');
    if (mutates) ensure(file.keys.length > 0, 'UNAUTHORIZED');
    checkMemo(op.memo?.value);
    let expirySec = file.expirySec;
    if (op.expirationTime) {
      const requested = toBig(op.expirationTime.seconds);
      const lifetime = requested - timestampToNs(ctx.body.transactionID!.transactionValidStart) / 1_000_000_000n;
      ensure(lifetime >= BigInt(MIN_LIFETIME_SEC) && lifetime <= BigInt(MAX_LIFETIME_SEC), 'AUTORENEW_DURATION_NOT_IN_RANGE');
      if (requested > BigInt(file.expirySec)) expirySec = Number(requested);
    }
    const contents = op.contents?.length ? op.contents : undefined;
    ensure(!contents || contents.length <= MAX_FILE_BYTES, 'MAX_FILE_SIZE_EXCEEDED');
    if (op.keys) file.keys = op.keys.keys ?? [];
    if (contents) file.contents = contents;
    if (op.memo) file.memo = op.memo.value ?? '';
    file.expirySec = expirySec;
    ctx.entityId = entityString(file.num);
  },
};

/** fileDelete: one of the file's keys signs; the contents are cleared and the file stays, marked deleted. */
export const fileDeleteHandler: TransactionHandler = {
  pureChecks: (body) => requireFileId(body.fileDelete!),
  handle(ctx) {
    const file = fileFor(ctx.ledger, ctx.body.fileDelete!.fileID);
    ensure(file.num > RESERVED_SYSTEM_ENTITIES, 'ENTITY_NOT_ALLOWED_TO_DELETE');
    if (file.keys.length) ctx.requireSignature({ thresholdKey: { threshold: 1, keys: { keys: file.keys } } });
    ensure(file.keys.length > 0, 'UNAUTHORIZED');
    ensure(!file.deleted, 'FILE_DELETED');
    file.deleted = true;
    file.contents = new Uint8Array();
    ctx.entityId = entityString(file.num);
  },
};
