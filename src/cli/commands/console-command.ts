import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { DEFAULT_JOURNAL_DIR } from '../../audit/index.js';
import { configuredJournalDirs } from '../../config/configured-journal-dir.js';
import { CONSOLE_NETWORKS, type ConsoleNetwork } from '../../console/explorer-links.js';
import { startConsole, type ConsoleOptions, type RunningConsole } from '../../console/index.js';
import type { OverseenKit } from '../../console/kit-oversight.js';
import type { LoadedConfig } from '../../config/load-config.js';
import { approvalStorePlace, openApprovalStore } from '../../config/configured-approval-store.js';
import type { ApprovalStore } from '../../policies/approvals/approval-store.js';
import type { CommandContext } from '../command-context.js';
import { ExitCode } from '../exit-codes.js';
import type { RunAction } from '../run-action.js';
import { UsageError } from '../usage-error.js';
import { readTokens, tokenObject } from '../token-file.js';
import { untilStopSignal } from '../stop-signal.js';

/** Where the token is read from: an argument would show it to everyone who lists processes. */
export const CONSOLE_TOKEN_ENV = 'AGENT_HOOKS_CONSOLE_TOKEN';
/** One token per named approver, as a JSON object `{"alice": "<secret>", …}`: the environment's form of --tokens-file. */
export const CONSOLE_TOKENS_ENV = 'AGENT_HOOKS_CONSOLE_TOKENS';

/** What loadConfig names when no configuration file was found. */
const DEFAULTS_SOURCE = '(defaults)';

interface ConsoleCommandOptions {
  journal?: string;
  mirror?: string;
  topic?: string;
  network?: ConsoleNetwork;
  port: number;
  host?: string;
  tokensFile?: string;
}

/** `agent-hooks console`: the operator console in the browser, over a shared journal folder or a topic through the mirror. */
export function registerConsoleCommand(program: Command, run: RunAction): void {
  program
    .command('console')
    .description('serve the operator console in the browser: live calls from the journals of every process in a journal folder (or from a topic through the mirror), the audit trail and its verification, spend and blocks')
    .option('--journal <dir>', `the shared audit journal folder (default: the configuration's audit hooks' folder, else ${DEFAULT_JOURNAL_DIR}, unless --mirror and --topic are given)`)
    .option('--mirror <url>', 'the mirror REST URL: with --topic, verify the trail (and read the calls from the topic when no --journal is given)')
    .option('--topic <id>', 'the audit topic, e.g. 0.0.1234')
    .option('--network <name>', `the network, for links to its explorer: ${CONSOLE_NETWORKS.join(', ')} (devnet and local link to --mirror)`, parseNetwork)
    .option('--port <port>', 'the port (0: any free port)', parsePort, 4280)
    .option('--host <address>', `the address to listen on (default 127.0.0.1: this machine only; any other needs the token in ${CONSOLE_TOKEN_ENV})`)
    .option('--tokens-file <file>', `one token per named approver: a JSON file {"alice": "<secret>", "bob": "<secret>"} readable by its owner only (chmod 600); or the same JSON in ${CONSOLE_TOKENS_ENV}`)
    .addHelpText(
      'after',
      `\nOne operator: the token API clients send as Authorization: Bearer <token> is read from ${CONSOLE_TOKEN_ENV}; on 127.0.0.1 one is made when it is not set.\nOpen the address printed on stderr: it carries the token after #token=, which the browser never sends to a server.\nSeveral approvers: --tokens-file (or ${CONSOLE_TOKENS_ENV}) gives each their own token; the token a request carries names who decides, so one token holder is one approver. Each opens the address with #token=<their token>, or pastes it. Tokens are never read from the command line, where every user of the machine can list them.\nWith a configuration file (--config <file>, or agent-hooks.config.* in this folder) the console opens the kit it describes and shows that configuration's budgets, approval requests and kill switch, and acts on them; without one, those panels say nothing is connected.`,
    )
    .action((options: ConsoleCommandOptions, command: Command) =>
      run(command, async (ctx) => {
        if ((options.mirror === undefined) !== (options.topic === undefined)) throw new UsageError('--mirror and --topic go together: the topic is read through that mirror.');
        const token = ctx.io.env[CONSOLE_TOKEN_ENV];
        const tokens = approverTokens(options.tokensFile === undefined ? undefined : path.resolve(ctx.io.cwd, options.tokensFile), ctx.io.env[CONSOLE_TOKENS_ENV]);
        if (tokens && token) throw new UsageError(`${CONSOLE_TOKEN_ENV} (one operator) and ${options.tokensFile === undefined ? CONSOLE_TOKENS_ENV : '--tokens-file'} (one token per approver) both give the console's tokens; use one.`);
        // A configuration file (--config, or one in this folder): the console shows and acts on its budgets,
        // approvals and kill switch through the kit it describes, and reads the journals of its audit hooks.
        const loaded = await ctx.loadConfig();
        const configured = loaded.source === DEFAULTS_SOURCE ? undefined : await openConfiguredOversight(ctx, loaded);
        const configuredJournal = configured ? configuredJournalDirs(loaded.config, loaded.baseDir)[0] : undefined;
        const journal = options.journal ?? (options.mirror ? undefined : (configuredJournal ?? DEFAULT_JOURNAL_DIR));
        const consoleOptions: ConsoleOptions = {
          port: options.port,
          ...(journal === undefined ? {} : { journalDir: path.resolve(ctx.io.cwd, journal) }),
          ...(options.mirror === undefined ? {} : { mirrorUrl: options.mirror, topicId: options.topic! }),
          ...(options.network === undefined ? {} : { network: options.network }),
          ...(options.host === undefined ? {} : { host: options.host }),
          ...(token === undefined || token === '' ? {} : { token }),
          ...(tokens ? { tokens } : {}),
          ...(configured ? { kit: configured.kit } : {}),
          logger: ctx.logger,
        };
        let running: RunningConsole;
        try {
          running = await startConsole(consoleOptions);
        } catch (error) {
          await configured?.close();
          throw error;
        }
        if (configured) ctx.io.stderr(`agent-hooks console: budgets, approvals and the kill switch of ${loaded.source}\n`);
        ctx.io.stderr(running.token === undefined ? `agent-hooks console: ${running.approvers.join(', ')} open ${running.url}#token=<their token>\n` : `agent-hooks console: open ${running.pageUrl}\n`);
        await untilStopSignal();
        await running.close();
        await configured?.close();
        return ExitCode.OK;
      }),
    );
}

