import { accept, type FoundEntry } from './audit-trail-reader.js';
import { decodeAuditMessage, decodeHcs1File, parseRegisterMessage } from '../codecs/index.js';
import { fetchTopicInfo, fetchTopicMessages, type MirrorMessage } from './mirror-reader.js';

/**
 * Resolves the files registered on a HOL session topic: each register's `t_id` must be a valid HCS-1
 * file (memo `<sha256>:brotli:base64`, a submit key, no admin key, whole chunks, matching hash)
 * whose content is a batch of entries (the same JSON as a plain HCS batch message) or, as earlier
 * versions wrote, one entry. Messages that are not valid HCS-2 registers are reported.
 */
export async function readHolEntries(mirrorUrl: string, messages: readonly MirrorMessage[], problems: string[]): Promise<FoundEntry[]> {
  const found: FoundEntry[] = [];
  for (const message of messages) {
    const register = parseRegisterMessage(message.text);
    if (!register) {
      problems.push(`Session message #${message.sequenceNumber} is not an HCS-2 register message.`);
      continue;
    }
    const where = `file topic ${register.topicId} (register #${message.sequenceNumber})`;
    const info = await fetchTopicInfo(mirrorUrl, register.topicId);
    if (!info) {
      problems.push(`The ${where} does not exist on the mirror node.`);
      continue;
    }
    if (info.admin_key) problems.push(`The ${where} has an admin key, so it is not a valid HCS-1 file (it could be changed or deleted).`);
    if (!info.submit_key) problems.push(`The ${where} has no submit key, so it is not a valid HCS-1 file.`);
    const file = decodeHcs1File(info.memo, (await fetchTopicMessages(mirrorUrl, register.topicId)).map((chunk) => chunk.text));
    if (file.problem) {
      problems.push(`The ${where} is not a valid HCS-1 file: ${file.problem}.`);
      continue;
    }
    readFileContent(file.content!, where, found, problems);
  }
  return found;
}

function readFileContent(content: string, where: string, found: FoundEntry[], problems: string[]): void {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    problems.push(`The ${where} does not hold JSON.`);
    return;
  }
  const decoded = decodeAuditMessage(content);
  if (decoded.kind === 'entries') accept(decoded.entries, where, decoded.batch, found, problems);
  else if (decoded.kind === 'part') problems.push(`The ${where} holds a part of a split batch; a file holds a whole batch.`);
  else if ((value as { p?: unknown } | null)?.p !== undefined) problems.push(`The ${where} ${decoded.problem}.`);
  else found.push({ entry: value, where }); // one entry, as version 1 files hold
}
