import type { proto } from '@hiero-ledger/proto';
import type { Ledger } from '../ledger/ledger.js';
import { toBig } from '../ledger/numbers.js';
import { ensure } from '../ledger/status-error.js';

/** A stored file as the contract service needs it. */
export interface ContractFile {
  contents: Uint8Array;
  deleted: boolean;
}

/**
 * The one place the contract service reads the file service: the file a ContractCreate names. It looks
 * for a `files` map (number → contents) on the ledger; until the devnet has a file service there is none,
 * and every `fileID` is answered INVALID_FILE_ID, as for a file that does not exist.
 */
export function readContractFile(ledger: Ledger, fileId: proto.IFileID): ContractFile | undefined {
  const files = (ledger as unknown as { files?: ReadonlyMap<number, ContractFile> }).files;
  if (!files || toBig(fileId.shardNum) !== 0n || toBig(fileId.realmNum) !== 0n) return undefined;
  const num = toBig(fileId.fileNum);
  return num > 0n && num <= BigInt(Number.MAX_SAFE_INTEGER) ? files.get(Number(num)) : undefined;
}

/** Initcode stored in a file: Hedera keeps it there as hex text (what ContractCreateFlow uploads). */
export function initcodeFromFile(ledger: Ledger, fileId: proto.IFileID | null | undefined): Uint8Array {
  const file = fileId ? readContractFile(ledger, fileId) : undefined;
  ensure(file, 'INVALID_FILE_ID', fileId ? 'no such file (the devnet may have no file service)' : 'neither initcode nor fileID given');
  ensure(!file.deleted, 'FILE_DELETED');
  ensure(file.contents.length, 'CONTRACT_FILE_EMPTY');
  const text = Buffer.from(file.contents).toString('utf8').trim().replace(/^0x/i, '');
  ensure(/^(?:[0-9a-fA-F]{2})+$/.test(text), 'ERROR_DECODING_BYTESTRING');
  return new Uint8Array(Buffer.from(text, 'hex'));
}
