import { silentLogger, type Logger } from '../lifecycle/logger.js';
import type { KeyRedactor } from './key-redactor.js';

/**
 * A logger that redacts before it writes: the message and every field (rendered as JSON-safe data,
 * so an SDK value or an Error cannot carry a key past it). `redactor` may be a function when the
 * keys to protect are known only later (an audit hook learns its client when it is attached).
 *
 * @example
 * const logger = redactingLogger(pino(), kitRedactor);
 * logger.warn({ warning: text }, 'tool call warning'); // text arrives with keys cut out
 */
export function redactingLogger(logger: Logger, redactor: KeyRedactor | (() => KeyRedactor)): Logger {
  // Nothing is written, so nothing needs cutting: the quiet default costs nothing per line.
  if (logger === silentLogger) return logger;
  const current = typeof redactor === 'function' ? redactor : () => redactor;
  const write = (level: keyof Logger) => (fields: Record<string, unknown>, message: string): void => {
    const secrets = current();
    logger[level](secrets.renderValue(fields ?? {}) as Record<string, unknown>, secrets.redact(String(message)));
  };
  return { debug: write('debug'), warn: write('warn'), error: write('error') };
}
