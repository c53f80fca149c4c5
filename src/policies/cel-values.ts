import { bigintOfLong, isEntityId, isHbar, isLong, isPrivateKey, isPublicKey, tinybarsOfHbar } from '../values/sdk-values.js';
import { REDACTED } from '../values/private-key-patterns.js';
import type { Movement } from '../values/movement.js';

/** Deeper than any tool's params; beyond it values read as null rather than recursing without end. */
const MAX_DEPTH = 32;

/**
 * A value as a CEL expression reads it. CEL has 64-bit ints (bigint in the CEL library), doubles,
 * strings, bools, bytes, timestamps, lists and maps, and no classes, so SDK values become their CEL
 * counterparts: `Long` → int, `Hbar` → int tinybars, IDs and public keys → strings. Private keys
 * never reach an expression (they read as "[REDACTED]"). Other class instances become maps of
 * their own fields; functions and `undefined` fields are left out, so `has(x.field)` tells them apart.
 */
export function celValue(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'bigint':
    case 'number':
      return value;
    case 'object':
      break;
    default:
      return null;
  }
  if (isLong(value)) return bigintOfLong(value);
  if (isHbar(value)) return tinybarsOfHbar(value);
  if (isPrivateKey(value)) return REDACTED;
  if (isPublicKey(value)) return value.toStringDer();
  if (isEntityId(value)) return value.toString();
  if (value instanceof Uint8Array || value instanceof Date) return value;
  if (depth >= MAX_DEPTH || seen.has(value)) return null;
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => celValue(item, depth + 1, seen));
    const out: Record<string, unknown> = {};
    const entries = value instanceof Map ? [...value].map(([key, item]) => [String(key), item] as const) : Object.entries(value);
    for (const [key, item] of entries) {
      if (item === undefined || typeof item === 'function') continue;
      // defineProperty: a key named "__proto__" in the input stays a key.
      Object.defineProperty(out, key, { value: celValue(item, depth + 1, seen), enumerable: true, writable: true, configurable: true });
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

/** A movement as a CEL map: `amount`, `serial` and `decimals` are ints; optional fields only when set. */
export function celMovement(movement: Movement): Record<string, unknown> {
  return {
    asset: movement.asset,
    from: movement.from,
    to: movement.to,
    amount: movement.amount,
    display: movement.display,
    ...(movement.serial !== undefined ? { serial: BigInt(movement.serial) } : {}),
    ...(movement.decimals !== undefined ? { decimals: BigInt(movement.decimals) } : {}),
    ...(movement.unbounded ? { unbounded: true } : {}),
  };
}
