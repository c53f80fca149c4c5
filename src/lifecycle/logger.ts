/**
 * The structured logger the kit reports through. pino, bunyan and winston loggers fit as they are;
 * the default says nothing, as a library should unless asked.
 */
export interface Logger {
  debug(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

const noop = (): void => undefined;
export const silentLogger: Logger = Object.freeze({ debug: noop, warn: noop, error: noop });
