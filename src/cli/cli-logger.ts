import { pino, type Level, type Logger as PinoLogger } from 'pino';
import type { CliIo } from './cli-io.js';
import { UsageError } from './usage-error.js';

/** The levels `LOG_LEVEL` accepts: pino's, and `silent` for none. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Quiet by default: warnings and errors only. */
export const DEFAULT_LOG_LEVEL: LogLevel = 'warn';

/**
 * The level of the CLI's log: `--verbose` means debug (it wins, being typed on this command line),
 * else `LOG_LEVEL`, else warnings and errors only. An unknown LOG_LEVEL is a usage error rather
 * than a silently ignored setting.
 */
export function cliLogLevel(verbose: boolean | undefined, env: CliIo['env']): LogLevel {
  if (verbose) return 'debug';
  const given = env.LOG_LEVEL?.trim().toLowerCase();
  if (!given) return DEFAULT_LOG_LEVEL;
  if ((LOG_LEVELS as readonly string[]).includes(given)) return given as LogLevel;
  throw new UsageError(`LOG_LEVEL "${env.LOG_LEVEL}" is not a level; use one of ${LOG_LEVELS.join(', ')}`);
}

const LABELS: Readonly<Record<number, string>> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warning', 50: 'error', 60: 'fatal' };
const NOT_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname']);

/**
 * The CLI's structured logger: pino, writing to stderr so stdout stays the command's output. With
 * `--json` the lines are pino's JSON, one per line; otherwise each becomes one line for people,
 * `warning: <message> (field: value, …)`. Private keys are cut before a line gets here (the kit's
 * redacting logger sits in front of this one, see CommandContext).
 *
 * @example
 * const logger = createCliLogger(io, { level: 'debug', json: false });
 * logger.warn({ journal: '/srv/audit' }, 'audit entries not yet delivered');
 * // stderr: warning: audit entries not yet delivered (journal: /srv/audit)
 */
export function createCliLogger(io: CliIo, options: { level: LogLevel; json: boolean }): PinoLogger {
  const destination = { write: (line: string) => io.stderr(options.json ? line : humanLine(line)) };
  // No pid or hostname: these lines describe one command run, on the machine that ran it.
  return pino({ level: options.level as Level | 'silent', base: undefined }, destination);
}

function humanLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const label = LABELS[entry.level as number] ?? 'log';
  const fields = Object.entries(entry)
    .filter(([key, value]) => !NOT_FIELDS.has(key) && value !== undefined)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return `${label}: ${String(entry.msg ?? '')}${fields.length ? ` (${fields.join(', ')})` : ''}\n`;
}
