import { AgentHooksError, ErrorCode, isAgentHooksError } from '../errors/index.js';
import type { BlockedBy } from './tool-result.js';

/** A PolicyBlockedError from either build. */
export function isPolicyBlockedError(value: unknown): value is PolicyBlockedError {
  if (!isAgentHooksError(value) || value.code !== ErrorCode.POLICY_BLOCKED) return false;
  const blockedBy = (value as { blockedBy?: { policy?: unknown; stage?: unknown } }).blockedBy;
  return typeof blockedBy?.policy === 'string' && typeof blockedBy.stage === 'string';
}

/**
 * Raised by the runner when a policy refuses a call; one place, one shape. The message starts with
 * the Hedera Agent Kit's sentence (`Action <tool> blocked by policy: <name> (<description>)`), so code
 * that matches on it keeps working; the stage and reason follow.
 */
export class PolicyBlockedError extends AgentHooksError {
  constructor(
    readonly tool: string,
    readonly blockedBy: BlockedBy,
    description?: string,
  ) {
    super(
      ErrorCode.POLICY_BLOCKED,
      `Action ${tool} blocked by policy: ${blockedBy.policy}${description ? ` (${description})` : ''} at ${blockedBy.stage}` +
        (blockedBy.reason ? `: ${blockedBy.reason}` : ''),
    );
  }
}

