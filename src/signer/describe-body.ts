import { proto } from '@hiero-ledger/proto';
import { HBAR_DECIMALS } from '../policies/movement-amounts.js';
import { movement } from '../policies/transfer-lines.js';
import type { Movement } from '../values/movement.js';
import type { DescribedBody, InnerBody, Lookup } from './described-body.js';
import { accountOf, optionalAccountOf, scheduleOf, timestampText, tokenOf, topicOf, wholeOf } from './proto-values.js';
import { tokenDetails } from './token-values.js';
import { ruleOf } from './transaction-types.js';

/** How deep bodies may nest (a batch inside a schedule inside …): the network allows one level. */
const MAX_DEPTH = 3;

/**
 * Reads what a serialized `TransactionBody` does: the payer, transaction ID and valid window, every
 * movement of value, the bodies it carries (a ScheduleCreate's scheduled body, each transaction of
 * an atomic batch) and what only the ledger can tell (a ScheduleSign's schedule). Pure: no network.
 *
 * Fail closed: bytes that are not a TransactionBody, that carry fields this version of the
 * protobufs does not know (they would not survive re-encoding), or that name an account by alias
 * throw an Error saying what and where. A type whose effect the signer cannot name comes back with
 * `known: false`.
 *
 * @example
 * const body = describeBody(signedTransaction.bodyBytes);
 * body.type;      // 'cryptoTransfer'
 * body.movements; // [{ asset: 'HBAR', from: '0.0.1001', to: '0.0.1002', amount: 100000000n, … }]
 */
export function describeBody(bodyBytes: Uint8Array): DescribedBody {
  return describeAt(bodyBytes, 'body', 0);
}

function describeAt(bodyBytes: Uint8Array, field: string, depth: number): DescribedBody {
  if (!(bodyBytes instanceof Uint8Array)) throw new Error(`${field}: expected the body as bytes (a Uint8Array), got ${bodyBytes === null ? 'null' : typeof bodyBytes}`);
  if (bodyBytes.length === 0) throw new Error(`${field}: empty; expected a serialized TransactionBody`);
  let body: proto.TransactionBody;
  try {
    body = proto.TransactionBody.decode(bodyBytes);
  } catch (error) {
    throw new Error(`${field}: not a serialized TransactionBody (${error instanceof Error ? error.message : String(error)})`);
  }
  // Fields the protobufs do not know are dropped by the decoder: what the network would read there is unseen.
  if (!Buffer.from(proto.TransactionBody.encode(body).finish()).equals(Buffer.from(bodyBytes))) {
    throw new Error(`${field}: the bytes are not a TransactionBody as this signer's protobufs encode it (unknown fields, or another encoding), so what they do cannot be read`);
  }
  const id = body.transactionID;
  if (!id) throw new Error(`${field}.transactionID: missing`);
  const payer = accountOf(id.accountID, `${field}.transactionID.accountID`);
  const validStart = timestampText(id.transactionValidStart, `${field}.transactionID.transactionValidStart`);
  const nonce = id.nonce ? `/${id.nonce}` : '';
  const transactionId = `${payer}@${validStart}${id.scheduled ? '?scheduled' : ''}${nonce}`;
  const common = {
    transactionId,
    payer,
    ...(body.nodeAccountID ? { nodeAccountId: accountOf(body.nodeAccountID, `${field}.nodeAccountID`) } : {}),
    validStart,
    validDurationSeconds: Number(wholeOf(body.transactionValidDuration?.seconds, `${field}.transactionValidDuration.seconds`)),
    maxFee: wholeOf(body.transactionFee, `${field}.transactionFee`),
    memo: body.memo ?? '',
  };
  return { ...common, ...effectOf(body, payer, transactionId, field, depth) };
}

type Effect = Pick<DescribedBody, 'type' | 'known' | 'unknownReason' | 'movements' | 'inner' | 'lookups' | 'details' | 'maxGasAllowance'>;

/**
 * What a body's `data` does: shared by TransactionBody and SchedulableTransactionBody, whose data
 * fields have the same names and shapes.
 */
function effectOf(body: proto.ITransactionBody | proto.ISchedulableTransactionBody, payer: string, transactionId: string, field: string, depth: number): Effect {
  const type = (body as { data?: string }).data;
  const none = { movements: [], inner: [], lookups: [], details: {}, maxGasAllowance: 0n };
  if (!type) return { ...none, type: 'none', known: false, unknownReason: 'the body names no transaction type' };
  const data = (body as Record<string, unknown>)[type];
  const here = `${field}.${type}`;
  const rule = ruleOf(type);
  const maxGasAllowance = type === 'ethereumTransaction' ? wholeOf((data as { maxGasAllowance?: unknown }).maxGasAllowance, `${here}.maxGasAllowance`) : 0n;
  switch (rule.kind) {
    case 'unjudgeable':
      return { ...none, type, known: false, unknownReason: `a ${type} is ${rule.why}` };
    case 'lookup':
      return { ...none, type, known: true, lookups: [{ kind: 'scheduleBody', scheduleId: scheduleOf((data as { scheduleID?: unknown }).scheduleID, `${here}.scheduleID`) }] };
    case 'carries':
      if (depth >= MAX_DEPTH) throw new Error(`${here}: bodies nested more than ${MAX_DEPTH} deep`);
      return { ...none, type, known: true, inner: type === 'scheduleCreate' ? [scheduled(data, payer, transactionId, here, depth)] : batch(data, here, depth) };
    case 'moves': {
      const topic = type === 'consensusSubmitMessage' ? topicFees(body, data, payer, here) : { movements: [], lookups: [] };
      const details = type === 'consensusSubmitMessage' ? { topic: topicOf((data as { topicID?: unknown }).topicID, `${here}.topicID`) } : tokenDetails(type, data, here);
      return { ...none, type, known: true, movements: Object.freeze([...rule.read(data, payer, here), ...topic.movements]), lookups: topic.lookups, details, maxGasAllowance };
    }
  }
}

