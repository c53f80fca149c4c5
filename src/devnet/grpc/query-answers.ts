import type { proto } from '@hiero-ledger/proto';
import { evmAddressOfAlias, isEvmAddressAlias } from '../ledger/aliases.js';
import { accountId, tokenId, topicId } from '../ledger/entity-ids.js';
import { transactionKey, type Ledger } from '../ledger/ledger.js';
import { nsToTimestamp, toBig, toLong } from '../ledger/numbers.js';
import { recordToProto } from '../ledger/record-proto.js';
import { LedgerStatusError } from '../ledger/status-error.js';
import type { AccountState, TokenState } from '../ledger/state-types.js';
import { contractAccount, contractBytecode, contractCallLocal, contractInfo, validateContractCallLocal } from '../evm/contract-queries.js';
import { fileContentsAnswer, fileInfoAnswer } from './file-answers.js';
import { LOCAL_LEDGER_ID } from './ledger-id.js';
import { scheduleInfoAnswer } from './schedule-answers.js';
import { versionInfoAnswer } from './version-answer.js';
import type { QueryAnswer, QueryValidator } from './query-answer.js';

export type { QueryAnswer, QueryValidator } from './query-answer.js';

function accountFor(ledger: Ledger, id: proto.IAccountID | null | undefined): AccountState {
  return ledger.account(id, 'INVALID_ACCOUNT_ID');
}

/** Hedera's "long-zero" EVM address of an account without an EVM alias, as 40 hex characters. */
function longZeroAddress(num: number): string {
  return num.toString(16).padStart(40, '0');
}

function tokenBalances(ledger: Ledger, account: AccountState): proto.ITokenBalance[] {
  return [...account.tokens.entries()].map(([num, relation]) => ({
    tokenId: tokenId(num), balance: toLong(relation.balance, true), decimals: ledger.tokens.get(num)?.decimals ?? 0,
  }));
}

const accountBalance: QueryAnswer = (ledger, request) => {
  const op = request as proto.ICryptoGetAccountBalanceQuery;
  const account = op.contractID ? contractAccount(ledger, op.contractID) : accountFor(ledger, op.accountID);
  return { accountID: accountId(account.num), balance: toLong(account.balance, true), tokenBalances: tokenBalances(ledger, account) };
};

const accountInfo: QueryAnswer = (ledger, request) => {
  const account = accountFor(ledger, (request as proto.ICryptoGetInfoQuery).accountID);
  const info: proto.CryptoGetInfoResponse.IAccountInfo = {
    accountID: accountId(account.num), key: account.key, balance: toLong(account.balance, true), deleted: account.deleted,
    memo: account.memo, autoRenewPeriod: { seconds: toLong(BigInt(account.autoRenewPeriodSec)) },
    expirationTime: nsToTimestamp(BigInt(account.expirySec) * 1_000_000_000n), receiverSigRequired: account.receiverSigRequired,
    maxAutomaticTokenAssociations: account.maxAutoAssociations, ethereumNonce: toLong(0n), ledgerId: LOCAL_LEDGER_ID,
    contractAccountID: contractAccountId(account),
    // A node leaves an EVM-address alias out (the SDK would read the field as a Key); contractAccountID carries it.
    alias: account.alias && !isEvmAddressAlias(account.alias) ? account.alias : new Uint8Array(), ownedNfts: toLong(ownedNfts(ledger, account)),
    stakingInfo: stakingInfo(account),
  };
  return { accountInfo: info };
};

/** The account's EVM address in hex: its alias's (an EVM address, or an ECDSA key alias's), else long-zero. */
function contractAccountId(account: AccountState): string {
  const evm = evmAddressOfAlias(account.alias);
  return evm ? Buffer.from(evm).toString('hex') : longZeroAddress(account.num);
}

/** What a node reports of staking without rewards: the staking target and decline_reward. */
function stakingInfo(account: AccountState): proto.IStakingInfo {
  return {
    declineReward: account.declineReward, stakedToMe: toLong(0n), pendingReward: toLong(0n),
    ...(account.stakedNodeId !== undefined ? { stakedNodeId: toLong(BigInt(account.stakedNodeId)) } : {}),
    ...(account.stakedAccountId !== undefined ? { stakedAccountId: accountId(account.stakedAccountId) } : {}),
  };
}

function ownedNfts(ledger: Ledger, account: AccountState): bigint {
  let count = 0n;
  for (const token of ledger.tokens.values()) for (const nft of token.nfts.values()) if (nft.owner === account.num) count++;
  return count;
}

const topicInfo: QueryAnswer = (ledger, request) => {
  const topic = ledger.topic((request as proto.IConsensusGetTopicInfoQuery).topicID);
  return {
    topicID: topicId(topic.num),
    topicInfo: {
      memo: topic.memo, runningHash: topic.runningHash, sequenceNumber: toLong(topic.sequenceNumber, true),
      expirationTime: nsToTimestamp(BigInt(topic.expirySec) * 1_000_000_000n), adminKey: topic.adminKey ?? null,
      submitKey: topic.submitKey ?? null, autoRenewPeriod: { seconds: toLong(BigInt(topic.autoRenewPeriodSec)) },
      autoRenewAccount: topic.autoRenewAccount ? accountId(topic.autoRenewAccount) : null, ledgerId: LOCAL_LEDGER_ID,
    } satisfies proto.IConsensusTopicInfo,
  };
};

