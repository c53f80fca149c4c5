import path from 'node:path';
import type { Command } from 'commander';
import { DEFAULT_JOURNAL_DIR } from '../../audit/index.js';
import { configuredJournalDirs } from '../../config/configured-journal-dir.js';
import { ErrorCode, exitCodeOf } from '../../errors/index.js';
import { withError } from '../cli-error.js';
import type { CommandContext } from '../command-context.js';
import { configuredMirrorOf, noMirrorMessage } from '../configured-mirror.js';
import { ExitCode } from '../exit-codes.js';
import { readJournalFolder, readTopic, type RecordedTrail } from '../replay/replay-sources.js';
import { replayTrail } from '../replay/replay-run.js';
import { replayText } from '../replay/replay-text.js';
import type { RunAction } from '../run-action.js';
import { UsageError } from '../usage-error.js';
import type { LoadedConfig } from '../../config/load-config.js';

interface ReplayOptions {
  journal?: string;
  topic?: string;
  mirror?: string;
  account?: string;
  failOnChange?: boolean;
}

/** `agent-hooks policy replay`: runs a configuration's policies over recorded calls, sending nothing. */
export function registerPolicyCommand(program: Command, run: RunAction): void {
  const policy = program.command('policy').description("work with a configuration's policies");
  policy
    .command('replay')
    .description(
      "run the configuration's policies over past calls (from a journal folder, or an audit topic through the mirror) and print, per call, what they would do and why, with totals; nothing is sent",
    )
    .option('--journal <dir>', "the journal folder to read, every stream in it (default: the configured audit hook's journalDir, else .agent-hooks/audit in the config file's folder)")
    .option('--topic <id>', 'read the calls from this audit topic (HCS) or HOL session topic through the mirror instead, e.g. 0.0.1234')
    .option('--mirror <url>', "mirror REST base URL: where --topic is read, and what the replayed tools read, e.g. token decimals (default: the configured network's mirror)")
    .option('--account <id>', "the account the calls were made for, their default payer and source (default: the configuration's accountId, else the one account the trail's sessions name)")
    .option('--fail-on-change', 'exit 4 when any replayed verdict differs from the one recorded live')
    .addHelpText(
      'after',
      '\nEach call is judged at its recorded time, in order (by timestamp across streams), by the policies rebuilt with fresh in-memory state:\n' +
        'live stores (Redis) are neither read nor changed, no hook runs, no approver is asked, and every call stops at RETURN_BYTES, unsent.\n' +
        'A call the configuration allows counts against its budgets even if live it was blocked. See docs/replay.md.\n' +
        'Exit codes: 0 the replay ran (whatever it found), 4 with --fail-on-change a verdict changed, 2 usage or configuration (no such folder, bad topic ID), 1 the mirror could not be read.',
    )
    .action((options: ReplayOptions, command: Command) =>
      run(command, async (ctx) => {
        if (options.topic !== undefined && options.journal !== undefined) throw new UsageError('pass either --journal <dir> or --topic <id>, not both');
        if (options.topic !== undefined && !/^\d+\.\d+\.\d+$/.test(options.topic)) throw new UsageError(`--topic must be a topic ID like 0.0.1234, got "${options.topic}"`);
        if (options.account !== undefined && !/^\d+\.\d+\.\d+$/.test(options.account)) throw new UsageError(`--account must be an account ID like 0.0.1234, got "${options.account}"`);
        const loaded = await ctx.loadConfig();
        // Where --topic is read, and what the replayed tools and policies read, as the live ones did (none on the embedded devnet).
        const mirrorNodeUrl = options.mirror ?? configuredMirrorOf(ctx, loaded);
        const trail = await readTrail(ctx, loaded, options, mirrorNodeUrl);
        ctx.output.note(`replaying ${trail.entries.length} entries of ${trail.description} …`);
        const report = await ctx.progress(
          'replaying the calls',
          replayTrail(loaded, trail, { ...(options.account ? { accountId: options.account } : {}), ...(mirrorNodeUrl ? { mirrorNodeUrl } : {}), logger: ctx.logger }),
        );
        const exitCode = options.failOnChange && report.totals.changed > 0 ? exitCodeOf(ErrorCode.REPLAY_CHANGED) : ExitCode.OK;
        const changed = `${report.totals.changed} of ${report.totals.replayed} replayed call${report.totals.replayed === 1 ? '' : 's'} would be decided otherwise than live`;
        ctx.output.document(withError(report, exitCode, { code: ErrorCode.REPLAY_CHANGED, message: changed }));
        for (const line of replayText(report)) ctx.output.line(line);
        return exitCode;
      }),
    );
}

async function readTrail(ctx: CommandContext, loaded: LoadedConfig, options: ReplayOptions, mirrorNodeUrl: string | undefined): Promise<RecordedTrail> {
  if (options.topic !== undefined) {
    if (!mirrorNodeUrl) throw new UsageError(noMirrorMessage('policy replay --topic'));
    return ctx.progress(`reading topic ${options.topic} from the mirror`, readTopic(mirrorNodeUrl, options.topic));
  }
  if (options.journal !== undefined) return readJournalFolder(path.resolve(ctx.io.cwd, options.journal));
  const configured = configuredJournalDirs(loaded.config, loaded.baseDir);
  if (configured.length > 1) throw new UsageError(`the configuration's audit hooks journal in ${configured.length} folders (${configured.join(', ')}); pass --journal <dir> for the one to replay`);
  return readJournalFolder(configured[0] ?? path.resolve(loaded.baseDir, DEFAULT_JOURNAL_DIR));
}
