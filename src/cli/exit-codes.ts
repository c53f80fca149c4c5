import { ExitCode, exitCodeOf } from '../errors/index.js';
import type { ToolResult } from '../lifecycle/tool-result.js';

export { ExitCode };

/**
 * The exit code for one tool result, from the one table of codes (errors/error-codes.ts). An
 * executed call exits 0 even if a policy objected afterwards.
 */
export function exitCodeFor(result: ToolResult): ExitCode {
  const { raw } = result;
  if (raw.status === 'SUCCESS') return ExitCode.OK;
  return exitCodeOf(raw.errorCode);
}
