import { isPrivateKey } from '../compat/sdk-values.js';
import { REDACTED } from './private-key-patterns.js';

/**
 * Deeper than any result or entry the kit writes; beyond it a value is not walked but replaced. It
 * also ends a cycle (which JSON could not carry anyway), so no set of visited objects is kept.
 */
const MAX_DEPTH = 64;

/**
 * Applies `text` to every string in a value, object keys included, copying only what changes (so an
 * untouched result keeps its identity and costs no allocation). PrivateKey objects become
 * `[REDACTED]`; other class instances (SDK values, transactions, bytes) go to `instance`, which keeps
 * or renders them.
 *
 * @example
 * redactDeep({ memo: 'k=' + key.toStringRaw() }, (s) => redactor.redact(s), (v) => v); // { memo: 'k=[REDACTED]' }
 */
export function redactDeep(value: unknown, text: (value: string) => string, instance: (value: object) => unknown): unknown {
  return walk(value, text, instance, 0);
}

function walk(value: unknown, text: (value: string) => string, instance: (value: object) => unknown, depth: number): unknown {
  if (typeof value === 'string') return text(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '[UNRENDERABLE]';
  if (Array.isArray(value)) return walkArray(value, text, instance, depth);
  const proto = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) return walkObject(value as Record<string, unknown>, proto === null, text, instance, depth);
  if (isPrivateKey(value)) return REDACTED;
  const out = instance(value);
  return typeof out === 'string' ? text(out) : out === value ? value : walk(out, text, instance, depth + 1);
}

function walkArray(value: readonly unknown[], text: (value: string) => string, instance: (value: object) => unknown, depth: number): unknown {
  let copy: unknown[] | undefined;
  for (let at = 0; at < value.length; at++) {
    const out = walk(value[at], text, instance, depth + 1);
    if (out !== value[at] && !copy) copy = value.slice(0, at);
    if (copy) copy.push(out);
  }
  return copy ?? value;
}

function walkObject(value: Record<string, unknown>, bare: boolean, text: (value: string) => string, instance: (value: object) => unknown, depth: number): unknown {
  const keys = Object.keys(value);
  let copy: Record<string, unknown> | undefined;
  for (let at = 0; at < keys.length; at++) {
    const key = keys[at]!;
    const item = value[key];
    const name = text(key);
    const out = walk(item, text, instance, depth + 1);
    if ((name !== key || out !== item) && !copy) {
      copy = bare ? Object.create(null) : {};
      for (const earlier of keys.slice(0, at)) define(copy!, earlier, value[earlier]);
    }
    if (copy) define(copy, name, out);
  }
  return copy ?? value;
}

/** defineProperty: a key named "__proto__" stays a key instead of replacing the copy's prototype. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
