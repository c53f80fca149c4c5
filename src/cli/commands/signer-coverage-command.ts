import path from 'node:path';
import type { Command } from 'commander';
import { ErrorCode, exitCodeOf } from '../../errors/index.js';
import { configuredJournalDirs } from '../../config/configured-journal-dir.js';
import { verifySignerCoverage } from '../../signer/coverage/signer-coverage.js';
import { withError } from '../cli-error.js';
import type { CommandContext } from '../command-context.js';
import { configuredMirror } from '../configured-mirror.js';
import { ExitCode } from '../exit-codes.js';
import { UsageError } from '../usage-error.js';

const DAY_MS = 86_400_000;

/**
 * `agent-hooks audit verify --account <id>`: the account's transactions on the ledger over a period
 * that no policy signer decision covers. With the key only in the signer, there should be none; one
 * listed means the key signed somewhere else.
 */
export async function verifyAccount(ctx: CommandContext, command: Command, options: { account: string; from?: string; to?: string; journal: string; mirror?: string }): Promise<ExitCode> {
  if (!/^\d+\.\d+\.\d+$/.test(options.account)) throw new UsageError(`--account must be an account ID like 0.0.1234, got "${options.account}"`);
  const to = dateOf(options.to, '--to') ?? new Date();
  const from = dateOf(options.from, '--from') ?? new Date(to.getTime() - DAY_MS);
  if (from >= to) throw new UsageError(`--from (${from.toISOString()}) must be before --to (${to.toISOString()})`);
  const loaded = await ctx.loadConfig();
  const mirrorUrl = options.mirror ?? configuredMirror(ctx, loaded, 'audit verify --account');
  const typed = command.getOptionValueSource('journal') !== 'default';
  const journalDir = typed ? path.resolve(ctx.io.cwd, options.journal) : (configuredJournalDirs(loaded.config, loaded.baseDir)[0] ?? path.resolve(loaded.baseDir, options.journal));
  ctx.output.note(`reading ${options.account}'s transactions from ${mirrorUrl} and the signer decisions in ${journalDir} …`);
  const report = await ctx.progress(`reading ${options.account}'s transactions from the mirror`, verifySignerCoverage({ mirrorUrl, account: options.account, journalDir, from, to }));
  const exitCode = report.uncovered.length === 0 ? ExitCode.OK : exitCodeOf(ErrorCode.AUDIT_MISMATCH);
  ctx.output.document(withError(report, exitCode, { code: ErrorCode.AUDIT_MISMATCH, message: `${report.uncovered.length} transaction(s) of ${report.account} have no signer decision`, problems: report.uncovered.map((t) => t.transactionId) }));
  ctx.output.line(`account ${report.account}, ${report.from} to ${report.to}: ${report.checked} transactions needed its key, ${report.signedDecisions} signer decisions signed`);
  if (report.uncovered.length === 0) ctx.output.line('verified: every transaction of the account in the period has a signer decision.');
  for (const transaction of report.uncovered) ctx.output.line(`  NO SIGNER DECISION ${transaction.transactionId} (${transaction.name}, ${transaction.result}, at ${transaction.consensusTimestamp}): the key signed it somewhere else`);
  return exitCode;
}

function dateOf(text: string | undefined, option: string): Date | undefined {
  if (text === undefined) return undefined;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new UsageError(`${option} must be a time in ISO 8601, such as 2026-01-31T12:00:00Z; got "${text}"`);
  return date;
}
