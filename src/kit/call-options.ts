import { z } from 'zod';
import { describeValue, parseOptions, pathText } from '../errors/index.js';
import { freezePlainData } from '../lifecycle/approval/index.js';
import { AGENT_SESSION, MAX_PRINCIPAL_CHARS, PRINCIPAL_FIELDS, agentSessionOf, type CallFacts, type CallOptions } from '../lifecycle/call-options.js';
import type { Context } from '../lifecycle/context.js';

/**
 * Context keys the kit owns: they decide how a call goes out (mode, strategy), who pays and signs
 * (account), which hooks judge it, and where the ledger is read. A per-call context that sets one is
 * refused, so an application's per-user data (or a model's text passed through by mistake) can never
 * redirect a call, drop a policy or change the payer.
 */
export const KIT_OWNED_CONTEXT_KEYS: readonly string[] = Object.freeze([
  'mode',
  'strategy',
  'transactionStrategy',
  'hooks',
  'accountId',
  'accountPublicKey',
  'mirrorNodeUrl',
  'mirrornodeService',
]);

/** Keys that would reach an object's prototype when copied or merged: refused at any depth. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Bounds on a per-call context: it is copied and frozen on every call, and readers (audit, spans) bound it again. */
export const CALL_CONTEXT_LIMITS = Object.freeze({ keys: 64, depth: 8, jsonChars: 16_384, keyChars: 100 });
/** The longest idempotency key or model tool-call ID accepted. */
export const MAX_CALL_KEY_CHARS = 256;

const ACCEPTED_CONTEXT = `an object of JSON-like values (strings, finite numbers, booleans, null, plain objects and arrays; at most ${CALL_CONTEXT_LIMITS.keys} keys, ${CALL_CONTEXT_LIMITS.depth} levels, ${CALL_CONTEXT_LIMITS.jsonChars} characters as JSON) such as { userId: 'u-1', sessionId: 's-42' }`;

/** Problems of one JSON-like value, each with its path below the context. */
function jsonLikeProblems(value: unknown, path: (string | number)[], depth: number, add: (message: string, path: (string | number)[]) => void): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) add(`must be a finite number, got ${value}`, path);
    return;
  }
  if (typeof value !== 'object') {
    add(`must be JSON-like (string, finite number, boolean, null, plain object or array), got a ${typeof value}`, path);
    return;
  }
  if (depth >= CALL_CONTEXT_LIMITS.depth) {
    add(`nests deeper than ${CALL_CONTEXT_LIMITS.depth} levels`, path);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, at) => (item === undefined ? add('must not be undefined inside an array (use null)', [...path, at]) : jsonLikeProblems(item, [...path, at], depth + 1, add)));
    return;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    add(`must be JSON-like: a plain object, got ${describeValue(value)}`, path);
    return;
  }
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key === 'symbol') {
      add('must not have symbol keys (JSON-like data has string keys only)', path);
      continue;
    }
    if (PROTOTYPE_KEYS.has(key)) add(`is refused: '${key}' is not accepted as a key at any depth (it would reach an object's prototype)`, [...path, key]);
    else if (key.length > CALL_CONTEXT_LIMITS.keyChars) add(`has a key longer than ${CALL_CONTEXT_LIMITS.keyChars} characters`, path);
    else if ((value as Record<string, unknown>)[key] !== undefined) jsonLikeProblems((value as Record<string, unknown>)[key], [...path, key], depth + 1, add);
  }
}

const principalField = z.string().min(1).max(MAX_PRINCIPAL_CHARS);

