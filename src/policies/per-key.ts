import { createHash } from 'node:crypto';
import { z } from 'zod';
import { describeValue } from '../errors/index.js';

/**
 * The `per` option of the stateful policies: whose budget, rate or intents a call counts against.
 * A dotted path into the call's context (`'context.sessionId'`, `'context.tenant.id'`), which the
 * application sets and the model cannot write, or a function of the call's event (code only). The
 * model writes the params, so a path into them is refused: keyed on what the model sends, an agent
 * could mint a fresh budget per call. A function may read them; writing one says so on purpose.
 */
export type PerOption<E> = string | ((event: E) => string | undefined);

/** The longest key a call may carry; a longer one is refused rather than cut (two keys would meet). */
export const MAX_PER_KEY_LENGTH = 256;
/** How much of a key a block reason shows. */
const SHOWN_KEY_LENGTH = 64;
const SEGMENT = /^[A-Za-z_$][\w$-]{0,63}$/;
const UNSAFE_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);
const PATH_ACCEPTED = "a path into the call's context such as 'context.sessionId' (letters, digits, '_', '$', '-' between dots, at most 8 parts), or a function (event) => string | undefined";

/** The schema piece for `per`: a context path (checked here) or a function. */
export const perOption = z.union([z.string(), z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function')], { error: PATH_ACCEPTED }).superRefine((per, ctx) => {
  if (typeof per !== 'string') return;
  const problem = pathProblem(per);
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: `${PATH_ACCEPTED}${problem}`, input: per });
});

function pathProblem(path: string): string | undefined {
  const parts = path.split('.');
  if (parts[0] === 'rawParams' || parts[0] === 'normalisedParams' || parts[0] === 'params') {
    return ` (the params are what the model writes, so a key read from them lets it choose its own budget; use a function to do that on purpose)`;
  }
  if (parts[0] !== 'context' || parts.length < 2 || parts.length > 8) return '';
  if (parts.some((part) => !SEGMENT.test(part) || UNSAFE_SEGMENTS.has(part))) return '';
  return undefined;
}

/**
 * Reads a call's key, checked: a string of 1 to 256 characters. Anything else throws, naming what
 * was read, so the call is blocked rather than pooled with the calls that have no key.
 */
export class PerKey<E extends { context?: unknown }> {
  /** What the key is, for messages: `context.sessionId` or `the per function`. */
  readonly label: string;
  private readonly read: (event: E) => unknown;

  constructor(per: PerOption<E>) {
    if (typeof per === 'function') {
      this.label = 'the per function';
      this.read = per;
    } else {
      this.label = per;
      const parts = per.split('.').slice(1);
      this.read = (event) => readPath(event.context, parts);
    }
  }

  /** The call's key; throws, saying which key could not be read and why, when it is not a usable one. */
  of(event: E): string {
    let key: unknown;
    try {
      key = this.read(event);
    } catch (error) {
      throw new Error(`cannot read the call's ${this.label} key (${error instanceof Error ? error.message : describeValue(error)}), so it is counted against no one's budget; refused`);
    }
    if (typeof key !== 'string' || key.length === 0 || key.length > MAX_PER_KEY_LENGTH) {
      const what = typeof key === 'string' ? (key.length === 0 ? 'an empty string' : `a string of ${key.length} characters`) : describeValue(key);
      throw new Error(`cannot read the call's ${this.label} key: it is ${what}, not a string of 1 to ${MAX_PER_KEY_LENGTH} characters, so it is counted against no one's budget; refused`);
    }
    return key;
  }
}

/** Own properties only: a path never reaches into a prototype. */
function readPath(root: unknown, parts: readonly string[]): unknown {
  let value = root;
  for (const part of parts) {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function') || !Object.prototype.hasOwnProperty.call(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * A store name for one key's share of `name`: the key hashed (SHA-256, base64url), so no key can
 * collide with another, reach the store's separators (`:`, `{}`), or be read back from the store.
 * `#` is no character of a name, so a scoped name never meets a plain one.
 */
export function scopedName(name: string, key: string): string {
  return `${name}#${createHash('sha256').update(key, 'utf8').digest('base64url')}`;
}

/** The principal paths, as a reason names whose budget it was: `session "42"` reads better than `context.sessionId "42"`. */
const PRINCIPAL_NOUNS: Readonly<Record<string, string>> = Object.freeze({ 'context.userId': 'user', 'context.sessionId': 'session', 'context.tenantId': 'tenant' });

/**
 * A key as a block reason shows it: whose it is (`session`, `user`, `tenant` for the principal's
 * paths, else the path or "the per function"), then the key quoted and escaped, at most 64
 * characters of it. The key is the application's (or, through a function, anyone's) text, so it is
 * shown as data, never as words of the sentence.
 */
export function shownKey(label: string, key: string): string {
  const cut = key.length > SHOWN_KEY_LENGTH ? `${key.slice(0, SHOWN_KEY_LENGTH)}…` : key;
  return `${PRINCIPAL_NOUNS[label] ?? label} ${JSON.stringify(cut)}`;
}
