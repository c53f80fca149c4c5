import { isCallEntry, type AnyAuditEntry, type AuditEntry } from '../../audit/index.js';
import type { LoadedConfig } from '../../config/load-config.js';
import { messageOf } from '../../errors/index.js';
import { UsageError } from '../usage-error.js';
import type { Logger } from '../../lifecycle/logger.js';
import { principalOf } from '../../lifecycle/call-options.js';
import { REPORTED_BLOCK_MESSAGE } from '../../lifecycle/tool-call.js';
import { ReplayApprovals } from './replay-approvals.js';
import { replayKit } from './replay-kit.js';
import { replayClock, replayPolicies } from './replay-policies.js';
import type { RecordedEntry, RecordedTrail } from './replay-sources.js';
import { alteredInput, liveVerdict, replayedVerdict, verdictsDiffer, type Reported, type Verdict } from './replay-verdicts.js';

/** One entry of the trail in the report, in replay order. */
export interface ReplayRow {
  /** 1, 2, 3, … in replay order. */
  n: number;
  /** When the entry was recorded (ISO-8601); the replayed policies judged the call at this time. */
  at?: string;
  tool?: string;
  /** For whom the call ran (its entry's `principal`): replayed as them, so per-user budgets count as they did live. */
  principal?: { userId?: string; sessionId?: string; tenantId?: string };
  entryId?: string;
  seq?: number;
  /** The journal file or topic (and stream) the entry was read from. */
  source: string;
  /** `call`, or the kind of a non-call entry (`scheduleOutcome`, `approvalRequest`, `pause`, …). */
  kind: string;
  replayed: boolean;
  /** Replayed calls: what the live policies did, with the entry's outcome and ledger status. */
  live?: Verdict & { outcome: string; status?: string };
  /** Replayed calls: what this configuration's policies would do. */
  replay?: Verdict;
  /** Replayed calls: whether `replay` differs from `live` (another verdict, or another policy blocking). */
  changed?: boolean;
  /** Entries not replayed: why, in plain words. */
  reason?: string;
}

export interface ReplayTotals {
  /** Entries read from the source. */
  entries: number;
  /** Call entries among them. */
  calls: number;
  replayed: number;
  wouldAllow: number;
  wouldBlock: number;
  wouldHold: number;
  /** Replayed calls a step other than a policy stopped (see Verdict `fail`). */
  wouldFail: number;
  /** Replayed calls blocked, by policy name. */
  blockedBy: Record<string, number>;
  /** Replayed calls held for approval, by policy name. */
  heldBy: Record<string, number>;
  /** Replayed calls a policy in report mode would have blocked, by policy name (the calls went on). */
  reportedBy: Record<string, number>;
  /** Replayed calls whose verdict differs from the live one. */
  changed: number;
  /** Call entries that could not be replayed (each row says why). */
  notReplayable: number;
  /** Entries that are not calls (schedule outcomes, oversight events): listed, not replayed. */
  notCalls: number;
}

/** The one document `policy replay --json` prints. */
export interface ReplayReport {
  source: string;
  config: string;
  /** The account the calls were replayed for (their default payer and source account). */
  accountId: string;
  /** Always 0: the replay kit cannot submit (RETURN_BYTES mode, a client pointed at nowhere, no operator). */
  submitted: 0;
  totals: ReplayTotals;
  entries: ReplayRow[];
  /** Limits of this replay: policies judged partly at the time of the replay, or with state it could not rebuild. */
  warnings: string[];
  /** What could not be read from the source (damaged journal segments, unreadable topic messages). */
  problems: string[];
}

export interface ReplayOptions {
  /** `--account`: overrides the configuration's accountId and the account the trail's sessions name. */
  accountId?: string;
  /** The mirror the replayed tools and policies read (token decimals, allowances), as the live ones did; none on the embedded devnet. */
  mirrorNodeUrl?: string;
  logger: Logger;
}

const ACCOUNT_ID = /^\d+\.\d+\.\d+$/;

