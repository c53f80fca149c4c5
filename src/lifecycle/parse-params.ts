import type { ParamSchema } from './drivable-tool.js';
import { InvalidParamsError } from './errors.js';

/**
 * Validates tool input against the tool's zod schema (zod 4, or zod 3 as the Hedera Agent Kit's tools use). Each problem is reported with the path of the
 * field it concerns, e.g. `transfers[1].amount: must be greater than 0`.
 */
export function parseParams<T>(tool: string, schema: ParamSchema<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new InvalidParamsError(tool, parsed.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`));
}

export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'parameters';
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? String(part) : `.${String(part)}`))
    .join('');
}
