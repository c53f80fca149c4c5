import type { ReplayReport, ReplayRow } from './replay-run.js';
import { escapeInvisible, oneLine } from '../../policies/approvers/approver.js';
import type { Verdict } from './replay-verdicts.js';

/**
 * The report for people: one line per entry in replay order, a `CHANGED` marker where the replayed
 * verdict differs from the live one, then the totals, the limits and what could not be read.
 *
 * @example
 * //   3  2026-12-02T03:40:01.120Z  transfer_hbar_tool  live: blocked by SpendLimitPolicy  now: allow  CHANGED
 */
export function replayText(report: ReplayReport): string[] {
  const lines = [`replaying ${report.source} with ${report.config}, for account ${report.accountId}; nothing is submitted`];
  for (const row of report.entries) lines.push(rowText(row));
  const t = report.totals;
  lines.push('');
  lines.push(`calls: ${t.calls} (${t.replayed} replayed, ${t.notReplayable} not replayable); other entries: ${t.notCalls} (not calls)`);
  lines.push(`would allow ${t.wouldAllow}, block ${t.wouldBlock}${byPolicy(t.blockedBy)}, hold for approval ${t.wouldHold}${byPolicy(t.heldBy)}, fail before the policies finished ${t.wouldFail}`);
  const reporters = Object.entries(t.reportedBy).map(([policy, n]) => `${policy} ${n}`);
  if (reporters.length) lines.push(`would have blocked in report mode (the calls went on): ${reporters.join(', ')}`);
  lines.push(`changed from live: ${t.changed} of ${t.replayed}`);
  for (const warning of report.warnings) lines.push(`note: ${warning}`);
  for (const problem of report.problems) lines.push(`PROBLEM reading the trail: ${problem}`);
  // Tools, policies, statuses and reasons come from the trail, which anyone who can write to the
  // topic wrote: every line is escaped (control, format and bidi characters), so none can forge or
  // restyle the report.
  return lines.map(escapeInvisible);
}

function rowText(row: ReplayRow): string {
  const head = `${String(row.n).padStart(3)}  ${row.at ?? '(no time)'}  ${row.tool ?? '(no tool)'}${principalText(row.principal)}`;
  if (!row.replayed) return `${head}  not replayed: ${row.reason}`;
  const live = row.live!;
  const at = live.verdict === 'fail' && live.stage ? ` at ${live.stage}` : '';
  const liveText = `live: ${live.outcome}${live.status && live.outcome !== 'blocked' ? ` ${live.status}` : ''}${live.policy ? ` by ${live.policy}` : ''}${at}`;
  return `${head}  ${liveText}${reportedText(live)}  now: ${verdictText(row.replay!)}${reportedText(row.replay!)}${row.changed ? '  CHANGED' : ''}`;
}

function verdictText(verdict: Verdict): string {
  const reason = verdict.reason ? `: ${oneLine(verdict.reason, REASON_CHARS)}` : '';
  if (verdict.verdict === 'allow') return 'allow';
  if (verdict.verdict === 'block') return `block by ${verdict.policy ?? '(unnamed)'} at ${verdict.stage ?? '?'}${reason}`;
  if (verdict.verdict === 'hold') return `hold for approval by ${verdict.policy ?? '(unnamed)'} at ${verdict.stage ?? '?'}${reason}`;
  return `fail at ${verdict.stage ?? 'an unknown step'} (not a policy; the policies after it were not judged)${reason}`;
}

/** The would-blocks of report-mode policies, after the verdict they did not change. */
function reportedText(verdict: Verdict): string {
  if (!verdict.reported?.length) return '';
  return `, reported by ${verdict.reported.map((each) => `${each.policy} at ${each.stage}${each.reason ? ` (${oneLine(each.reason, REASON_CHARS)})` : ''}`).join('; ')}`;
}

function byPolicy(counts: Record<string, number>): string {
  const parts = Object.entries(counts).map(([policy, n]) => `${policy} ${n}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** A reason's length in a row: the rest is in --json. */
const REASON_CHARS = 200;

/** ` for user "alice", session "s-42"`: whose call it was, the names quoted (they are the application's text). */
function principalText(principal: ReplayRow['principal']): string {
  if (!principal) return '';
  const names = [['user', principal.userId], ['session', principal.sessionId], ['tenant', principal.tenantId]].filter((pair): pair is [string, string] => typeof pair[1] === 'string');
  return names.length ? ` for ${names.map(([noun, name]) => `${noun} ${escapeInvisible(JSON.stringify(name))}`).join(', ')}` : '';
}
