import type { proto } from '@hiero-ledger/proto';
import { entityString } from '../ledger/entity-ids.js';
import { mirrorKey } from '../ledger/keys.js';
import { nsToMirror, timestampToNs, toBig } from '../ledger/numbers.js';
import { statusName } from '../ledger/status-error.js';
import type { TopicMessageState, TopicState, TransactionRecordState } from '../ledger/state-types.js';

/** Mirror transaction ID `0.0.x-<seconds>-<9-digit nanos>`. */
export function mirrorTransactionId(id: proto.ITransactionID): string {
  const ns = timestampToNs(id.transactionValidStart);
  return `0.0.${toBig(id.accountID?.accountNum)}-${ns / 1_000_000_000n}-${(ns % 1_000_000_000n).toString().padStart(9, '0')}`;
}

export function formatMessage(topicNum: number, message: TopicMessageState, encoding: 'base64' | 'utf-8' = 'base64'): Record<string, unknown> {
  const chunk = message.chunk;
  return {
    chunk_info: chunk ? {
      initial_transaction_id: {
        account_id: entityString(Number(toBig(chunk.initialTransactionId.accountID?.accountNum))),
        nonce: chunk.initialTransactionId.nonce ?? 0,
        scheduled: !!chunk.initialTransactionId.scheduled,
        transaction_valid_start: nsToMirror(timestampToNs(chunk.initialTransactionId.transactionValidStart)),
      },
      number: chunk.number,
      total: chunk.total,
    } : null,
    consensus_timestamp: nsToMirror(message.consensusNs),
    message: Buffer.from(message.message).toString(encoding === 'utf-8' ? 'utf8' : 'base64'),
    payer_account_id: entityString(message.payer),
    running_hash: Buffer.from(message.runningHash).toString('base64'),
    running_hash_version: 3,
    sequence_number: Number(message.sequenceNumber),
    topic_id: entityString(topicNum),
  };
}

export function formatTopic(topic: TopicState): Record<string, unknown> {
  return {
    admin_key: mirrorKey(topic.adminKey),
    auto_renew_account: topic.autoRenewAccount ? entityString(topic.autoRenewAccount) : null,
    auto_renew_period: topic.autoRenewPeriodSec,
    created_timestamp: nsToMirror(topic.createdNs),
    custom_fees: { created_timestamp: nsToMirror(topic.createdNs), fixed_fees: [] },
    deleted: topic.deleted,
    fee_exempt_key_list: [],
    fee_schedule_key: null,
    memo: topic.memo,
    submit_key: mirrorKey(topic.submitKey),
    timestamp: { from: nsToMirror(topic.modifiedNs), to: null },
    topic_id: entityString(topic.num),
  };
}

/**
 * The mirror's transaction type names (`TransactionTypes` in its OpenAPI document). The devnet's body
 * names upper-cased give the same words; anything else is listed as UNKNOWN, as the mirror does.
 */
export const TRANSACTION_TYPES: ReadonlySet<string> = new Set([
  'ATOMICBATCH', 'CONSENSUSCREATETOPIC', 'CONSENSUSDELETETOPIC', 'CONSENSUSSUBMITMESSAGE', 'CONSENSUSUPDATETOPIC', 'CONTRACTCALL',
  'CONTRACTCREATEINSTANCE', 'CONTRACTDELETEINSTANCE', 'CONTRACTUPDATEINSTANCE', 'CRYPTOADDLIVEHASH', 'CRYPTOAPPROVEALLOWANCE',
  'CRYPTOCREATEACCOUNT', 'CRYPTODELETE', 'CRYPTODELETEALLOWANCE', 'CRYPTODELETELIVEHASH', 'CRYPTOTRANSFER', 'CRYPTOUPDATEACCOUNT',
  'ETHEREUMTRANSACTION', 'FILEAPPEND', 'FILECREATE', 'FILEDELETE', 'FILEUPDATE', 'FREEZE', 'NODE', 'NODECREATE', 'NODEDELETE',
  'NODESTAKEUPDATE', 'NODEUPDATE', 'SCHEDULECREATE', 'SCHEDULEDELETE', 'SCHEDULESIGN', 'SYSTEMDELETE', 'SYSTEMUNDELETE', 'TOKENAIRDROP',
  'TOKENASSOCIATE', 'TOKENBURN', 'TOKENCANCELAIRDROP', 'TOKENCLAIMAIRDROP', 'TOKENCREATION', 'TOKENDELETION', 'TOKENDISSOCIATE',
  'TOKENFEESCHEDULEUPDATE', 'TOKENFREEZE', 'TOKENGRANTKYC', 'TOKENMINT', 'TOKENPAUSE', 'TOKENREJECT', 'TOKENREVOKEKYC', 'TOKENUNFREEZE',
  'TOKENUNPAUSE', 'TOKENUPDATE', 'TOKENUPDATENFTS', 'TOKENWIPE', 'UNCHECKEDSUBMIT', 'UNKNOWN', 'UTILPRNG',
]);

