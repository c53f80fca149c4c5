import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config/config-error.js';
import { ErrorCode, exitCodeOf, isAgentHooksError, messageOf, provesNothingSent } from '../errors/index.js';
import type { CliError } from './cli-error.js';
import { Output, processIo, type CliIo } from './cli-io.js';
import { LOG_LEVELS } from './cli-logger.js';
import { CommandContext } from './command-context.js';
import type { RunAction } from './run-action.js';
import { registerAuditCommand } from './commands/audit-command.js';
import { registerCallCommand } from './commands/call-command.js';
import { registerConsoleCommand } from './commands/console-command.js';
import { registerDemoCommand } from './commands/demo-command.js';
import { registerDevnetCommand } from './commands/devnet-command.js';
import { registerMcpCommand } from './commands/mcp-command.js';
import { registerPauseCommands } from './commands/pause-command.js';
import { registerPolicyCommand } from './commands/policy-command.js';
import { registerApproveCommand } from './commands/approve-command.js';
import { registerToolsCommand } from './commands/tools-command.js';
import { registerSignerCommand } from './commands/signer-command.js';
import { ExitCode } from './exit-codes.js';
import { packageVersion } from './package-version.js';
import { UsageError } from './usage-error.js';

/** Runs one command action and turns what it throws into a message and an exit code. */
export type { RunAction } from './run-action.js';

/**
 * Runs `agent-hooks` with `argv` (without the node and script paths) and resolves to the exit code.
 * It does not reject: whatever goes wrong becomes a message (with --json, the one error document)
 * and an exit code.
 *
 * @example
 * process.exitCode = await runCli(process.argv.slice(2));
 */
export async function runCli(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  // Commander reports parse errors before any action runs, so --json is looked for in argv itself.
  const json = wantsJson(argv);
  const output = new Output(io, json);
  let exitCode: number = ExitCode.OK;
  const run: RunAction = async (command, action) => {
    try {
      exitCode = await action(new CommandContext(io, command, output));
    } catch (error) {
      exitCode = report(error, output);
    }
  };
  try {
    await buildProgram(io, run, json).parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) return report(error, output);
    if (error.exitCode === 0) return ExitCode.OK; // help and --version
    // Every other commander error is a usage mistake: already printed as text, or now as JSON.
    if (json) output.error({ code: ErrorCode.USAGE, message: error.message.replace(/^error: /, ''), exitCode: ExitCode.USAGE });
    return ExitCode.USAGE;
  }
  return exitCode;
}

function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).includes('--json');
}

function buildProgram(io: CliIo, run: RunAction, json: boolean): Command {
  const program = new Command('agent-hooks')
    .description('Guardrails for AI agents on Hedera: run tools through hooks and policies, from a shell, an MCP client or LangChain.')
    .version(packageVersion(), '-V, --version', 'print the version of agent-hooks')
    .option('--json', 'print machine-readable JSON on stdout instead of text (failures too: { "error": { "code", "message", "exitCode", … } })')
    .option('-c, --config <path>', 'configuration file (default: ./agent-hooks.config.json, .js, .cjs, .mjs, .ts, .mts or .cts, if present)')
    .option('-v, --verbose', `log debug lines on stderr (or set LOG_LEVEL to one of ${LOG_LEVELS.join(', ')}; default warn)`)
    // Every subcommand's --help lists these too: they are typed after the subcommand as often as before.
    .configureHelp({ showGlobalOptions: true })
    // With --json, parse errors become one JSON document (in runCli) instead of text on stderr.
    .configureOutput({ writeOut: (text) => io.stdout(text), writeErr: (text) => (json ? undefined : io.stderr(text)) })
    .showHelpAfterError(json ? false : '(run with --help for usage)')
    .exitOverride();
  program.addHelpText(
    'after',
    '\nExit codes: 0 ok, 1 failed (network or ledger), 2 usage or configuration error, 3 blocked by a policy, 4 audit trail mismatch (policy replay --fail-on-change: a verdict changed).\n' +
      'The network is the config file\'s "network", else HEDERA_NETWORK, else a fresh embedded devnet; on any other network the\n' +
      'operator comes only from HEDERA_OPERATOR_ID and HEDERA_OPERATOR_KEY.',
  );
  registerDemoCommand(program, run);
  registerToolsCommand(program, run);
  registerCallCommand(program, run);
  registerDevnetCommand(program, run);
  registerAuditCommand(program, run);
  registerMcpCommand(program, run);
  registerConsoleCommand(program, run);
  registerPauseCommands(program, run);
  registerSignerCommand(program, run);
  registerApproveCommand(program, run);
  registerPolicyCommand(program, run);
  return program;
}

/** The one place a thrown error becomes output; its exit code comes from the table of codes (errors/error-codes.ts). */
function report(error: unknown, output: Output): ExitCode {
  const fail = (exitCode: ExitCode, details: Omit<CliError, 'exitCode'>, text?: string): ExitCode => {
    output.error({ ...details, exitCode }, text);
    return exitCode;
  };
  if (error instanceof ConfigError) {
    const [first, ...more] = error.problems;
    const where = error.source.startsWith('(') ? error.source : `(${error.source})`;
    const message = `invalid configuration ${where}: ${first ?? 'no details'}${more.length ? ` (and ${more.length} more problem${more.length > 1 ? 's' : ''})` : ''}`;
    return fail(exitCodeOf(ErrorCode.CONFIG), { code: ErrorCode.CONFIG, message, problems: error.problems, source: error.source }, error.message);
  }
  if (error instanceof UsageError) return fail(exitCodeOf(ErrorCode.USAGE), { code: ErrorCode.USAGE, message: error.message });
  if (provesNothingSent(error)) return fail(exitCodeOf(ErrorCode.NODE_UNREACHABLE), { code: ErrorCode.NODE_UNREACHABLE, message: messageOf(error), submitted: false });
  if (isAgentHooksError(error)) return fail(exitCodeOf(error.code), { code: error.code, message: error.message });
  return fail(exitCodeOf(ErrorCode.FAILED), { code: ErrorCode.FAILED, message: messageOf(error) });
}
