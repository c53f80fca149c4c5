import type { proto } from '@hiero-ledger/proto';
import { fileId } from '../ledger/entity-ids.js';
import { fileFor } from '../ledger/files-handler.js';
import { toLong } from '../ledger/numbers.js';
import { fileContents } from '../ledger/system-files.js';
import { LOCAL_LEDGER_ID } from './ledger-id.js';
import type { QueryAnswer } from './query-answer.js';

/** fileGetContents: a deleted file answers with its cleared (empty) contents, as on a node. */
export const fileContentsAnswer: QueryAnswer = (ledger, request) => {
  const file = fileFor(ledger, (request as proto.IFileGetContentsQuery).fileID);
  return { fileContents: { fileID: fileId(file.num), contents: fileContents(ledger, file) } };
};

/** fileGetInfo: size, expiration, keys, memo and whether the file was deleted. */
export const fileInfoAnswer: QueryAnswer = (ledger, request) => {
  const file = fileFor(ledger, (request as proto.IFileGetInfoQuery).fileID);
  const info: proto.FileGetInfoResponse.IFileInfo = {
    fileID: fileId(file.num), size: toLong(BigInt(fileContents(ledger, file).length)), deleted: file.deleted,
    expirationTime: { seconds: toLong(BigInt(file.expirySec)), nanos: 0 }, keys: { keys: file.keys }, memo: file.memo, ledgerId: LOCAL_LEDGER_ID,
  };
  return { fileInfo: info };
};
