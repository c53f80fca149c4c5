import { entryOutcome, isOversightEntry, isScheduleOutcomeEntry, type AnyAuditEntry, type AuditEntry } from '../audit/index.js';
import type { ExplorerLinks } from './explorer-links.js';
import { plainRedacted } from './safe-json.js';
import { decimalParts, scaledDigits } from '../params/decimal-amount.js';

/** One call as the console lists it. `tool`, `memo`, `params`, `blockedBy.reason` and `error` are agent-controlled text. */
export interface CallView {
  id: string;
  /** Which journal (process) wrote it, e.g. `hcs-0.0.1234.stream-2.jsonl`, or `topic` when read from the mirror. */
  source: string;
  seq: number;
  timestamp: string;
  tool: string;
  session: string;
  /** For whom the call ran (`principal` on its entry, or on its approval request): application-set text. */
  principal?: { userId?: string; sessionId?: string; tenantId?: string };
  outcome: string;
  status?: string;
  transactionId?: string;
  transactionLink?: string;
  scheduleId?: string;
  blockedBy?: { policy: string; stage: string; reason?: string };
  /** Policies in report mode that would have blocked the call, which went on (`wouldBlock` on its entry). */
  wouldBlock?: NonNullable<AuditEntry['wouldBlock']>;
  error?: string;
  memo?: string;
  /** HBAR credited by the call's transfers, in tinybars, for the spend chart. */
  hbarTinybars?: string;
  params: unknown;
  /** On the topic (the journal recorded its delivery, or it was read from the topic), or only journaled so far. */
  delivered: boolean;
  /** A call that needed approval: its request and where it stands, told in this one row (approval-story.ts). */
  approval?: ApprovalStoryView;
}

/**
 * Where a call that needed approval stands. `state` is the request's (`pending`, `approved`,
 * `denied`, `expired`, `abandoned`); the row's `outcome` is the call's once it ran, else the state.
 */
export interface ApprovalStoryView {
  requestId: string;
  state: 'pending' | 'approved' | 'denied' | 'expired' | 'abandoned';
  /** Distinct approvers who approved, and how many are needed. */
  approvals: number;
  required: number;
  /** The call returned PENDING_APPROVAL and is sent only when its agent resumes the request. */
  deferred: boolean;
  decisions: readonly { by: string; decision: 'approve' | 'deny'; at: string; via?: string }[];
  /** The policy that asked. */
  policy?: string;
  /** A request the ledger approved: its schedule's outcome. */
  schedule?: string;
  /** What happens next, in a sentence; absent once the call ran. */
  next?: string;
}

/** The view of one audit entry; links from the network's explorer. */
export function callView(entry: AnyAuditEntry, source: string, delivered: boolean, links: ExplorerLinks): CallView {
  // A pause, an unpause or an approval decision is listed as what it is (its kind), beside the calls.
  if (isOversightEntry(entry)) {
    const principal = (entry as { principal?: CallView['principal'] }).principal;
    return { id: entry.id, source, seq: entry.seq, timestamp: entry.timestamp, tool: entry.tool, session: entry.session, ...(principal ? { principal: { ...principal } } : {}), outcome: entryOutcome(entry), params: null, delivered };
  }
  const transactionId = isScheduleOutcomeEntry(entry) ? entry.scheduledTransactionId : entry.transactionId;
  const params = isScheduleOutcomeEntry(entry) ? undefined : entry.params;
  const memo = memoOf(params);
  const hbar = isScheduleOutcomeEntry(entry) ? undefined : entry.paramsKind === 'input' ? hbarCreditedByInput(entry.tool, params) : hbarCredited(params);
  const link = transactionId ? links.transaction(transactionId) : undefined;
  return {
    id: entry.id,
    source,
    seq: entry.seq,
    timestamp: entry.timestamp,
    tool: entry.tool,
    session: entry.session,
    ...(!isScheduleOutcomeEntry(entry) && entry.principal ? { principal: { ...entry.principal } } : {}),
    outcome: entry.outcome,
    ...(entry.status ? { status: entry.status } : {}),
    ...(transactionId ? { transactionId } : {}),
    ...(link ? { transactionLink: link } : {}),
    ...(entry.scheduleId ? { scheduleId: entry.scheduleId } : {}),
    ...(!isScheduleOutcomeEntry(entry) && entry.blockedBy ? { blockedBy: entry.blockedBy } : {}),
    ...(!isScheduleOutcomeEntry(entry) && entry.wouldBlock?.length ? { wouldBlock: entry.wouldBlock } : {}),
    ...(entry.error ? { error: entry.error.message } : {}),
    ...(memo === undefined ? {} : { memo }),
    ...(hbar === undefined ? {} : { hbarTinybars: hbar.toString() }),
    params: plainRedacted(params ?? null),
    delivered,
  };
}