function tokenInfoProto(token: TokenState): proto.ITokenInfo {
  return {
    tokenId: tokenId(token.num), name: token.name, symbol: token.symbol, decimals: token.decimals,
    totalSupply: toLong(token.totalSupply, true), treasury: accountId(token.treasury), ...token.keys,
    defaultFreezeStatus: token.keys.freezeKey ? (token.freezeDefault ? 1 : 2) : 0, defaultKycStatus: token.keys.kycKey ? 2 : 0,
    deleted: token.deleted, autoRenewAccount: token.autoRenewAccount ? accountId(token.autoRenewAccount) : null,
    autoRenewPeriod: { seconds: toLong(BigInt(token.autoRenewPeriodSec)) }, expiry: nsToTimestamp(BigInt(token.expirySec) * 1_000_000_000n),
    memo: token.memo, tokenType: token.type === 'FUNGIBLE_COMMON' ? 0 : 1, supplyType: token.supplyType === 'INFINITE' ? 0 : 1,
    maxSupply: toLong(token.maxSupply), pauseStatus: token.keys.pauseKey ? (token.paused ? 1 : 2) : 0, ledgerId: LOCAL_LEDGER_ID,
    metadata: token.metadata, customFees: token.customFees,
  };
}

const tokenInfo: QueryAnswer = (ledger, request) => ({
  tokenInfo: tokenInfoProto(ledger.token((request as proto.ITokenGetInfoQuery).token, true)),
});

/** One NFT (TokenNftInfoQuery); a burned or wiped serial is INVALID_NFT_ID, as on a node. */
const nftInfo: QueryAnswer = (ledger, request) => {
  const id = (request as proto.ITokenGetNftInfoQuery).nftID;
  if (!id?.token_ID) throw new LedgerStatusError('INVALID_TOKEN_ID');
  const serial = toBig(id.serialNumber);
  if (serial <= 0n) throw new LedgerStatusError('INVALID_TOKEN_NFT_SERIAL_NUMBER');
  const nft = ledger.tokens.get(Number(toBig(id.token_ID.tokenNum)))?.nfts.get(Number(serial));
  if (!nft) throw new LedgerStatusError('INVALID_NFT_ID');
  return {
    nft: {
      nftID: id, accountID: accountId(nft.owner), creationTime: nsToTimestamp(nft.createdNs), metadata: nft.metadata, ledgerId: LOCAL_LEDGER_ID,
      spenderId: nft.spender ? accountId(nft.spender) : null,
    } satisfies proto.ITokenNftInfo,
  };
};

const receipt: QueryAnswer = (ledger, request) => {
  const op = request as proto.ITransactionGetReceiptQuery;
  if (!op.transactionID) throw new LedgerStatusError('INVALID_TRANSACTION_ID');
  const record = ledger.records.get(transactionKey(op.transactionID));
  if (!record) throw new LedgerStatusError('RECEIPT_NOT_FOUND');
  const children = op.includeChildReceipts ? (record.children ?? []).map((child) => child.receipt) : [];
  return { receipt: record.receipt, duplicateTransactionReceipts: [], childTransactionReceipts: children };
};

const record: QueryAnswer = (ledger, request) => {
  const op = request as proto.ITransactionGetRecordQuery;
  if (!op.transactionID) throw new LedgerStatusError('INVALID_TRANSACTION_ID');
  const stored = ledger.records.get(transactionKey(op.transactionID));
  if (!stored) throw new LedgerStatusError('RECORD_NOT_FOUND');
  const children = op.includeChildRecords ? (stored.children ?? []).map(recordToProto) : [];
  return { transactionRecord: recordToProto(stored), duplicateTransactionRecords: [], childTransactionRecords: children };
};

/** Query oneof name → answer builder, whether a real node charges for it, and the response oneof when it is named differently. */
export const QUERY_ANSWERS: Readonly<Record<string, { answer: QueryAnswer; paid: boolean; validate?: QueryValidator; response?: string }>> = {
  cryptogetAccountBalance: { answer: accountBalance, paid: false },
  cryptoGetInfo: { answer: accountInfo, paid: true },
  consensusGetTopicInfo: { answer: topicInfo, paid: true },
  tokenGetInfo: { answer: tokenInfo, paid: true },
  tokenGetNftInfo: { answer: nftInfo, paid: true },
  transactionGetReceipt: { answer: receipt, paid: false },
  transactionGetRecord: { answer: record, paid: true },
  scheduleGetInfo: { answer: scheduleInfoAnswer, paid: true },
  fileGetContents: { answer: fileContentsAnswer, paid: true },
  fileGetInfo: { answer: fileInfoAnswer, paid: true },
  networkGetVersionInfo: { answer: versionInfoAnswer, paid: true },
  contractCallLocal: { answer: contractCallLocal, paid: true, validate: validateContractCallLocal },
  contractGetInfo: { answer: contractInfo, paid: true },
  contractGetBytecode: { answer: contractBytecode, paid: true, response: 'contractGetBytecodeResponse' },
};
