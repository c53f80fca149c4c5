import { proto } from '@hiero-ledger/proto';
import { LedgerStatusError, type StatusName } from './status-error.js';
import { toBig, toLong } from './numbers.js';

/** Entity numbers are all the devnet tracks: shard and realm are always 0. */
function numOf(shard: unknown, realm: unknown, num: unknown, invalid: StatusName): number {
  const s = toBig(shard as never);
  const r = toBig(realm as never);
  const n = toBig(num as never);
  if (s !== 0n || r !== 0n || n <= 0n || n > BigInt(Number.MAX_SAFE_INTEGER)) throw new LedgerStatusError(invalid);
  return Number(n);
}

export function accountNum(id: proto.IAccountID | null | undefined, invalid: StatusName = 'INVALID_ACCOUNT_ID'): number {
  if (!id) throw new LedgerStatusError(invalid);
  return numOf(id.shardNum, id.realmNum, id.accountNum, invalid);
}

export function topicNum(id: proto.ITopicID | null | undefined): number {
  if (!id) throw new LedgerStatusError('INVALID_TOPIC_ID');
  return numOf(id.shardNum, id.realmNum, id.topicNum, 'INVALID_TOPIC_ID');
}

export function tokenNum(id: proto.ITokenID | null | undefined): number {
  if (!id) throw new LedgerStatusError('INVALID_TOKEN_ID');
  return numOf(id.shardNum, id.realmNum, id.tokenNum, 'INVALID_TOKEN_ID');
}

export function fileNum(id: proto.IFileID | null | undefined): number {
  if (!id) throw new LedgerStatusError('INVALID_FILE_ID');
  return numOf(id.shardNum, id.realmNum, id.fileNum, 'INVALID_FILE_ID');
}

export function scheduleNum(id: proto.IScheduleID | null | undefined): number {
  if (!id) throw new LedgerStatusError('INVALID_SCHEDULE_ID');
  return numOf(id.shardNum, id.realmNum, id.scheduleNum, 'INVALID_SCHEDULE_ID');
}

export const accountId = (num: number): proto.IAccountID => ({ shardNum: toLong(0n), realmNum: toLong(0n), accountNum: toLong(BigInt(num)) });
export const topicId = (num: number): proto.ITopicID => ({ shardNum: toLong(0n), realmNum: toLong(0n), topicNum: toLong(BigInt(num)) });
export const tokenId = (num: number): proto.ITokenID => ({ shardNum: toLong(0n), realmNum: toLong(0n), tokenNum: toLong(BigInt(num)) });
export const fileId = (num: number): proto.IFileID => ({ shardNum: toLong(0n), realmNum: toLong(0n), fileNum: toLong(BigInt(num)) });
export const scheduleId = (num: number): proto.IScheduleID => ({ shardNum: toLong(0n), realmNum: toLong(0n), scheduleNum: toLong(BigInt(num)) });

/** `"0.0.N"` for an entity number. */
export const entityString = (num: number): string => `0.0.${num}`;

/** Parses `"0.0.N"` (or `"N"`) to N; undefined when malformed or outside shard/realm 0. */
export function parseEntity(text: string): number | undefined {
  const match = /^(?:0\.0\.)?(\d{1,15})$/.exec(text);
  if (!match) return undefined;
  const num = Number(match[1]);
  return num > 0 ? num : undefined;
}
