import { ErrorCode, exitCodeOf } from '../../errors/index.js';
import path from 'node:path';
import type { Command } from 'commander';
import { DEFAULT_JOURNAL_DIR, verifyAuditTopic, type AuditVerifyReport } from '../../audit/index.js';
import { configuredJournalDir } from '../../config/configured-journal-dir.js';
import { withError } from '../cli-error.js';
import { configuredMirror } from '../configured-mirror.js';
import { ExitCode } from '../exit-codes.js';
import type { RunAction } from '../run-action.js';
import { UsageError } from '../usage-error.js';
import { verifyAccount } from './signer-coverage-command.js';

/** `agent-hooks audit verify --topic <id>`: reads an audit topic back and checks it against the journal. */
export function registerAuditCommand(program: Command, run: RunAction): void {
  const audit = program.command('audit').description('work with audit trails written by the audit hooks');
  audit
    .command('verify')
    .description("read an audit topic back from the mirror and check schema, order and completeness against the local journals, one per stream (process); or, with --account, name the account's transactions on the ledger that no policy signer decision covers")
    .option('--topic <id>', "the audit topic (HCS) or HOL session topic, e.g. 0.0.1234; with --account, the signer's audit topic its decisions are read from (default: the configured HcsAuditTrailHook's topic)")
    .option('--account <id>', "with a policy signer: list the account's transactions (from the mirror) that no signer decision on its audit topic covers, the sign its key was used elsewhere")
    .option('--from <time>', 'with --account: start of the period, ISO 8601 (default: 24 hours ago)')
    .option('--to <time>', 'with --account: end of the period, ISO 8601 (default: now)')
    .option('--journal <dir>', "the audit journal folder the hook wrote (default: the configured hook's journalDir for this topic, else .agent-hooks/audit in the config file's folder); with --account, read only when no topic is given or configured, or when typed", DEFAULT_JOURNAL_DIR)
    .option('--mirror <url>', "mirror REST base URL (default: the configured network's mirror)")
    .addHelpText('after', '\nExit codes: 0 the topic matches every journal of the folder, 4 a stream does not (problems listed), 1 the mirror could not be read, 2 usage (also: no journal for the topic in the folder).\nWith --account: 0 every transaction of the account has a signed decision, 4 one has none or the decisions could not all be read (each named).')
    .action((options: { topic?: string; account?: string; from?: string; to?: string; journal: string; mirror?: string }, command: Command) =>
      run(command, async (ctx) => {
        if (options.account !== undefined) return verifyAccount(ctx, command, { ...options, account: options.account });
        if (options.topic === undefined) throw new UsageError('give --topic <id> (check a topic against its journals) or --account <id> (find the account\'s transactions no signer decision covers, read from --topic or the configured audit topic)');
        if (options.from !== undefined || options.to !== undefined) throw new UsageError('--from and --to go with --account');
        const topic = options.topic!;
        if (!/^\d+\.\d+\.\d+$/.test(topic)) throw new UsageError(`--topic must be a topic ID like 0.0.1234, got "${options.topic}"`);
        const loaded = await ctx.loadConfig();
        const mirrorUrl = options.mirror ?? configuredMirror(ctx, loaded, 'audit verify');
        // A --journal typed here is relative to the working folder; the default is where the config
        // file's hook for this topic writes it (its journalDir, under the file's folder).
        const typed = command.getOptionValueSource('journal') !== 'default';
        const journalDir = typed
          ? path.resolve(ctx.io.cwd, options.journal)
          : (configuredJournalDir(loaded.config, loaded.baseDir, topic) ?? path.resolve(loaded.baseDir, options.journal));
        ctx.output.note(`reading topic ${options.topic} from ${mirrorUrl} and comparing it with the journal in ${journalDir} …`);
        // The mirror pages 100 messages at a time; on a long trail, say that work is still going on.
        const report = await ctx.progress(`reading topic ${options.topic} from the mirror`, verifyAuditTopic({ mirrorUrl, topicId: topic, journalDir }));
        // Without a journal nothing was compared: that is a wrong folder or topic, not a trail that differs.
        if (!report.journalFound) {
          throw new UsageError(`there is no audit journal for topic ${report.topicId} at ${report.journal}; pass --journal <dir>, the journalDir the hook used`);
        }
        const exitCode = report.ok ? ExitCode.OK : exitCodeOf(ErrorCode.AUDIT_MISMATCH);
        const problems = report.problems.length === 1 ? '1 problem' : `${report.problems.length} problems`;
        ctx.output.document(withError(report, exitCode, { code: ErrorCode.AUDIT_MISMATCH, message: `audit topic ${report.topicId} does not match its journal: ${problems}`, problems: report.problems }));
        const single = report.streams.length <= 1 && report.journals.length <= 1;
        const where = single ? `in the journal (${report.journal})` : `in ${report.journals.length} journals (${journalDir})`;
        ctx.output.line(`${report.kind.toUpperCase()} audit topic ${report.topicId}: ${report.entriesOnTopic} entries on the topic, ${report.entriesInJournal} ${where}`);
        // A fleet's folder: one line per stream, so the stream that fails is named.
        if (!single) for (const stream of report.streams) ctx.output.line(`  ${describeStream(stream)}`);
        const schedules = describeSchedules(report.schedules);
        if (schedules) ctx.output.line(schedules);
        const approvals = describeApprovals(report.approvals);
        if (approvals) ctx.output.line(approvals);
        if (report.ok) ctx.output.line(single ? 'verified: every journaled entry is on the topic exactly once, in order, and nothing else is.' : 'verified: every stream with a journal here is on the topic exactly once, in order, and nothing else is.');
        else for (const problem of report.problems) ctx.output.line(`  PROBLEM ${problem}`);
        return exitCode;
      }),
    );
}

