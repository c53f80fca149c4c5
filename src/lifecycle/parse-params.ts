import { InvalidParamsError } from '../errors/index.js';

/** One problem a schema found, with the path of the field it concerns. */
export interface ParamsIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export type ParamsParseResult<T> = { success: true; data: T } | { success: false; error: { issues: readonly ParamsIssue[] } };

/**
 * What parsing tool input needs of a schema. Written by shape rather than as `z.ZodType`, so the
 * zod 3 schemas of the Hedera Agent Kit's tools fit beside this package's zod 4 ones: both
 * `safeParse` into `{ success, data }` or `{ success, error: { issues: [{ path, message }] } }`.
 */
export interface ParamsSchema<T = unknown> {
  safeParse(input: unknown): ParamsParseResult<T>;
}

/**
 * Validates tool input against the tool's zod schema (zod 4 or zod 3). Each problem is reported
 * with the path of the field it concerns, e.g. `transfers[1].amount: must be greater than 0`.
 */
export function parseParams<T>(tool: string, schema: ParamsSchema<T>, input: unknown): T {
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
