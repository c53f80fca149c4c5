import type { z } from 'zod';
import { containsPrivateKey } from '../values/private-key-patterns.js';
import { AgentHooksError, describeValue, invalidArgument } from './agent-hooks-error.js';

/** How {@link parseArgs} names a positional argument: by name, or `{ bare }` for an options object whose fields stand alone. */
export type ArgName = string | { readonly bare: string };

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

/**
 * Validates a constructor's arguments against its tuple schema (a built-in's `configArgs`), naming
 * each positional argument by `names[i]` in messages (`'hcsTopicId' must be …`); an options argument
 * named `{ bare: 'options' }` is called so only when it is wrong as a whole, and its fields stand on
 * their own (`'journalDir' must be …`), as people write them. The error's
 * `argPath` starts with the argument's position, as a configuration file's `args` count them.
 *
 * @example
 * parseArgs('HcsAuditTrailHook', HcsAuditTrailHook.configArgs, [tools, topicId, client, options], ['relevantTools', 'hcsTopicId', 'loggingClient', { bare: 'options' }]);
 */
export function parseArgs<S extends z.ZodType>(owner: string, schema: S, args: readonly unknown[], names: readonly ArgName[]): z.output<S> {
  // A left-out trailing argument is `undefined` at its position, so its problem names it ("'hcsTopicId' is required").
  const padded = [...args, ...new Array<undefined>(Math.max(0, names.length - args.length)).fill(undefined)];
  const parsed = schema.safeParse(padded, { reportInput: true });
  if (parsed.success) return parsed.data;
  const issues = flattenUnions(parsed.error.issues);
  const sentences = issues.map((issue) => {
    const [at, ...rest] = issue.path;
    const name = typeof at === 'number' ? names[at] : undefined;
    const shownPath = name === undefined ? issue.path : typeof name === 'string' ? [name, ...rest] : rest.length || issue.code === 'unrecognized_keys' ? rest : [name.bare];
    return issueSentence(schema, issue, shownPath);
  });
  const first = issues[0];
  const firstPath = first ? [...first.path, ...(first.code === 'unrecognized_keys' ? [first.keys[0] ?? ''] : [])] : [];
  throw invalidArgument(`${owner}: ${sentences.join('; ')}.`, firstPath as (string | number)[]);
}

/** The error for a failed parse, for callers that run `safeParse` themselves. */
export function optionsError(owner: string, schema: z.ZodType, issues: readonly z.core.$ZodIssue[], argIndex = 0): AgentHooksError {
  const flat = flattenUnions(issues);
  const sentences = flat.map((issue) => issueSentence(schema, issue, issue.path));
  const first = flat[0];
  const firstPath = first ? [...first.path, ...(first.code === 'unrecognized_keys' ? [first.keys[0] ?? ''] : [])] : [];
  return invalidArgument(`${owner}: ${sentences.join('; ')}.`, [argIndex, ...(firstPath as (string | number)[])]);
}

/**
 * A custom issue whose message is a whole sentence, for rules that tie fields together ("maxBackoffMs
 * (1000) must not be below minBackoffMs (2000)") or wording other code matches on: raise it with
 * `params: SENTENCE` and it is reported as written, after the owner.
 */
export const SENTENCE = Object.freeze({ sentence: true });

/**
 * A union (`false` or an options object) whose every branch failed: when exactly one branch took the
 * value's shape and failed only inside it, its problems are the ones to report (`'scheduleWatch.intervalMs'
 * must be …`), not "none of the forms matched".
 */
function flattenUnions(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union') return [issue];
    // A branch took the value's shape when its problems are inside it, or are keys its object does
    // not know; a wrong type or value at its root, or a failed custom check (`z.custom(isEntityId)`),
    // means the value is another form.
    const tookShape = (each: z.core.$ZodIssue): boolean => each.path.length > 0 || each.code === 'unrecognized_keys';
    const inside = issue.errors.filter((branch) => branch.length > 0 && branch.every(tookShape));
    if (inside.length !== 1) return [issue];
    return flattenUnions(inside[0]!.map((each) => ({ ...each, path: [...issue.path, ...each.path] }) as z.core.$ZodIssue));
  });
}

function issueSentence(schema: z.ZodType, issue: z.core.$ZodIssue, shownPath: readonly PropertyKey[]): string {
  if (issue.code === 'custom' && (issue.params as { sentence?: unknown } | undefined)?.sentence === true) return issue.message;
  const where = pathText(shownPath);
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => `'${where ? `${where}.` : ''}${key}'`).join(', ');
    const accepted = acceptedKeys(schema, issue.path, issue.input, issue.keys);
    return `unknown option ${keys}${accepted ? `; accepted: ${accepted.join(', ')}` : ''}`;
  }
  const accepted = acceptedText(issue);
  const given = 'input' in issue ? issue.input : undefined;
  if (given === undefined && (issue.code === 'invalid_type' || issue.code === 'custom') && where) return `'${where}' is required: ${accepted}`;
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
function acceptedKeys(schema: z.ZodType, path: readonly PropertyKey[], input?: unknown, unknown?: readonly string[]): string[] | undefined {
  let at: SchemaDef | undefined = defOf(schema);
  for (const part of path) {
    at = objectBranch(unwrap(at));
    if (!at) return undefined;
    if (at.type === 'object' && typeof part === 'string') at = defOf(at.shape?.[part]);
    else if (at.type === 'record') at = defOf(at.valueType);
    else if (at.type === 'array') at = defOf(at.element);
    else if (at.type === 'tuple' && typeof part === 'number') at = defOf(at.items?.[part]);
    else return undefined;
  }
  at = objectBranch(unwrap(at), input, unknown);
  return at?.type === 'object' && at.shape ? Object.keys(at.shape) : undefined;
}

/**
 * The object branch of a union (`false` or an options object), where unknown keys are looked up:
 * of several object forms (a store's `{ sqlite }` and `{ redis, prefix }`), the one that knows every
 * key given but the `unknown` ones, else the first.
 */
function objectBranch(def: SchemaDef | undefined, input?: unknown, unknown?: readonly string[]): SchemaDef | undefined {
  if (def?.type !== 'union') return def;
  const objects = (def.options ?? []).map((option) => unwrap(defOf(option))).filter((option): option is SchemaDef => option?.type === 'object');
  const given = input !== null && typeof input === 'object' ? Object.keys(input) : [];
  const knowsTheRest = (option: SchemaDef) => given.every((key) => unknown?.includes(key) || (option.shape !== undefined && key in option.shape));
  return (unknown && given.length ? objects.find(knowsTheRest) : undefined) ?? objects[0] ?? def;
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