/** A ScheduleCreate's body, run later and paid by its `payerAccountID` (the creator's payer when left out). */
function scheduled(data: any, payer: string, transactionId: string, field: string, depth: number): InnerBody {
  const inner: proto.ISchedulableTransactionBody | null | undefined = data?.scheduledTransactionBody;
  if (!inner) throw new Error(`${field}.scheduledTransactionBody: missing`);
  const schedulePayer = optionalAccountOf(data.payerAccountID, `${field}.payerAccountID`) ?? payer;
  return Object.freeze({ role: 'scheduled' as const, body: describeSchedulable(inner, schedulePayer, `${transactionId}?scheduled`, `${field}.scheduledTransactionBody`, depth + 1) });
}

/**
 * A SchedulableTransactionBody (a ScheduleCreate's, or one the ledger holds for a ScheduleSign) as
 * the body it will run as: paid by `payer`, with `transactionId` of the scheduled execution.
 */
export function describeSchedulable(inner: proto.ISchedulableTransactionBody, payer: string, transactionId: string, field = 'scheduledTransactionBody', depth = 1): DescribedBody {
  const effect = effectOf(asMessage(inner), payer, transactionId, field, depth);
  return Object.freeze({ transactionId, payer, validStart: '', validDurationSeconds: 0, maxFee: wholeOf(inner.transactionFee, `${field}.transactionFee`), memo: inner.memo ?? '', ...effect });
}

/** Each transaction of an atomic batch: a signed Transaction whose body is described in turn. */
function batch(data: any, field: string, depth: number): InnerBody[] {
  const transactions: Uint8Array[] = data?.transactions ?? [];
  if (!transactions.length) throw new Error(`${field}.transactions: an atomic batch with no transactions`);
  return transactions.map((bytes, at) => {
    const here = `${field}.transactions[${at}]`;
    let bodyBytes: Uint8Array | null | undefined;
    try {
      const transaction = proto.Transaction.decode(bytes);
      bodyBytes = transaction.signedTransactionBytes?.length ? proto.SignedTransaction.decode(transaction.signedTransactionBytes).bodyBytes : transaction.bodyBytes;
    } catch (error) {
      throw new Error(`${here}: not a serialized Transaction (${error instanceof Error ? error.message : String(error)})`);
    }
    if (!bodyBytes?.length) throw new Error(`${here}: a transaction without a body`);
    return Object.freeze({ role: 'batch' as const, body: describeAt(bodyBytes, `${here}.body`, depth + 1) });
  });
}

/**
 * A topic message pays the topic's custom fees (HIP-991). With `maxCustomFees` the payer caps them,
 * and the caps are what it may pay (to the topic, which names the collectors); without, it pays
 * whatever the topic charges, which only the ledger can tell.
 */
function topicFees(body: proto.ITransactionBody | proto.ISchedulableTransactionBody, data: any, payer: string, field: string): { movements: Movement[]; lookups: Lookup[] } {
  const topic = topicOf(data?.topicID, `${field}.topicID`);
  const limits = body.maxCustomFees ?? [];
  if (!limits.length) return { movements: [], lookups: [{ kind: 'topicCustomFees', topicId: topic, payer }] };
  const movements: Movement[] = [];
  limits.forEach((limit, at) => {
    const from = optionalAccountOf(limit.accountId, `maxCustomFees[${at}].accountId`) ?? payer;
    (limit.fees ?? []).forEach((fee, index) => {
      const amount = wholeOf(fee.amount, `maxCustomFees[${at}].fees[${index}].amount`);
      if (amount <= 0n) return;
      if (fee.denominatingTokenId) movements.push(movement(tokenOf(fee.denominatingTokenId, `maxCustomFees[${at}].fees[${index}].denominatingTokenId`), from, topic, amount, undefined));
      else movements.push(movement('HBAR', from, topic, amount, HBAR_DECIMALS));
    });
  });
  return { movements, lookups: [] };
}

/** The decoded message of a schedulable body given as a plain object (a ScheduleInfo's), so its `data` names its type. */
function asMessage(inner: proto.ISchedulableTransactionBody): proto.SchedulableTransactionBody {
  return proto.SchedulableTransactionBody.decode(proto.SchedulableTransactionBody.encode(inner).finish());
}
