import type { z } from 'zod';
import { InvalidParamsError } from './errors.js';

/**
 * Validates tool input against the tool's zod schema. Each problem is reported with the path of the
 * field it concerns, e.g. `transfers[1].amount: must be greater than 0`.
 */
export function parseParams<T>(tool: string, schema: z.ZodType<T>, input: unknown): T {
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