/**
 * Runs every recorded call of `trail` through the configuration's policies again, one after the
 * other in replay order, each judged at its recorded time, in a kit that cannot send (replay-kit.ts)
 * with state of its own (replay-policies.ts). A call the replayed policies allow is counted by them
 * (a budget spends it) even when live it was blocked: the report says what this set of policies
 * would have done with the same sequence of calls, not what the live set did. A call that went on
 * live under an approval is approved again (replay-approvals.ts), so it is counted too.
 */
export async function replayTrail(loaded: LoadedConfig, trail: RecordedTrail, options: ReplayOptions): Promise<ReplayReport> {
  const accountId = replayAccount(loaded, trail, options.accountId);
  const clock = replayClock();
  const approvals = new ReplayApprovals();
  const { policies, warnings } = replayPolicies(loaded, clock, approvals);
  // Calls run one at a time, so every report-mode would-block logged meanwhile is the current call's.
  const reported: Reported[] = [];
  const logger: Logger = {
    debug: (fields, message) => options.logger.debug(fields, message),
    error: (fields, message) => options.logger.error(fields, message),
    warn: (fields, message) => {
      if (message === REPORTED_BLOCK_MESSAGE && typeof fields.policy === 'string' && typeof fields.stage === 'string') {
        reported.push({ policy: fields.policy, stage: fields.stage, ...(typeof fields.reason === 'string' ? { reason: fields.reason } : {}) });
      } else options.logger.warn(fields, message);
    },
  };
  const { kit, close } = await replayKit(loaded, policies, accountId, logger, options.mirrorNodeUrl);
  const rows: ReplayRow[] = [];
  try {
    const tools = new Set(kit.listTools().map((tool) => tool.method));
    for (const [index, recorded] of trail.entries.entries()) {
      const row = rowOf(index + 1, recorded);
      rows.push(row);
      const why = notReplayable(recorded, tools);
      if (why) {
        row.reason = why;
        continue;
      }
      const entry = recorded.entry as AuditEntry;
      clock.at = Date.parse(entry.timestamp);
      const live = { ...liveVerdict(entry), outcome: entry.outcome, ...(entry.status ? { status: entry.status } : {}) };
      let replay: Verdict;
      reported.length = 0;
      approvals.begin(entry);
      try {
        // As whom it ran live: `per: 'context.sessionId'` budgets, rates and intents count per principal again.
        const principal = principalOf(entry.principal);
        replay = replayedVerdict(await kit.execute(entry.tool, inputOf(entry), principal ? { context: { ...principal } } : undefined), reported);
      } catch (error) {
        replay = { verdict: 'fail', reason: messageOf(error) };
      }
      replay = approvals.end(replay);
      Object.assign(row, { replayed: true, live, replay, changed: verdictsDiffer(live, replay) });
    }
  } finally {
    await close();
  }
  const totals = totalsOf(rows);
  // Skipped calls are gaps in the sequence the budgets and counters see: said, so a later difference is not misread.
  if (totals.notReplayable > 0) {
    warnings.push(`${totals.notReplayable} call${totals.notReplayable === 1 ? ' was' : 's were'} not replayed, so no policy counted ${totals.notReplayable === 1 ? 'it' : 'them'}: budgets, rates and repeats after ${totals.notReplayable === 1 ? 'it' : 'them'} are judged without what ${totals.notReplayable === 1 ? 'it' : 'they'} spent live`);
  }
  return { source: trail.description, config: loaded.source, accountId, submitted: 0, totals, entries: rows, warnings, problems: trail.problems };
}

function rowOf(n: number, recorded: RecordedEntry): ReplayRow {
  const entry = recorded.entry as Partial<AuditEntry> & { kind?: unknown };
  return {
    n,
    ...(typeof entry.timestamp === 'string' ? { at: entry.timestamp } : {}),
    ...(typeof entry.tool === 'string' ? { tool: entry.tool } : {}),
    ...(principalOf(entry.principal) ? { principal: { ...principalOf(entry.principal) } } : {}),
    ...(typeof entry.id === 'string' ? { entryId: entry.id } : {}),
    ...(typeof entry.seq === 'number' ? { seq: entry.seq } : {}),
    source: recorded.source,
    kind: typeof entry.kind === 'string' ? entry.kind : 'call',
    replayed: false,
  };
}

