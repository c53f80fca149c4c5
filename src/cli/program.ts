import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config/config-error.js';
import { ErrorCode, isAgentHooksError, messageOf } from '../lifecycle/errors.js';
import { Output, processIo, type CliIo } from './cli-io.js';
import { CommandContext } from './command-context.js';
import { registerAuditCommand } from './commands/audit-command.js';
import { registerCallCommand } from './commands/call-command.js';
import { registerDemoCommand } from './commands/demo-command.js';
import { registerDevnetCommand } from './commands/devnet-command.js';
import { registerMcpCommand } from './commands/mcp-command.js';
import { registerToolsCommand } from './commands/tools-command.js';
import { ExitCode } from './exit-codes.js';
import { UsageError } from './usage-error.js';

/** Runs one command action and turns what it throws into a message and an exit code. */
export type RunAction = (command: Command, action: (ctx: CommandContext) => Promise<ExitCode>) => Promise<void>;

const CONFIG_CODES: ReadonlySet<string> = new Set([ErrorCode.INVALID_ARGUMENT, ErrorCode.PLUGIN_LOAD, ErrorCode.PLUGIN_INVALID, ErrorCode.DUPLICATE_TOOL, ErrorCode.INVALID_LISTENER, ErrorCode.MODE, ErrorCode.MISSING_PEER]);

/**
 * Runs `agent-hooks` with `argv` (without the node and script paths) and resolves to the exit code.
 *
 * @example
 * process.exitCode = await runCli(process.argv.slice(2));
 */
export async function runCli(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  let exitCode: number = ExitCode.OK;
  const run: RunAction = async (command, action) => {
    const ctx = new CommandContext(io, command);
    try {
      exitCode = await action(ctx);
    } catch (error) {
      exitCode = report(error, ctx);
    }
  };
  // Commander reports parse errors before any action runs, so --json is looked for in argv itself.
  const json = wantsJson(argv);
  const program = buildProgram(io, run, json);
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    if (error.exitCode === 0) return ExitCode.OK; // help and --version
    // Every other commander error is a usage mistake: already printed as text, or now as JSON.
    if (json) new Output(io, true).error(error.message.replace(/^error: /, ''), { code: ErrorCode.USAGE });
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
    .option('--json', 'print machine-readable JSON instead of text')
    .option('-c, --config <path>', 'configuration file (default: ./agent-hooks.config.json or .js, if present)')
    // With --json, parse errors become one JSON document (in runCli) instead of text on stderr.
    .configureOutput({ writeOut: (text) => io.stdout(text), writeErr: (text) => (json ? undefined : io.stderr(text)) })
    .showHelpAfterError(json ? false : '(run with --help for usage)')
    .exitOverride();
  program.addHelpText(
    'after',
    '\nExit codes: 0 ok, 1 failed (network or ledger), 2 usage or configuration error, 3 blocked by a policy, 4 audit trail mismatch.\n' +
      'The operator comes only from HEDERA_OPERATOR_ID and HEDERA_OPERATOR_KEY; the default network is a fresh embedded devnet.',
  );
  registerDemoCommand(program, run);
  registerToolsCommand(program, run);
  registerCallCommand(program, run);
  registerDevnetCommand(program, run);
  registerAuditCommand(program, run);
  registerMcpCommand(program, run);
  return program;
}

function report(error: unknown, ctx: CommandContext): ExitCode {
  if (error instanceof ConfigError) {
    if (ctx.output.json) ctx.output.error(`invalid configuration (${error.source})`, { code: ErrorCode.CONFIG, problems: error.problems });
    else ctx.io.stderr(`error: ${error.message}\n`);
    return ExitCode.USAGE;
  }
  if (error instanceof UsageError) {
    ctx.output.error(error.message, { code: ErrorCode.USAGE });
    return ExitCode.USAGE;
  }
  if (isAgentHooksError(error)) {
    ctx.output.error(error.message, { code: error.code });
    return CONFIG_CODES.has(error.code) ? ExitCode.USAGE : ExitCode.FAILED;
  }
  ctx.output.error(messageOf(error), { code: ErrorCode.FAILED });
  return ExitCode.FAILED;
}