/** The memo a tool's params carry, under the names the core tools use. */
function memoOf(params: unknown): string | undefined {
  if (params === null || typeof params !== 'object') return undefined;
  for (const key of ['memo', 'transactionMemo', 'topicMemo', 'tokenMemo', 'accountMemo']) {
    const value = (params as Record<string, unknown>)[key];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

const HBAR_UNITS: Record<string, bigint> = { 'tℏ': 1n, 'μℏ': 100n, 'mℏ': 100_000n, 'ℏ': 100_000_000n, 'kℏ': 100_000_000_000n, 'Mℏ': 100_000_000_000_000n, 'Gℏ': 100_000_000_000_000_000n };

/** The HBAR credited in `hbarTransfers` (as the journal writes amounts: `5 tℏ`, `1.5 ℏ`), in tinybars; undefined when there are none. */
export function hbarCredited(params: unknown): bigint | undefined {
  const transfers = params !== null && typeof params === 'object' ? (params as { hbarTransfers?: unknown }).hbarTransfers : undefined;
  if (!Array.isArray(transfers)) return undefined;
  let total = 0n;
  for (const transfer of transfers) {
    const amount = tinybarsOf((transfer as { amount?: unknown } | null)?.amount);
    if (amount !== undefined && amount > 0n) total += amount;
  }
  return total;
}

/**
 * The HBAR an entry that holds the agent's input (`paramsKind: "input"`) credits, in tinybars: for
 * transfer_hbar_tool, its `transfers` (amounts in HBAR, each credited to its account); undefined for
 * other tools and for amounts that are not plain decimals of at most 8 places (what the tool accepts).
 */
export function hbarCreditedByInput(tool: string, params: unknown): bigint | undefined {
  if (tool !== 'transfer_hbar_tool') return undefined;
  const transfers = params !== null && typeof params === 'object' ? (params as { transfers?: unknown }).transfers : undefined;
  if (!Array.isArray(transfers)) return undefined;
  let total = 0n;
  for (const transfer of transfers) {
    const parts = decimalParts((transfer as { amount?: unknown } | null)?.amount);
    if (parts === undefined || parts.fraction.length > 8) return undefined;
    total += BigInt(scaledDigits(parts, 8));
  }
  return total;
}

function tinybarsOf(text: unknown): bigint | undefined {
  if (typeof text === 'number') return Number.isSafeInteger(text) ? BigInt(text) : undefined;
  if (typeof text !== 'string') return undefined;
  const match = /^(-?)(\d+)(?:\.(\d+))? ?(tℏ|μℏ|mℏ|ℏ|kℏ|Mℏ|Gℏ)$/.exec(text.trim());
  if (!match) return undefined;
  const unit = HBAR_UNITS[match[4]!]!;
  const digits = unit.toString().length - 1;
  const fraction = (match[3] ?? '').slice(0, digits).padEnd(digits, '0');
  const value = BigInt(match[2]!) * unit + (digits ? BigInt(fraction || '0') : 0n);
  return match[1] ? -value : value;
}
