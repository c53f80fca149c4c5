import { AgentHooksError, ErrorCode } from '../lifecycle/errors.js';

/**
 * A configuration that cannot be used. Carries every problem found, each naming its field, so a
 * user fixes them in one pass instead of one per start.
 */
export class ConfigError extends AgentHooksError {
  constructor(
    readonly source: string,
    readonly problems: readonly string[],
  ) {
    super(ErrorCode.INVALID_ARGUMENT, `Invalid configuration (${source}):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}
