import type { AuditEntry } from '../../audit/index.js';
import type { ToolResult } from '../../lifecycle/tool-result.js';

/**
 * What a set of policies made of a call:
 * - `allow`: every policy let it through (live: it went on to the ledger, whatever the ledger said);
 * - `block`: a policy refused it;
 * - `hold`: an ApprovalPolicy held it for a human (live: whether or not it was approved later);
 * - `fail`: a step that is not a policy stopped it (e.g. invalid input) before every policy judged it.
 */
export type VerdictKind = 'allow' | 'block' | 'hold' | 'fail';

export interface Verdict {
  verdict: VerdictKind;
  /** `block` and `hold`: the policy. */
  policy?: string;
  /** The stage the policy judged at (`block`, `hold`) or the step that failed (`fail`). */
  stage?: string;
  /** The policy's reason, or the failure's message. */
  reason?: string;
  /** Policies in report mode that would have blocked the call (which went on), in the order they judged. */
  reported?: Reported[];
}

/** A report-mode policy's would-block, as on a call entry's `wouldBlock`. */
export interface Reported {
  policy: string;
  stage: string;
  reason?: string;
}

/** Steps after which every policy before submission had judged: a failure there was the ledger's or the network's, not a policy's. */
const AFTER_POLICIES = new Set(['secondaryAction', 'postToolExecution']);

/** The verdict the live policies reached, read from a call's entry, with the would-blocks of its report-mode policies. */
export function liveVerdict(entry: AuditEntry): Verdict {
  const verdict = liveDecision(entry);
  return entry.wouldBlock?.length ? { ...verdict, reported: entry.wouldBlock.map((each) => ({ ...each })) } : verdict;
}

function liveDecision(entry: AuditEntry): Verdict {
  if (entry.outcome === 'blocked' && entry.blockedBy) {
    const { policy, stage, reason } = entry.blockedBy;
    return { verdict: entry.approvalRequestId ? 'hold' : 'block', policy, stage, ...(reason ? { reason } : {}) };
  }
  // Executed after an approval: the policies held it; a person let it through.
  if (entry.approvalRequestId) return { verdict: 'hold', reason: `approval request ${entry.approvalRequestId}, approved` };
  if (entry.outcome === 'failed' && !AFTER_POLICIES.has(entry.stage)) return { verdict: 'fail', stage: entry.stage, ...(entry.error ? { reason: entry.error.message } : {}) };
  return { verdict: 'allow' };
}

/** The verdict of the replayed call, read from its result (RETURN_BYTES: nothing was submitted) and its report-mode would-blocks. */
export function replayedVerdict(result: ToolResult, reported: readonly Reported[] = []): Verdict {
  const verdict = replayedDecision(result);
  return reported.length ? { ...verdict, reported: [...reported] } : verdict;
}

function replayedDecision(result: ToolResult): Verdict {
  const raw = result.raw;
  if (raw.status === 'SUCCESS') return { verdict: 'allow' };
  const heldBy = raw.heldBy as { policy?: string; stage?: string; reason?: string } | undefined;
  if (raw.status === 'PENDING_APPROVAL' && heldBy) return { verdict: 'hold', ...pick(heldBy) };
  if (raw.blockedBy) return { verdict: 'block', ...pick(raw.blockedBy) };
  const stage = typeof raw.stage === 'string' ? raw.stage : undefined;
  return { verdict: 'fail', ...(stage ? { stage } : {}), reason: typeof raw.error === 'string' ? raw.error : `status ${raw.status}${raw.errorCode ? ` (${raw.errorCode})` : ''}` };
}

function pick(by: { policy?: string; stage?: string; reason?: string }): Omit<Verdict, 'verdict'> {
  return { ...(by.policy ? { policy: by.policy } : {}), ...(by.stage ? { stage: by.stage } : {}), ...(by.reason ? { reason: by.reason } : {}) };
}

/**
 * Whether two verdicts differ: another kind, another policy blocking or holding, or other policies in
 * report mode reporting it. Reasons may word the same verdict differently.
 */
export function verdictsDiffer(live: Verdict, replayed: Verdict): boolean {
  if (live.verdict !== replayed.verdict) return true;
  // A live entry cannot hold a postToolExecution would-block (it is written at that stage first), so those are not compared.
  const reporters = (verdict: Verdict): string => (verdict.reported ?? []).filter((each) => each.stage !== 'postToolExecution').map((each) => `${each.policy}@${each.stage}`).join('\n');
  if (reporters(live) !== reporters(replayed)) return true;
  if (live.verdict === 'block') return live.policy !== replayed.policy;
  return false;
}

/**
 * Why a recorded input is not what the agent sent, when it is not: the audit cut it to a sample or
 * redacted something that read as key material. Re-judging such an input would judge another call.
 */
export function alteredInput(input: unknown): string | undefined {
  const found = new Set<string>();
  const walk = (value: unknown, depth: number): void => {
    if (depth > 32) return;
    if (typeof value === 'string') {
      if (value === '[REDACTED]') found.add('a value that read as key material was redacted');
      else if (value === '[UNRENDERABLE]') found.add('a value could not be rendered');
      if (/…\[\d+ more (characters|items)\]$/.test(value)) found.add('it was cut to a sample (long strings or lists)');
      return;
    }
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((item) => walk(item, depth + 1));
    for (const [key, item] of Object.entries(value)) {
      if (key === '…' || /…\[\d+ more characters\]$/.test(key)) found.add('it was cut to a sample (long strings or lists)');
      walk(item, depth + 1);
    }
  };
  walk(input, 0);
  return found.size ? `the recorded input is not what the agent sent: ${[...found].join('; ')}` : undefined;
}
