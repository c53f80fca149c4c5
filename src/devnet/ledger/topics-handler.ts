import type { proto } from '@hiero-ledger/proto';
import { entityString, topicId } from './entity-ids.js';
import type { HandlerContext, TransactionHandler } from './handler-context.js';
import { isEmptyKey, isValidKey, keyFingerprint } from './keys.js';
import { DEFAULT_AUTO_RENEW_SEC, transactionKey } from './ledger.js';
import { timestampToNs, toBig, toLong } from './numbers.js';
import { nextRunningHash, RUNNING_HASH_VERSION } from './running-hash.js';
import { ensure, LedgerStatusError } from './status-error.js';

/** Bytes a single submitMessage may carry (consensus.message.maxBytesAllowed). */
export const MAX_MESSAGE_BYTES = 1024;
const MIN_AUTO_RENEW_SEC = 6_999_999;
const MAX_AUTO_RENEW_SEC = 8_000_001;

function checkOptionalKey(key: proto.IKey | null | undefined, status: 'BAD_ENCODING'): void {
  if (key && !isEmptyKey(key)) ensure(isValidKey(key), status);
}

function checkAutoRenew(period: proto.IDuration | null | undefined): number | undefined {
  if (!period) return undefined;
  const seconds = Number(toBig(period.seconds));
  ensure(seconds >= MIN_AUTO_RENEW_SEC && seconds <= MAX_AUTO_RENEW_SEC, 'AUTORENEW_DURATION_NOT_IN_RANGE');
  return seconds;
}

/** The auto-renew account must exist and sign, on create and when an update sets it. */
function autoRenewAccount(ctx: HandlerContext, id: proto.IAccountID): number {
  const account = ctx.ledger.account(id, 'INVALID_AUTORENEW_ACCOUNT');
  ctx.requireSignature(account.key);
  return account.num;
}

/** consensusCreateTopic: admin key and auto-renew account sign when present. */
export const createTopicHandler: TransactionHandler = {
  pureChecks(body) {
    const op = body.consensusCreateTopic!;
    ensure(Buffer.byteLength(op.memo ?? '') <= 100, 'MEMO_TOO_LONG');
    checkOptionalKey(op.adminKey, 'BAD_ENCODING');
    checkOptionalKey(op.submitKey, 'BAD_ENCODING');
  },
  handle(ctx) {
    const op = ctx.body.consensusCreateTopic!;
    const period = checkAutoRenew(op.autoRenewPeriod) ?? DEFAULT_AUTO_RENEW_SEC;
    const adminKey = op.adminKey && !isEmptyKey(op.adminKey) ? op.adminKey : undefined;
    if (adminKey) ctx.requireSignature(adminKey);
    const renewNum = op.autoRenewAccount && toBig(op.autoRenewAccount.accountNum) !== 0n ? autoRenewAccount(ctx, op.autoRenewAccount) : undefined;
    const num = ctx.ledger.nextEntityNum();
    ctx.ledger.topics.set(num, {
      num, memo: op.memo ?? '', adminKey, submitKey: op.submitKey && !isEmptyKey(op.submitKey) ? op.submitKey : undefined,
      autoRenewPeriodSec: period, autoRenewAccount: renewNum, sequenceNumber: 0n, runningHash: new Uint8Array(48),
      deleted: false, createdNs: ctx.consensusNs, modifiedNs: ctx.consensusNs,
      expirySec: Number(ctx.consensusNs / 1_000_000_000n) + period, messages: [],
    });
    ctx.receipt.topicID = topicId(num);
    ctx.entityId = entityString(num);
  },
};

