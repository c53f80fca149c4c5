import { Hbar, ScheduleInfoQuery, type Client, type ScheduleId } from '@hiero-ledger/sdk';
import type { proto } from '@hiero-ledger/proto';
import { movementsOf, type Movement } from '../../src/authoring/index.js';

/**
 * What a schedule will execute, read from the network before a call signs it, in the shapes the
 * built-in movements views read (plain IDs, whole amounts): a value policy judges the inner transfer
 * that signing may complete. `readable: false` says why it could not be read; the movements view
 * then refuses (fail closed).
 */
export type ScheduleContents =
  | {
      readable: true;
      /** The SchedulableTransactionBody field that is set, e.g. `cryptoTransfer`, `tokenMint`. */
      kind: string;
      /** Executed or deleted schedules run nothing more, whoever signs. */
      settled: 'executed' | 'deleted' | null;
      hbarTransfers: { accountId: string; amount: bigint }[];
      tokenTransfers: { tokenId: string; accountId: string; amount: bigint }[];
      nftTransfers: { tokenId: string; serialNumber: bigint; senderAccountId: string; receiverAccountId: string }[];
    }
  | { readable: false; reason: string };

/**
 * Inner transactions whose tools move no value beyond the fee (the core tools marked `movesNoValue`):
 * topic and token administration, minting to the treasury, associations, account updates.
 */
const MOVES_NO_VALUE = new Set([
  'consensusSubmitMessage', 'consensusCreateTopic', 'consensusUpdateTopic', 'consensusDeleteTopic',
  'tokenCreation', 'tokenMint', 'tokenAssociate', 'tokenDissociate', 'cryptoUpdateAccount', 'scheduleDelete',
]);

/** The body's fields that are not the transaction itself. */
const NOT_THE_TRANSACTION = new Set(['transactionFee', 'memo', 'maxCustomFees']);

/** Reads schedule `scheduleId` with a ScheduleInfoQuery; a failure is kept as the reason, not thrown. */
export async function readSchedule(scheduleId: ScheduleId, client: Client): Promise<ScheduleContents> {
  try {
    const info = await new ScheduleInfoQuery().setScheduleId(scheduleId).execute(client);
    const body = info.schedulableTransactionBody;
    if (!body) return { readable: false, reason: 'the network returned no scheduled transaction body' };
    const kind = Object.keys(body).find((key) => !NOT_THE_TRANSACTION.has(key) && (body as Record<string, unknown>)[key] != null) ?? 'nothing';
    const settled = info.executed ? 'executed' : info.deleted ? 'deleted' : null;
    return { readable: true, kind, settled, ...transferLines(body.cryptoTransfer) };
  } catch (error) {
    return { readable: false, reason: `ScheduleInfoQuery failed: ${String((error as { status?: unknown }).status ?? (error as Error).message)}` };
  }
}

/**
 * What signing schedule `scheduleId` may move: the inner transfer's movements (all of them, since
 * the signature may be the last one needed), nothing for a settled schedule or an inner transaction
 * that moves no value, and a refusal (thrown) for anything it cannot see into.
 */
export function scheduleMovements(contents: ScheduleContents, scheduleId: string, method: string): readonly Movement[] {
  if (!contents.readable) throw new Error(`${method}: what schedule ${scheduleId} would execute could not be read (${contents.reason}), so what signing it may move is not known`);
  if (contents.settled || MOVES_NO_VALUE.has(contents.kind)) return [];
  if (contents.kind !== 'cryptoTransfer') {
    throw new Error(`${method}: schedule ${scheduleId} would execute a ${contents.kind} transaction, whose movements this kit cannot read; a value policy refuses to sign it`);
  }
  const { hbarTransfers, tokenTransfers, nftTransfers } = contents;
  return [
    // The HBAR view reads Hbar amounts, as transfer_hbar_tool's params carry them.
    ...(hbarTransfers.length ? (movementsOf('transfer_hbar_tool', { hbarTransfers: hbarTransfers.map(({ accountId, amount }) => ({ accountId, amount: Hbar.fromTinybars(amount.toString()) })) }) ?? []) : []),
    ...(tokenTransfers.length ? (movementsOf('transfer_fungible_token_tool', { tokenTransfers }) ?? []) : []),
    ...(nftTransfers.length ? (movementsOf('transfer_non_fungible_token_tool', { transfers: nftTransfers }) ?? []) : []),
  ];
}

type ProtoId = { shardNum?: unknown; realmNum?: unknown; accountNum?: unknown; tokenNum?: unknown; alias?: unknown } | null | undefined;

function transferLines(transfer: proto.ICryptoTransferTransactionBody | null | undefined): Pick<Extract<ScheduleContents, { readable: true }>, 'hbarTransfers' | 'tokenTransfers' | 'nftTransfers'> {
  const hbarTransfers = (transfer?.transfers?.accountAmounts ?? []).map((line) => ({ accountId: idText(line.accountID, 'accountNum'), amount: BigInt(String(line.amount ?? 0)) }));
  const tokenTransfers: { tokenId: string; accountId: string; amount: bigint }[] = [];
  const nftTransfers: { tokenId: string; serialNumber: bigint; senderAccountId: string; receiverAccountId: string }[] = [];
  for (const list of transfer?.tokenTransfers ?? []) {
    const tokenId = idText(list.token, 'tokenNum');
    for (const line of list.transfers ?? []) tokenTransfers.push({ tokenId, accountId: idText(line.accountID, 'accountNum'), amount: BigInt(String(line.amount ?? 0)) });
    for (const nft of list.nftTransfers ?? []) {
      nftTransfers.push({ tokenId, serialNumber: BigInt(String(nft.serialNumber ?? 0)), senderAccountId: idText(nft.senderAccountID, 'accountNum'), receiverAccountId: idText(nft.receiverAccountID, 'accountNum') });
    }
  }
  return { hbarTransfers, tokenTransfers, nftTransfers };
}

/**
 * `shard.realm.num` of a protobuf entity ID. An alias names an account only the network can resolve:
 * it is kept as a text the movements views refuse, so a value policy blocks rather than guess.
 */
function idText(id: ProtoId, numField: 'accountNum' | 'tokenNum'): string {
  const num = id?.[numField];
  if (num == null) return 'alias (not resolvable here)';
  return `${String(id?.shardNum ?? 0)}.${String(id?.realmNum ?? 0)}.${String(num)}`;
}
