import type { proto } from '@hiero-ledger/proto';
import { accountId, tokenId } from './entity-ids.js';
import { nsToTimestamp, toLong } from './numbers.js';
import type { TransactionRecordState } from './state-types.js';
import { recordContractBody } from '../evm/contract-record.js';

/** The protobuf TransactionRecord for a stored record (answer of getTxRecordByTxID). */
export function recordToProto(record: TransactionRecordState): proto.ITransactionRecord {
  const tokens = new Map<number, proto.ITokenTransferList>();
  const listFor = (token: number): proto.ITokenTransferList => {
    let list = tokens.get(token);
    if (!list) tokens.set(token, (list = { token: tokenId(token), transfers: [], nftTransfers: [] }));
    return list;
  };
  for (const leg of record.tokenTransfers) {
    listFor(leg.token).transfers!.push({ accountID: accountId(leg.account), amount: toLong(leg.amount), isApproval: leg.isApproval });
  }
  for (const nft of record.nftTransfers) {
    listFor(nft.token).nftTransfers!.push({
      senderAccountID: accountId(nft.sender), receiverAccountID: accountId(nft.receiver),
      serialNumber: toLong(BigInt(nft.serial)), isApproval: nft.isApproval,
    });
  }
  return {
    receipt: record.receipt,
    transactionHash: record.hash,
    consensusTimestamp: nsToTimestamp(record.consensusNs),
    transactionID: record.transactionId,
    memo: record.memo,
    transactionFee: toLong(record.chargedFee, true),
    transferList: {
      accountAmounts: record.transfers.map((leg) => ({ accountID: accountId(leg.account), amount: toLong(leg.amount), isApproval: leg.isApproval })),
    },
    tokenTransferLists: [...tokens.values()],
    assessedCustomFees: record.assessedCustomFees ?? [],
    newPendingAirdrops: record.newPendingAirdrops ?? [],
    ...record.recordFields,
    ...recordContractBody(record.contractResult),
  };
}
