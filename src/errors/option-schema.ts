import type { z } from 'zod';
import { containsPrivateKey } from '../values/private-key-patterns.js';
import { AgentHooksError, describeValue, invalidArgument } from './agent-hooks-error.js';

/** Where a problem is inside a function's arguments: `[0, 'tokens', '0.0.5']`. */
export type ArgPath = readonly (string | number)[];

/**
 * Validates the options of a built-in hook, policy or kit function against its zod schema, the
 * same schema that describes them in the configuration's JSON schema, so the two cannot drift.
 * Every problem becomes one sentence naming the owner, the field, what was given and what is
 * accepted (the schema's own message for the field says what is accepted):
 *
 *     MaxTransferPolicy: 'hbar' must be an amount of HBAR such as 100 or "0.5", got -5.
 *     SpendLimitPolicy: unknown option 'per'; accepted: hbar, tokens, windowMs, store, tools.
 *
 * The error's `argPath` points at the first problem inside the arguments (`argIndex` first), so a
 * configuration file's error names `policies[2].args[0].hbar`. Values given are shown bounded and
 * never when they could be key material.
 *
 * @example
 * const limits = parseOptions('MaxTransferPolicy', maxTransferOptions, options);
 */
export function parseOptions<S extends z.ZodType>(owner: string, schema: S, value: unknown, argIndex = 0): z.output<S> {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) return parsed.data;
  throw optionsError(owner, schema, parsed.error.issues, argIndex);
}

/** The error for a failed parse, for callers that run `safeParse` themselves. */
export function optionsError(owner: string, schema: z.ZodType, issues: readonly z.core.$ZodIssue[], argIndex = 0): AgentHooksError {
  const sentences = issues.map((issue) => issueSentence(schema, issue));
  const first = issues[0];
  const firstPath = first ? [...first.path, ...(first.code === 'unrecognized_keys' ? [first.keys[0] ?? ''] : [])] : [];
  return invalidArgument(`${owner}: ${sentences.join('; ')}.`, [argIndex, ...(firstPath as (string | number)[])]);
}

function issueSentence(schema: z.ZodType, issue: z.core.$ZodIssue): string {
  const where = pathText(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => `'${where ? `${where}.` : ''}${key}'`).join(', ');
    const accepted = acceptedKeys(schema, issue.path);
    return `unknown option ${keys}${accepted ? `; accepted: ${accepted.join(', ')}` : ''}`;
  }
  const accepted = acceptedText(issue);
  const given = 'input' in issue ? issue.input : undefined;
  // Options left out altogether (the root) were not "required" under a name: say what was expected.
  if (given === undefined && issue.code === 'invalid_type' && where) return `'${where}' is required: ${accepted}`;
  return `${where ? `'${where}' must be` : 'expected'} ${accepted}, got ${givenText(given)}`;
}

/** A field path as people write it: `tokens["0.0.5"].baseUnits`, `tools[2]`. */
export function pathText(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else if (typeof part === 'string' && /^[A-Za-z_$][\w$]*$/.test(part)) text += text ? `.${part}` : part;
    else text += `[${JSON.stringify(String(part))}]`;
  }
  return text;
}

/** What the schema accepts, from its own message; zod's defaults lose their "Invalid input:" opening. */
function acceptedText(issue: z.core.$ZodIssue): string {
  return issue.message.replace(/^Invalid (input|option|value)(: )?/, '').replace(/^expected /, '') || 'a valid value';
}

/** A value given, for a message: short primitives as JSON, anything else by its kind, keys never. */
function givenText(value: unknown): string {
  if (typeof value === 'string') {
    if (containsPrivateKey(value)) return 'a string that looks like a private key (not shown)';
    return value.length > 60 ? `a string of ${value.length} characters` : JSON.stringify(value);
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  return describeValue(value);
}

/** The keys an object schema accepts at `path`, through optional, default, nullable and pipe wrappers. */
function acceptedKeys(schema: z.ZodType, path: readonly PropertyKey[]): string[] | undefined {
  let at: SchemaDef | undefined = defOf(schema);
  for (const part of path) {
    at = objectOption(unwrap(at));
    if (!at) return undefined;
    if (at.type === 'object' && typeof part === 'string') at = defOf(at.shape?.[part]);
    else if (at.type === 'record') at = defOf(at.valueType);
    else if (at.type === 'array') at = defOf(at.element);
    else if (at.type === 'tuple' && typeof part === 'number') at = defOf(at.items?.[part]);
    else return undefined;
  }
  at = objectOption(unwrap(at));
  return at?.type === 'object' && at.shape ? Object.keys(at.shape) : undefined;
}

/** Of a union (`"memory" | { redis, prefix }`), the object it offers: the keys a misspelt field was meant for. */
function objectOption(def: SchemaDef | undefined): SchemaDef | undefined {
  if (def?.type !== 'union') return def;
  return def.options?.map((option) => unwrap(defOf(option))).find((option) => option?.type === 'object') ?? def;
}

interface SchemaDef {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: unknown;
  valueType?: unknown;
  element?: unknown;
  items?: unknown[];
  options?: unknown[];
}

function defOf(schema: unknown): SchemaDef | undefined {
  return (schema as { _zod?: { def?: SchemaDef } } | undefined)?._zod?.def;
}

function unwrap(def: SchemaDef | undefined): SchemaDef | undefined {
  let at = def;
  for (let depth = 0; at && depth < 10; depth++) {
    if (at.innerType) at = defOf(at.innerType);
    else if (at.type === 'pipe' && at.in) at = defOf(at.in);
    else break;
  }
  return at;
}
