import { AgentHooksError, ErrorCode } from '../errors/index.js';

/**
 * A configuration that cannot be used. Carries every problem found, each naming its field, so a
 * user fixes them in one pass instead of one per start.
 */
export class ConfigError extends AgentHooksError {
  constructor(
    readonly source: string,
    readonly problems: readonly string[],
  ) {
    // Problems only in environment variables are not a file's fault: the heading must not name one.
    const heading = source === ENVIRONMENT ? 'Missing or invalid environment variables' : `Invalid configuration (${source})`;
    super(ErrorCode.INVALID_ARGUMENT, `${heading}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** The `source` of problems that lie in environment variables alone (HEDERA_NETWORK, HEDERA_OPERATOR_…). */
export const ENVIRONMENT = 'environment';