/** Why an entry is not replayed, or nothing when it is a call that can be. */
function notReplayable(recorded: RecordedEntry, tools: ReadonlySet<string>): string | undefined {
  if (recorded.problems.length) return `not a valid audit entry: ${recorded.problems.join('; ')}`;
  const entry = recorded.entry as AnyAuditEntry;
  if (!isCallEntry(entry)) return `not a call (a ${(entry as { kind: string }).kind} entry)`;
  if (entry.outcome === 'interrupted') return 'an interrupted call: its entry was written on restart from the intent, which holds no input';
  if (entry.paramsKind === 'normalised' && entry.input === undefined) return 'no input recorded: the entry holds only normalised params (written before call entries carried their input)';
  if (!tools.has(entry.tool)) return `the tool ${entry.tool} is not in this configuration's kit`;
  return alteredInput(inputOf(entry));
}

/** The input the agent sent: `params` (kinds `input` and `raw`), or an older entry's `input` beside its normalised params. */
function inputOf(entry: AuditEntry): unknown {
  if (entry.paramsKind === 'normalised') return entry.input;
  return entry.paramsKind === 'input' || entry.paramsKind === 'raw' ? entry.params : undefined;
}

/**
 * The account the calls were made for: `--account`, else the configuration's accountId, else the
 * account every call entry's session names (an audit hook's session is the agent's account unless
 * a sessionId was set). Nothing else is guessed (not HEDERA_OPERATOR_ID: the replaying operator
 * need not be the agent), since another account would be another call.
 */
function replayAccount(loaded: LoadedConfig, trail: RecordedTrail, given: string | undefined): string {
  if (given !== undefined) return given;
  if (loaded.config.accountId) return loaded.config.accountId;
  const sessions = new Set(trail.entries.filter((recorded) => !recorded.problems.length && isCallEntry(recorded.entry)).map((recorded) => (recorded.entry as AuditEntry).session));
  const accounts = [...sessions].filter((session) => ACCOUNT_ID.test(session));
  if (accounts.length === 1 && sessions.size === 1) return accounts[0]!;
  const named = sessions.size ? `; the trail's sessions (${[...sessions].slice(0, 5).join(', ')}${sessions.size > 5 ? ', …' : ''}) do not name one account` : '';
  throw new UsageError(`policy replay needs the account the calls were made for (tools default their payer and source account to it): pass --account <id>, or set "accountId" in the configuration${named}`);
}

function totalsOf(rows: readonly ReplayRow[]): ReplayTotals {
  const totals: ReplayTotals = { entries: rows.length, calls: 0, replayed: 0, wouldAllow: 0, wouldBlock: 0, wouldHold: 0, wouldFail: 0, blockedBy: {}, heldBy: {}, reportedBy: {}, changed: 0, notReplayable: 0, notCalls: 0 };
  for (const row of rows) {
    if (row.kind !== 'call') totals.notCalls++;
    else totals.calls++;
    if (!row.replayed) {
      if (row.kind === 'call') totals.notReplayable++;
      continue;
    }
    totals.replayed++;
    if (row.changed) totals.changed++;
    const { verdict, policy, reported: reporters = [] } = row.replay!;
    for (const name of new Set(reporters.map((each) => each.policy))) totals.reportedBy[name] = (totals.reportedBy[name] ?? 0) + 1;
    if (verdict === 'allow') totals.wouldAllow++;
    else if (verdict === 'block') {
      totals.wouldBlock++;
      totals.blockedBy[policy ?? '(unnamed)'] = (totals.blockedBy[policy ?? '(unnamed)'] ?? 0) + 1;
    } else if (verdict === 'hold') {
      totals.wouldHold++;
      totals.heldBy[policy ?? '(unnamed)'] = (totals.heldBy[policy ?? '(unnamed)'] ?? 0) + 1;
    } else totals.wouldFail++;
  }
  return totals;
}
