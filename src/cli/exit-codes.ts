import { ErrorCode } from '../lifecycle/errors.js';
import type { ToolResult } from '../lifecycle/tool-result.js';

/**
 * Exit codes of `agent-hooks`, one per kind of outcome, so scripts can tell a policy decision
 * (do not retry) from a failure (maybe retry) from a mistake in the command itself (fix it).
 */
export const ExitCode = {
  OK: 0,
  /** The network, the ledger or a tool failed. */
  FAILED: 1,
  /** Bad command line, invalid JSON, unknown tool, invalid parameters, invalid configuration. */
  USAGE: 2,
  /** A policy refused the call. */
  BLOCKED: 3,
  /** `audit verify` found the trail incomplete or inconsistent. */
  AUDIT_MISMATCH: 4,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

const USAGE_CODES: ReadonlySet<string> = new Set([ErrorCode.INVALID_PARAMS, ErrorCode.UNKNOWN_TOOL, ErrorCode.INVALID_ARGUMENT]);

/** The exit code for one tool result. An executed call exits 0 even if a policy objected afterwards. */
export function exitCodeFor(result: ToolResult): ExitCode {
  const { raw } = result;
  if (raw.status === 'SUCCESS') return ExitCode.OK;
  if (raw.errorCode === ErrorCode.POLICY_BLOCKED) return ExitCode.BLOCKED;
  if (raw.errorCode && USAGE_CODES.has(raw.errorCode)) return ExitCode.USAGE;
  return ExitCode.FAILED;
}
