import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TopicCreateTransaction } from '@hiero-ledger/sdk';
import { isCallEntry, isScheduleOutcomeEntry, type AnyAuditEntry, verifyAuditTopic } from '../../audit/index.js';
import { startDevnet } from '../../devnet/index.js';
import { HcsAuditTrailHook } from '../../hooks/hcs-audit-trail-hook.js';
import { createAgentKit } from '../../kit/create-agent-kit.js';
import { ErrorCode } from '../../errors/index.js';
import type { ToolResult } from '../../lifecycle/tool-result.js';
import { MaxRecipientsPolicy } from '../../policies/max-recipients-policy.js';
import { RejectToolPolicy } from '../../policies/reject-tool-policy.js';
import { DEMO_MAX_RECIPIENTS, DEMO_REJECTED_TOOLS, DEMO_SCRIPT, type DemoAccounts, type DemoStep } from './demo-script.js';
import { readAuditTrail } from './read-audit-trail.js';

/** One scripted call and what became of it. */
export interface DemoCall {
  step: DemoStep;
  params: Record<string, unknown>;
  result: ToolResult;
  /**
   * In the audit trail's words: `executed` once the ledger recorded the transaction, whatever its
   * status (see `status`); `blocked` by a policy; `failed` before anything reached the ledger.
   */
  outcome: 'executed' | 'blocked' | 'failed';
  /** The ledger status of an executed call: SUCCESS, or the failure the receipt carries. */
  status?: string;
}

/** What the audit trail check found. */
export interface DemoAuditCheck {
  topicId: string;
  messages: number;
  entries: AnyAuditEntry[];
  /** Empty when every call is on the topic exactly once, with its outcome, and nothing else is. */
  problems: string[];
}

export interface DemoReport {
  accounts: DemoAccounts & { operator: string };
  policies: string[];
  calls: DemoCall[];
  audit: DemoAuditCheck;
  /** True when every call ended as scripted and the audit trail checks out. */
  ok: boolean;
}

export interface DemoProgress {
  setup?(what: string): void;
  call?(call: DemoCall, index: number): void;
}

/**
 * The guarded demo: a fresh embedded devnet, an audit topic, the core plugins with a small policy
 * set, a scripted agent session, then the audit trail read back from the mirror and checked against
 * what happened. Needs no network access and no environment variables.
 *
 * @example
 * const report = await runDemo({ call: (call) => console.log(call.step.request, call.outcome) });
 */
export async function runDemo(progress: DemoProgress = {}): Promise<DemoReport> {
  const journalDir = mkdtempSync(path.join(tmpdir(), 'agent-hooks-demo-'));
  const devnet = await startDevnet();
  try {
    const client = devnet.client();
    progress.setup?.(`devnet up: gRPC ${devnet.grpcAddress}, mirror ${devnet.mirrorUrl}, operator ${devnet.operatorId}`);
    const topicReceipt = await (await new TopicCreateTransaction().setTopicMemo('agent-hooks demo audit trail').execute(client)).getReceipt(client);
    const topicId = topicReceipt.topicId!.toString();
    progress.setup?.(`audit topic ${topicId} created`);
    const [alice, bob, carol] = await Promise.all([1, 2, 3].map(() => devnet.createAccount({ hbar: 10 })));
    const accounts = { alice: alice!.accountId, bob: bob!.accountId, carol: carol!.accountId };
    progress.setup?.(`accounts: Alice ${accounts.alice}, Bob ${accounts.bob}, Carol ${accounts.carol}`);

    const policies = [new MaxRecipientsPolicy(DEMO_MAX_RECIPIENTS), new RejectToolPolicy(DEMO_REJECTED_TOOLS)];
    const audit = new HcsAuditTrailHook(['*'], topicId, undefined, { journalDir });
    const kit = await createAgentKit({
      client,
      context: { accountId: devnet.operatorId, sessionId: 'agent-hooks-demo' },
      hooks: [audit, ...policies],
      mirrorNodeUrl: devnet.mirrorUrl,
      secretKeys: [devnet.operatorKey],
    });
    const policyNames = [`MaxRecipientsPolicy(${DEMO_MAX_RECIPIENTS})`, `RejectToolPolicy(${DEMO_REJECTED_TOOLS.join(', ')})`];
    progress.setup?.(`kit ready: ${kit.listTools().length} tools, policies ${policyNames.join(' and ')}, audit hook on every tool`);

    const calls: DemoCall[] = [];
    try {
      for (const step of DEMO_SCRIPT) {
        const params = step.params(accounts);
        const result = await kit.execute(step.tool, params);
        const call: DemoCall = { step, params, result, ...outcomeOf(result) };
        calls.push(call);
        progress.call?.(call, calls.length);
      }
      await kit.audit.flush();
    } finally {
      await kit.close();
    }
    const trail = await readAuditTrail(devnet.mirrorUrl, topicId);
    // Two checks: the calls against what the topic says, and the topic against the hook's journal.
    const verified = await verifyAuditTopic({ mirrorUrl: devnet.mirrorUrl, topicId, journalDir });
    const problems = [...trail.problems, ...compareTrail(calls, trail.entries), ...verified.problems];
    const ok = problems.length === 0 && calls.every(asScripted);
    return {
      accounts: { ...accounts, operator: devnet.operatorId },
      policies: policyNames,
      calls,
      audit: { topicId, messages: trail.messages, entries: trail.entries, problems },
      ok,
    };
  } finally {
    await devnet.stop();
    rmSync(journalDir, { recursive: true, force: true });
  }
}

