import type { FoundEntry } from './verify-audit-topic.js';
import { decodeHcs1File } from './hcs1-codec.js';
import { parseRegisterMessage } from './hcs2-codec.js';
import { fetchTopicInfo, fetchTopicMessages, type MirrorMessage } from './mirror-reader.js';

/**
 * Resolves the files registered on a HOL session topic: each register's `t_id` must be a valid HCS-1
 * file (memo `<sha256>:brotli:base64`, a submit key, no admin key, whole chunks, matching hash)
 * whose content is a JSON entry. Messages that are not valid HCS-2 registers are reported.
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
    try {
      found.push({ entry: JSON.parse(file.content!), where });
    } catch {
      problems.push(`The ${where} does not hold JSON.`);
    }
  }
  return found;
}
