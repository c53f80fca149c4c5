import path from 'node:path';
import type { Command } from 'commander';
import { ErrorCode, exitCodeOf } from '../../errors/index.js';
import { configuredAuditTopics } from '../../config/configured-audit-topics.js';
import { configuredJournalDirs } from '../../config/configured-journal-dir.js';
import type { LoadedConfig } from '../../config/load-config.js';
import { verifySignerCoverage, type SignerCoverageReport } from '../../signer/coverage/signer-coverage.js';
import { withError } from '../cli-error.js';
import type { CommandContext } from '../command-context.js';
import { configuredMirror } from '../configured-mirror.js';
import { ExitCode } from '../exit-codes.js';
import { UsageError } from '../usage-error.js';

const DAY_MS = 86_400_000;

/** The options of `audit verify` that `--account` reads. */
export interface VerifyAccountOptions {
  account: string;
  topic?: string;
  from?: string;
  to?: string;
  journal: string;
  mirror?: string;
}

/**
 * `agent-hooks audit verify --account <id>`: the account's transactions on the ledger over a period
 * that no policy signer decision covers. With the key only in the signer, there should be none; one
 * listed means the key signed somewhere else. The decisions are read from the signer's audit topic
 * (`--topic`, else the configured HcsAuditTrailHook's): a verifier anywhere can read it, and nobody
 * on the signer's host can rewrite it. A journal folder is read only when no topic is given or
 * configured, or when `--journal` is typed.
 */
export async function verifyAccount(ctx: CommandContext, command: Command, options: VerifyAccountOptions): Promise<ExitCode> {
  if (!/^\d+\.\d+\.\d+$/.test(options.account)) throw new UsageError(`--account must be an account ID like 0.0.1234, got "${options.account}"`);
  const typedJournal = command.getOptionValueSource('journal') !== 'default';
  if (options.topic !== undefined) {
    if (!/^\d+\.\d+\.\d+$/.test(options.topic)) throw new UsageError(`--topic must be the signer's audit topic ID, like 0.0.1234, got "${options.topic}"`);
    if (typedJournal) throw new UsageError('--topic and --journal name two places to read the signer decisions from; give one (--topic, the trail on the ledger, unless you mean to check a journal)');
  }
  const to = dateOf(options.to, '--to') ?? new Date();
  const from = dateOf(options.from, '--from') ?? new Date(to.getTime() - DAY_MS);
  if (from >= to) throw new UsageError(`--from (${from.toISOString()}) must be before --to (${to.toISOString()})`);
  const loaded = await ctx.loadConfig();
  const mirrorUrl = options.mirror ?? configuredMirror(ctx, loaded, 'audit verify --account');
  const topicId = options.topic ?? (typedJournal ? undefined : configuredTopic(loaded));
  const journalDir = topicId !== undefined ? undefined : typedJournal ? path.resolve(ctx.io.cwd, options.journal) : (configuredJournalDirs(loaded.config, loaded.baseDir)[0] ?? path.resolve(loaded.baseDir, options.journal));
  ctx.output.note(`reading ${options.account}'s transactions from ${mirrorUrl} and the signer decisions ${topicId !== undefined ? `from topic ${topicId}` : `in ${journalDir}`} …`);
  const decisions = topicId !== undefined ? { topicId } : { journalDir: journalDir! };
  const report = await ctx.progress(`reading ${options.account}'s transactions from the mirror`, verifySignerCoverage({ mirrorUrl, account: options.account, decisions, from, to }));
  const exitCode = report.ok ? ExitCode.OK : exitCodeOf(ErrorCode.AUDIT_MISMATCH);
  ctx.output.document(withError(report, exitCode, { code: ErrorCode.AUDIT_MISMATCH, message: failureMessage(report), problems: [...report.uncovered.map((t) => t.transactionId), ...report.problems] }));
  ctx.output.line(describeSource(report.source, typedJournal));
  ctx.output.line(`account ${report.account}, ${report.from} to ${report.to}: ${report.checked} transactions needed its key, ${report.signedDecisions} signer decisions signed`);
  if (report.auditDeliveries && report.source.kind === 'topic') ctx.output.line(`  ${report.auditDeliveries} of them the signer's own audit messages to topic ${report.source.topicId} (its decisions, delivered with the account's key), not leaks`);
  if (report.ok) ctx.output.line('verified: every transaction of the account in the period has a signer decision.');
  for (const transaction of report.uncovered) ctx.output.line(`  NO SIGNER DECISION ${transaction.transactionId} (${transaction.name}, ${transaction.result}, at ${transaction.consensusTimestamp}): the key signed it somewhere else`);
  for (const problem of report.problems) ctx.output.line(`  PROBLEM ${problem}`);
  return exitCode;
}

/**
 * The configuration's audit topic, where a signer started with it records its decisions; none when
 * it names no HcsAuditTrailHook. Several are ambiguous: which one the signer used is the operator's to say.
 */
function configuredTopic(loaded: LoadedConfig): string | undefined {
  const topics = configuredAuditTopics(loaded.config);
  if (topics.length > 1) throw new UsageError(`${loaded.source} names ${topics.length} audit topics (${topics.join(', ')}); pass --topic <id>, the one the signer's decisions go to`);
  return topics[0];
}

/** e.g. `signer decisions from topic 0.0.1234 (12 entries on the topic)`. */
function describeSource(source: SignerCoverageReport['source'], typedJournal: boolean): string {
  if (source.kind === 'journal') {
    const why = typedJournal ? '' : ': no --topic given and no audit topic configured; a journal on the signer host is what an attacker there could edit, so pass --topic <id> to read the trail on the ledger';
    return `signer decisions from the journal in ${source.journalDir}${why}`;
  }
  const kind = source.trail === 'hol' ? 'HOL session topic' : 'topic';
  const open = !source.submitKey
    ? '; note: the topic has no submit key, so anyone could have written a decision to it'
    : source.submitKeyIsAccountKey
      ? "; note: its submit key is the account's own key, so whoever holds the key can write decisions to it too"
      : '';
  return `signer decisions from ${kind} ${source.topicId} (${source.entriesOnTopic} entries on the topic${open})`;
}

function failureMessage(report: SignerCoverageReport): string {
  const parts: string[] = [];
  if (report.uncovered.length) parts.push(`${report.uncovered.length} transaction(s) of ${report.account} have no signer decision`);
  if (report.problems.length) parts.push(`${report.problems.length === 1 ? '1 problem' : `${report.problems.length} problems`} reading the signer decisions`);
  return parts.join('; ');
}

function dateOf(text: string | undefined, option: string): Date | undefined {
  if (text === undefined) return undefined;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new UsageError(`${option} must be a time in ISO 8601, such as 2026-01-31T12:00:00Z; got "${text}"`);
  return date;
}