/** A call ended as its step says: the same outcome and, for an executed one, the same ledger status. */
export function asScripted(call: DemoCall): boolean {
  return call.outcome === call.step.expected && (call.outcome !== 'executed' || call.status === (call.step.expectedStatus ?? 'SUCCESS'));
}

/**
 * The same classification as the audit hook's entries, so the printed call and its audit line say
 * the same thing: a submitted transaction the ledger refused was executed, with a failure status.
 */
function outcomeOf(result: ToolResult): Pick<DemoCall, 'outcome' | 'status'> {
  const { raw } = result;
  if (raw.status === 'SUCCESS') return { outcome: 'executed', status: typeof raw.receiptStatus === 'string' ? raw.receiptStatus : 'SUCCESS' };
  if (raw.errorCode === ErrorCode.POLICY_BLOCKED) return { outcome: 'blocked' };
  if (raw.status === 'ERROR' && raw.submitted === true && raw.transactionId) return { outcome: 'executed', status: raw.errorCode ?? 'ERROR' };
  return { outcome: 'failed' };
}

/**
 * Every call appears exactly once, in order, with its outcome: an executed one with its transaction
 * ID, a blocked one naming the policy, a failed one with its error. Anything more is reported too.
 */
function compareTrail(calls: readonly DemoCall[], entries: readonly AnyAuditEntry[]): string[] {
  const problems: string[] = [];
  if (entries.length !== calls.length) problems.push(`expected ${calls.length} audit entries (one per call), found ${entries.length}`);
  entries.forEach((entry, at) => {
    if (entry.seq !== at + 1) problems.push(`entry ${at + 1} has seq ${entry.seq}; entries must be numbered 1, 2, 3, … without gaps`);
  });
  calls.forEach((call, at) => {
    const entry = entries[at];
    const label = `call ${at + 1} (${call.step.tool})`;
    if (!entry) return void problems.push(`${label} has no audit entry`);
    // The demo schedules nothing, so a schedule outcome here is something else's entry.
    if (isScheduleOutcomeEntry(entry)) return void problems.push(`${label}: entry ${at + 1} is the outcome of schedule ${entry.scheduleId}, not a call`);
    if (!isCallEntry(entry)) return void problems.push(`${label}: entry ${at + 1} is a ${entry.kind} entry, not a call`);
    if (entry.tool !== call.step.tool) problems.push(`${label}: entry ${at + 1} is for ${entry.tool}`);
    if (entry.outcome !== call.outcome) problems.push(`${label}: entry says "${entry.outcome}", the call was ${call.outcome}`);
    if (call.status && entry.status !== call.status) problems.push(`${label}: entry has status ${entry.status ?? '(none)'}, the call had ${call.status}`);
    if (call.result.raw.transactionId && entry.transactionId !== call.result.raw.transactionId) {
      problems.push(`${label}: entry has transaction ${entry.transactionId ?? '(none)'}, the call had ${call.result.raw.transactionId}`);
    }
    const policy = call.result.raw.blockedBy?.policy;
    if (policy && entry.blockedBy?.policy !== policy) problems.push(`${label}: entry does not name the blocking policy ${policy}`);
  });
  return problems;
}
