import { streamGaps, type FoundEntry } from '../readers/index.js';
import { approvalQuorumCheck } from './approval-quorum-check.js';
import { gapProblem, matchesSchema } from './stream-checks.js';

/**
 * The checks a topic's entries pass on their own, when no journal is there to compare them with (a
 * verifier on another machine reads only the ledger): each entry valid under the schema, no seq
 * missing between a stream's batches, every signed approval decision verifying and every approved
 * call having its quorum before it (approval-quorum-check.ts). Returns the valid entries, the only
 * ones a caller may rely on, and every problem in plain words; nothing is dropped silently.
 *
 * @example
 * const { valid, problems } = checkTopicAlone((await readAuditTopic(mirrorUrl, topicId)).found);
 */
export function checkTopicAlone(found: readonly FoundEntry[]): { valid: FoundEntry[]; problems: string[] } {
  const problems: string[] = [];
  const valid = found.filter((item) => matchesSchema(item.entry, item.where, problems));
  for (const gap of streamGaps(found)) {
    const problem = gapProblem(gap, undefined);
    if (problem) problems.push(problem);
  }
  problems.push(...approvalQuorumCheck(found).problems);
  return { valid, problems };
}