export function transactionName(record: TransactionRecordState): string {
  const name = record.bodyName.toUpperCase();
  return TRANSACTION_TYPES.has(name) ? name : 'UNKNOWN';
}

/** A transaction as listed by `/transactions` and `/accounts/{id}`. */
export function formatTransaction(record: TransactionRecordState): Record<string, unknown> {
  const status = statusName(record.receipt.status ?? 0) ?? 'UNKNOWN';
  return {
    batch_key: null,
    bytes: null,
    charged_tx_fee: Number(record.chargedFee),
    consensus_timestamp: nsToMirror(record.consensusNs),
    entity_id: record.entityId ?? null,
    max_custom_fees: [],
    max_fee: record.maxFee.toString(),
    memo_base64: Buffer.from(record.memo).toString('base64'),
    name: transactionName(record),
    nft_transfers: record.nftTransfers.map((nft) => ({
      is_approval: nft.isApproval, receiver_account_id: nft.receiver ? entityString(nft.receiver) : null, // 0: burned or wiped
      sender_account_id: nft.sender ? entityString(nft.sender) : null,
      serial_number: nft.serial, token_id: entityString(nft.token),
    })),
    node: '0.0.3',
    nonce: record.transactionId.nonce ?? 0,
    parent_consensus_timestamp: null,
    result: status,
    scheduled: !!record.transactionId.scheduled,
    staking_reward_transfers: [],
    token_transfers: record.tokenTransfers.map((leg) => ({
      token_id: entityString(leg.token), account: entityString(leg.account), amount: Number(leg.amount), is_approval: leg.isApproval,
    })),
    transaction_hash: Buffer.from(record.hash).toString('base64'),
    transaction_id: mirrorTransactionId(record.transactionId),
    transfers: record.transfers.map((leg) => ({ account: entityString(leg.account), amount: Number(leg.amount), is_approval: leg.isApproval })),
    valid_duration_seconds: String(record.validDurationSec),
    valid_start_timestamp: nsToMirror(record.validStartNs),
  };
}

/** A transaction as `/transactions/{id}` returns it: the listed form plus its assessed custom fees. */
export function formatTransactionDetail(record: TransactionRecordState): Record<string, unknown> {
  const assessed = (record.assessedCustomFees ?? []).map((fee) => ({
    amount: Number(toBig(fee.amount)),
    collector_account_id: entityString(Number(toBig(fee.feeCollectorAccountId?.accountNum))),
    effective_payer_account_ids: (fee.effectivePayerAccountId ?? []).map((payer) => entityString(Number(toBig(payer.accountNum)))),
    token_id: fee.tokenId ? entityString(Number(toBig(fee.tokenId.tokenNum))) : null,
  }));
  return { assessed_custom_fees: assessed, ...formatTransaction(record) };
}

/** Whether a record touches an account (payer, HBAR/token/NFT leg). */
export function involvesAccount(record: TransactionRecordState, num: number): boolean {
  return record.payer === num || record.transfers.some((leg) => leg.account === num)
    || record.tokenTransfers.some((leg) => leg.account === num)
    || record.nftTransfers.some((nft) => nft.sender === num || nft.receiver === num);
}