/** e.g. `stream 5e53… (/srv/audit/hcs-0.0.1234.stream-2.jsonl): 12 on the topic, 12 journaled, verified`. */
function describeStream(stream: AuditVerifyReport['streams'][number]): string {
  const name = `stream ${stream.stream ?? '(none yet: nothing delivered)'}`;
  const verdict = stream.ok ? 'verified' : `${stream.problems.length === 1 ? '1 problem' : `${stream.problems.length} problems`}`;
  if (!stream.journal) return `${name} (no journal in this folder, so not compared): ${stream.entriesOnTopic} on the topic, ${stream.ok ? 'no gaps' : verdict}`;
  return `${name} (${stream.journal}): ${stream.entriesOnTopic} on the topic, ${stream.entriesInJournal} journaled, ${verdict}`;
}

/**
 * e.g. `approvals: 3 calls that needed approval checked (1 approved by the ledger: its schedule could
 * run only once the approvers' threshold keys signed), 2 signed decisions checked`; empty when none did.
 */
function describeApprovals(tally: AuditVerifyReport['approvals']): string {
  if (!tally.calls) return '';
  const ledger = tally.ledgerApproved ? ` (${tally.ledgerApproved} sent as ${tally.ledgerApproved === 1 ? 'a schedule' : 'schedules'} the ledger runs only once the approvers' threshold keys sign; ${tally.ledgerApproved === 1 ? 'its outcome entry says' : 'their outcome entries say'} whether it ran)` : '';
  return `approvals: ${tally.calls} call${tally.calls === 1 ? '' : 's'} that needed approval checked${ledger}, ${tally.signedDecisions} signed decision${tally.signedDecisions === 1 ? '' : 's'} checked`;
}

/** e.g. `schedules: 2 settled (1 scheduleExecuted, 1 scheduleDeleted), 1 waiting for its outcome`; empty when nothing was scheduled. */
function describeSchedules(tally: AuditVerifyReport['schedules']): string {
  const settled = Object.entries(tally.settled);
  const count = settled.reduce((sum, [, n]) => sum + (n ?? 0), 0);
  if (count === 0 && tally.pending === 0) return '';
  const kinds = settled.map(([outcome, n]) => `${n} ${outcome}`).join(', ');
  return `schedules: ${count} settled${kinds ? ` (${kinds})` : ''}, ${tally.pending} waiting for its outcome`;
}
