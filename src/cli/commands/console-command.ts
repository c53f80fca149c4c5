import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { DEFAULT_JOURNAL_DIR } from '../../audit/index.js';
import { CONSOLE_NETWORKS, type ConsoleNetwork } from '../../console/explorer-links.js';
import { startConsole, type ConsoleOptions } from '../../console/index.js';
import { ExitCode } from '../exit-codes.js';
import type { RunAction } from '../run-action.js';
import { UsageError } from '../usage-error.js';

/** Where the token is read from: an argument would show it to everyone who lists processes. */
export const CONSOLE_TOKEN_ENV = 'AGENT_HOOKS_CONSOLE_TOKEN';

interface ConsoleCommandOptions {
  journal?: string;
  mirror?: string;
  topic?: string;
  network?: ConsoleNetwork;
  port: number;
  host?: string;
}

/** `agent-hooks console`: the operator console in the browser, over a shared journal folder or a topic through the mirror. */
export function registerConsoleCommand(program: Command, run: RunAction): void {
  program
    .command('console')
    .description('serve the operator console in the browser: live calls from the journals of every process in a journal folder (or from a topic through the mirror), the audit trail and its verification, spend and blocks')
    .option('--journal <dir>', `the shared audit journal folder (default ${DEFAULT_JOURNAL_DIR}, unless --mirror and --topic are given)`)
    .option('--mirror <url>', 'the mirror REST URL: with --topic, verify the trail (and read the calls from the topic when no --journal is given)')
    .option('--topic <id>', 'the audit topic, e.g. 0.0.1234')
    .option('--network <name>', `the network, for links to its explorer: ${CONSOLE_NETWORKS.join(', ')} (devnet and local link to --mirror)`, parseNetwork)
    .option('--port <port>', 'the port (0: any free port)', parsePort, 4280)
    .option('--host <address>', `the address to listen on (default 127.0.0.1: this machine only; any other needs the token in ${CONSOLE_TOKEN_ENV})`)
    .addHelpText('after', `\nThe token API clients send as Authorization: Bearer <token> is read from ${CONSOLE_TOKEN_ENV}; on 127.0.0.1 one is made when it is not set.\nOpen the address printed on stderr: it carries the token after #token=, which the browser never sends to a server.`)
    .action((options: ConsoleCommandOptions, command: Command) =>
      run(command, async (ctx) => {
        if ((options.mirror === undefined) !== (options.topic === undefined)) throw new UsageError('--mirror and --topic go together: the topic is read through that mirror.');
        const journal = options.journal ?? (options.mirror ? undefined : DEFAULT_JOURNAL_DIR);
        const token = ctx.io.env[CONSOLE_TOKEN_ENV];
        const consoleOptions: ConsoleOptions = {
          port: options.port,
          ...(journal === undefined ? {} : { journalDir: path.resolve(ctx.io.cwd, journal) }),
          ...(options.mirror === undefined ? {} : { mirrorUrl: options.mirror, topicId: options.topic! }),
          ...(options.network === undefined ? {} : { network: options.network }),
          ...(options.host === undefined ? {} : { host: options.host }),
          ...(token === undefined || token === '' ? {} : { token }),
        };
        const running = await startConsole(consoleOptions);
        ctx.io.stderr(`agent-hooks console: open ${running.pageUrl}\n`);
        await new Promise<void>((resolve) => {
          const stop = (): void => {
            process.off('SIGINT', stop);
            process.off('SIGTERM', stop);
            resolve();
          };
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
        await running.close();
        return ExitCode.OK;
      }),
    );
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
