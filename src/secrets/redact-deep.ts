import { isPrivateKey } from '../compat/sdk-values.js';
import { REDACTED } from './private-key-patterns.js';

/** Deeper than any result or entry the kit writes; beyond it a value is not walked but replaced. */
const MAX_DEPTH = 64;

/**
 * Applies `text` to every string in a value, object keys included, copying only what changes (so an
 * untouched result keeps its identity). PrivateKey objects become `[REDACTED]`; other class instances
 * (SDK values, transactions, bytes) go to `instance`, which keeps or renders them.
 *
 * @example
 * redactDeep({ memo: 'k=' + key.toStringRaw() }, (s) => redactor.redact(s), (v) => v); // { memo: 'k=[REDACTED]' }
 */
export function redactDeep(value: unknown, text: (value: string) => string, instance: (value: object) => unknown): unknown {
  return walk(value, text, instance, 0, new WeakSet());
}

function walk(value: unknown, text: (value: string) => string, instance: (value: object) => unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return text(value);
  if (value === null || typeof value !== 'object') return value;
  if (isPrivateKey(value)) return REDACTED;
  if (depth > MAX_DEPTH || seen.has(value)) return '[UNRENDERABLE]';
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      let changed = false;
      const items = value.map((item) => {
        const out = walk(item, text, instance, depth + 1, seen);
        if (out !== item) changed = true;
        return out;
      });
      return changed ? items : value;
    }
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      const out = instance(value);
      return typeof out === 'string' ? text(out) : out === value ? value : walk(out, text, instance, depth + 1, seen);
    }
    let changed = false;
    const copy: Record<string, unknown> = proto === null ? Object.create(null) : {};
    for (const [key, item] of Object.entries(value)) {
      const name = text(key);
      const out = walk(item, text, instance, depth + 1, seen);
      if (name !== key || out !== item) changed = true;
      // defineProperty: a key named "__proto__" stays a key instead of replacing the copy's prototype.
      Object.defineProperty(copy, name, { value: out, enumerable: true, writable: true, configurable: true });
    }
    return changed ? copy : value;
  } finally {
    seen.delete(value);
  }
}