/**
 * The kit a configuration describes, as the console oversees it: its policies' approval stores,
 * budgets and kill switch, plus the shared store its "approvals" key names (where `agent-hooks
 * approve` decides, and the agents' ApprovalPolicies built in code keep their requests), once.
 */
async function openConfiguredOversight(ctx: CommandContext, loaded: LoadedConfig): Promise<{ kit: OverseenKit; close(): Promise<void> }> {
  const configured = await ctx.openKit();
  // The store `agent-hooks approve` decides in: the one "approvals" names, or the state file once a kit made it.
  const shared = openApprovalStore(approvalStorePlace(loaded.config, loaded.baseDir));
  if (!shared) return configured;
  const own = configured.kit;
  const kit: OverseenKit = {
    approvalStores: () => distinctStores([...own.approvalStores(), shared]),
    get killSwitch() {
      return own.killSwitch;
    },
    pause: (...args) => own.pause(...args),
    unpause: (...args) => own.unpause(...args),
    listenerInstances: () => own.listenerInstances(),
    listTools: () => own.listTools(),
    client: own.client,
  };
  return {
    kit,
    close: async () => {
      try {
        await configured.close();
      } finally {
        await shared.close();
      }
    },
  };
}

/** Stores by what they describe (a Redis URL and prefix): one store named twice lists its requests once. */
function distinctStores(stores: readonly ApprovalStore[]): ApprovalStore[] {
  const seen = new Set<string>();
  return stores.filter((store) => !seen.has(store.description) && Boolean(seen.add(store.description)));
}

/** The approvers' tokens from --tokens-file (its owner's only) or CONSOLE_TOKENS_ENV; undefined when neither gives them. */
function approverTokens(file: string | undefined, fromEnv: string | undefined): Record<string, string> | undefined {
  const source = { owners: "the approvers'", form: '{"alice": "<secret>", "bob": "<secret>"}' };
  const read = readTokens({ ...source, ...(file !== undefined ? { file: { path: file, option: '--tokens-file', where: `--tokens-file ${file}` } } : {}), env: { name: CONSOLE_TOKENS_ENV, value: fromEnv } });
  // Each name and token is checked by startConsole, which says which one is wrong.
  return read && (tokenObject(read, source) as Record<string, string>);
}

function parseNetwork(value: string): ConsoleNetwork {
  if ((CONSOLE_NETWORKS as readonly string[]).includes(value)) return value as ConsoleNetwork;
  throw new InvalidArgumentError(`the network must be one of ${CONSOLE_NETWORKS.join(', ')}, got "${value}".`);
}

function parsePort(value: string): number {
  const port = /^\d{1,5}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(port <= 65535)) throw new InvalidArgumentError(`the port must be a whole number from 0 to 65535 (0 takes any free port), got "${value}".`);
  return port;
}