const callContextSchema = z
  .custom<Record<string, unknown>>((value) => value !== null && typeof value === 'object' && !Array.isArray(value), { message: ACCEPTED_CONTEXT })
  .superRefine((context, check) => {
    let problems = 0;
    const add = (message: string, path: (string | number)[]) => {
      problems += 1;
      // A whole sentence naming the field (the default "must be …, got …" would repeat itself here).
      check.addIssue({ code: 'custom', message: `'${pathText(['context', ...path])}' ${message}`, path, input: context, params: { sentence: true } });
    };
    const keys = Reflect.ownKeys(context);
    if (keys.length > CALL_CONTEXT_LIMITS.keys) add(`has ${keys.length} keys, more than ${CALL_CONTEXT_LIMITS.keys}; keep per-call data small (it is copied and frozen on every call)`, []);
    for (const key of keys) {
      if (typeof key === 'string' && KIT_OWNED_CONTEXT_KEYS.includes(key)) {
        add(`belongs to the kit and cannot be set per call (kit-owned keys: ${KIT_OWNED_CONTEXT_KEYS.join(', ')}); set it on the kit's context, or use another name for the application's own data`, [key]);
      }
    }
    for (const field of PRINCIPAL_FIELDS) {
      const value = context[field];
      if (value !== undefined && !principalField.safeParse(value).success) add(`must be a non-empty string of at most ${MAX_PRINCIPAL_CHARS} characters naming the ${field.slice(0, -2)}, got ${typeof value === 'string' ? `a string of ${value.length} characters` : describeValue(value)}`, [field]);
    }
    jsonLikeProblems(context, [], 0, add);
    // Measured only once it is known to be JSON-like (and so acyclic: the depth bound stopped any cycle).
    if (problems === 0 && (JSON.stringify(context)?.length ?? 0) > CALL_CONTEXT_LIMITS.jsonChars) add(`is longer than ${CALL_CONTEXT_LIMITS.jsonChars} characters as JSON`, []);
  });

const callKey = () =>
  z
    .string({ error: `a string of 1 to ${MAX_CALL_KEY_CHARS} characters` })
    .min(1, `a non-empty string of at most ${MAX_CALL_KEY_CHARS} characters`)
    .max(MAX_CALL_KEY_CHARS, `a string of at most ${MAX_CALL_KEY_CHARS} characters`);

/** `kit.execute`'s third argument: unknown keys are refused, so a misspelt `idempotencykey` never silently turns protection off. */
export const callOptionsSchema = z
  .object({
    context: callContextSchema.optional(),
    idempotencyKey: callKey().optional(),
    toolCallId: z.union([callKey(), z.number().int().nonnegative()], { error: `the model's ID for the tool call: a non-empty string of at most ${MAX_CALL_KEY_CHARS} characters or a whole number` }).optional(),
  })
  .strict();

/** One call's context and facts, checked and frozen. */
export interface PreparedCall {
  readonly context: Context;
  readonly facts: CallFacts | undefined;
}

/**
 * Checks a call's options and lays its context over the kit's (a copy, frozen all the way down, so
 * no listener can change what later policies judge). Without options the kit's own frozen context
 * is used as is, so a call without them costs nothing more than before.
 *
 * @throws AgentHooksError (E_INVALID_ARGUMENT) naming the bad field, e.g. `kit.execute: 'context.mode' …`.
 */
export function prepareCall(owner: string, kitContext: Context, options: CallOptions | undefined, argIndex = 2): PreparedCall {
  if (options === undefined) return { context: kitContext, facts: undefined };
  const { context, idempotencyKey, toolCallId } = parseOptions(owner, callOptionsSchema, options, argIndex);
  const facts: CallFacts | undefined =
    idempotencyKey === undefined && toolCallId === undefined ? undefined : Object.freeze({ ...(idempotencyKey !== undefined ? { idempotencyKey } : {}), ...(toolCallId !== undefined ? { toolCallId: String(toolCallId) } : {}) });
  if (context === undefined) return { context: kitContext, facts };
  // A structured copy: the application's object stays its own, and what the call sees cannot change under it.
  const own = freezePlainData(JSON.parse(JSON.stringify(context)) as Record<string, unknown>);
  // The kit's own session stays readable as the agent's (approvals bind to it), whatever `sessionId` the call sets.
  const agentSession = agentSessionOf(kitContext) ?? null;
  return { context: Object.freeze({ ...kitContext, ...own, [AGENT_SESSION]: agentSession }), facts };
}