/** consensusUpdateTopic: needs the admin key (and a new admin key); only extending expiry is open to all. */
export const updateTopicHandler: TransactionHandler = {
  pureChecks(body) {
    const op = body.consensusUpdateTopic!;
    ensure(op.topicID, 'INVALID_TOPIC_ID');
    if (op.memo) ensure(Buffer.byteLength(op.memo.value ?? '') <= 100, 'MEMO_TOO_LONG');
    checkOptionalKey(op.adminKey, 'BAD_ENCODING');
    checkOptionalKey(op.submitKey, 'BAD_ENCODING');
  },
  handle(ctx) {
    const op = ctx.body.consensusUpdateTopic!;
    const topic = ctx.ledger.topic(op.topicID);
    const onlyExpiry = !op.memo && !op.adminKey && !op.submitKey && !op.autoRenewPeriod && !op.autoRenewAccount;
    if (!onlyExpiry) {
      if (!topic.adminKey) throw new LedgerStatusError('UNAUTHORIZED');
      ctx.requireSignature(topic.adminKey);
    }
    if (op.adminKey && !isEmptyKey(op.adminKey) && keyFingerprint(op.adminKey) !== keyFingerprint(topic.adminKey)) ctx.requireSignature(op.adminKey);
    const period = checkAutoRenew(op.autoRenewPeriod);
    let renewNum: number | undefined | null = null;
    if (op.autoRenewAccount) renewNum = toBig(op.autoRenewAccount.accountNum) === 0n ? undefined : autoRenewAccount(ctx, op.autoRenewAccount);
    let expiry: number | undefined;
    if (op.expirationTime) {
      expiry = Number(timestampToNs(op.expirationTime) / 1_000_000_000n);
      ensure(expiry >= topic.expirySec, 'EXPIRATION_REDUCTION_NOT_ALLOWED');
    }
    if (op.memo) topic.memo = op.memo.value ?? '';
    if (op.adminKey) topic.adminKey = isEmptyKey(op.adminKey) ? undefined : op.adminKey;
    if (op.submitKey) topic.submitKey = isEmptyKey(op.submitKey) ? undefined : op.submitKey;
    if (period !== undefined) topic.autoRenewPeriodSec = period;
    if (renewNum !== null) topic.autoRenewAccount = renewNum;
    if (expiry !== undefined) topic.expirySec = expiry;
    topic.modifiedNs = ctx.consensusNs;
    ctx.entityId = entityString(topic.num);
  },
};

/** consensusDeleteTopic: a topic without an admin key is immutable (UNAUTHORIZED). */
export const deleteTopicHandler: TransactionHandler = {
  pureChecks(body) {
    ensure(body.consensusDeleteTopic!.topicID, 'INVALID_TOPIC_ID');
  },
  handle(ctx) {
    const topic = ctx.ledger.topic(ctx.body.consensusDeleteTopic!.topicID);
    if (!topic.adminKey) throw new LedgerStatusError('UNAUTHORIZED');
    ctx.requireSignature(topic.adminKey);
    topic.deleted = true;
    topic.modifiedNs = ctx.consensusNs;
    ctx.entityId = entityString(topic.num);
  },
};

/** consensusSubmitMessage: submit key, size limit, chunk rules, sequence number and running hash. */
export const submitMessageHandler: TransactionHandler = {
  pureChecks(body) {
    const op = body.consensusSubmitMessage!;
    ensure(op.topicID, 'INVALID_TOPIC_ID');
    ensure(op.message?.length, 'INVALID_TOPIC_MESSAGE');
  },
  handle(ctx) {
    const op = ctx.body.consensusSubmitMessage!;
    const topic = ctx.ledger.topic(op.topicID);
    if (topic.submitKey) ctx.requireSignature(topic.submitKey);
    // Size and chunk rules are checked at consensus on Hedera, so they surface as receipt statuses.
    ensure(op.message!.length <= MAX_MESSAGE_BYTES, 'MESSAGE_SIZE_TOO_LARGE');
    checkChunk(op.chunkInfo, ctx.body.transactionID!);
    const sequenceNumber = topic.sequenceNumber + 1n;
    const runningHash = nextRunningHash({
      previous: topic.runningHash, payerNum: ctx.payer.num, topicNum: topic.num, consensusNs: ctx.consensusNs, sequenceNumber, message: op.message!,
    }, ctx.ledger.options.runningHashFormat);
    topic.sequenceNumber = sequenceNumber;
    topic.runningHash = runningHash;
    const chunk = op.chunkInfo;
    topic.messages.push({
      consensusNs: ctx.consensusNs, message: op.message!, payer: ctx.payer.num, runningHash, sequenceNumber,
      ...(chunk ? { chunk: { initialTransactionId: chunk.initialTransactionID!, number: chunk.number ?? 1, total: chunk.total ?? 1 } } : {}),
    });
    ctx.receipt.topicSequenceNumber = toLong(sequenceNumber, true);
    ctx.receipt.topicRunningHash = runningHash;
    ctx.receipt.topicRunningHashVersion = toLong(RUNNING_HASH_VERSION, true);
    ctx.entityId = entityString(topic.num);
  },
};

function checkChunk(chunk: proto.IConsensusMessageChunkInfo | null | undefined, id: proto.ITransactionID): void {
  if (!chunk) return;
  const number = chunk.number ?? 0;
  ensure(number >= 1 && number <= (chunk.total ?? 0), 'INVALID_CHUNK_NUMBER');
  const initial = chunk.initialTransactionID;
  ensure(initial?.accountID && toBig(initial.accountID.accountNum) === toBig(id.accountID?.accountNum), 'INVALID_CHUNK_TRANSACTION_ID');
  if (number === 1) ensure(transactionKey(initial) === transactionKey(id), 'INVALID_CHUNK_TRANSACTION_ID');
}
