import { isPrivateKey } from '../values/sdk-values.js';
import { hasOwnIn } from '../lifecycle/primordials.js';
import { REDACTED } from '../values/private-key-patterns.js';

/**
 * Deeper than any result or entry the kit writes; beyond it a value is not walked but replaced. It
 * also ends a cycle (which JSON could not carry anyway), so no set of visited objects is kept.
 */
const MAX_DEPTH = 64;

/** How one walk treats strings and class instances. */
export interface RedactRules {
  /** Cuts what must not leave from one string (values and object keys alike). */
  text(value: string): string;
  /** The same for an object key (the kit remembers these: a few names recur in every result). */
  name(key: string): string;
  /** Strings shorter than this are left alone without calling `text`: it would return them unchanged. */
  readonly shortestCut: number;
  /** What a class instance (SDK value, transaction, bytes) becomes; returning it keeps it. */
  instance(value: object): unknown;
}

/**
 * Applies `rules.text` to every string in a value, object keys included, copying only what changes
 * (so an untouched result keeps its identity and costs no allocation). PrivateKey objects become
 * `[REDACTED]`; other class instances go to `rules.instance`, which keeps or renders them. Every
 * result of every call passes here, which is why short strings never reach `text`.
 *
 * @example
 * redactDeep({ memo: 'k=' + key.toStringRaw() }, { text: (s) => redactor.redact(s), name: (s) => redactor.redact(s), shortestCut: 12, instance: (v) => v }); // { memo: 'k=[REDACTED]' }
 */
export function redactDeep(value: unknown, rules: RedactRules): unknown {
  return walk(value, rules, 0);
}

function walk(value: unknown, rules: RedactRules, depth: number): unknown {
  if (typeof value === 'string') return value.length < rules.shortestCut ? value : rules.text(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '[UNRENDERABLE]';
  if (Array.isArray(value)) return walkArray(value, rules, depth);
  const proto = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) return walkObject(value as Record<string, unknown>, proto === null, rules, depth);
  if (isPrivateKey(value)) return REDACTED;
  const out = rules.instance(value);
  return typeof out === 'string' ? rules.text(out) : out === value ? value : walk(out, rules, depth + 1);
}

function walkArray(value: readonly unknown[], rules: RedactRules, depth: number): unknown {
  let copy: unknown[] | undefined;
  for (let at = 0; at < value.length; at++) {
    const out = walk(value[at], rules, depth + 1);
    if (out !== value[at] && !copy) copy = value.slice(0, at);
    if (copy) copy.push(out);
  }
  return copy ?? value;
}

function walkObject(value: Record<string, unknown>, bare: boolean, rules: RedactRules, depth: number): unknown {
  const shortestCut = rules.shortestCut;
  let copy: Record<string, unknown> | undefined;
  let seen = 0;
  // for…in over own keys (in Object.keys order) reads V8's enum cache; Object.keys made an array
  // per object, a measured share of every call's result redaction.
  for (const key in value) {
    if (!hasOwnIn(value, key)) continue;
    const item = value[key];
    const name = key.length < shortestCut ? key : rules.name(key);
    // Numbers, booleans and short strings come back as they are: no call for them.
    const out = typeof item === 'string' ? (item.length < shortestCut ? item : rules.text(item)) : typeof item === 'object' && item !== null ? walk(item, rules, depth + 1) : item;
    if ((name !== key || out !== item) && !copy) {
      copy = bare ? Object.create(null) : {};
      let earlier = 0;
      for (const before in value) {
        if (earlier === seen) break;
        if (!hasOwnIn(value, before)) continue;
        define(copy!, before, value[before]);
        earlier++;
      }
    }
    if (copy) define(copy, name, out);
    seen++;
  }
  return copy ?? value;
}

/** defineProperty: a key named "__proto__" stays a key instead of replacing the copy's prototype. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
