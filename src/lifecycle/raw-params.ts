import { InvalidParamsError, describeValue } from './errors.js';

/** Keys that can reach an object's prototype when merged; an LLM may send them on purpose. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 16;
const MAX_NODES = 10_000;

/**
 * Copies tool input into fresh plain data before any listener sees it, refusing what JSON from an
 * LLM should never contain: prototype-polluting keys, functions or class instances, absurd nesting
 * or size. The copy is what the lifecycle works on, so freezing it never touches the caller's object.
 */
export function copyRawParams(tool: string, input: unknown): Record<string, unknown> {
  if (input === undefined || input === null) return {};
  if (!isPlainObject(input)) {
    throw new InvalidParamsError(tool, [`parameters must be a JSON object, got ${describeValue(input)}`]);
  }
  const budget = { nodes: 0 };
  return copyValue(tool, input, '', 0, budget) as Record<string, unknown>;
}

function copyValue(tool: string, value: unknown, path: string, depth: number, budget: { nodes: number }): unknown {
  if (++budget.nodes > MAX_NODES) {
    throw new InvalidParamsError(tool, [`parameters are too large (more than ${MAX_NODES} values)`]);
  }
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function' || typeof value === 'symbol') {
      throw new InvalidParamsError(tool, [`${path || 'parameters'}: ${typeof value} values are not accepted; send JSON data`]);
    }
    return value;
  }
  if (depth >= MAX_DEPTH) {
    throw new InvalidParamsError(tool, [`${path}: nested deeper than ${MAX_DEPTH} levels`]);
  }
  if (Array.isArray(value)) {
    return value.map((item, index) => copyValue(tool, item, `${path}[${index}]`, depth + 1, budget));
  }
  if (!isPlainObject(value)) {
    throw new InvalidParamsError(tool, [`${path || 'parameters'}: ${describeValue(value)} is not accepted; send JSON data`]);
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const at = path ? `${path}.${key}` : key;
    if (FORBIDDEN_KEYS.has(key)) {
      throw new InvalidParamsError(tool, [`${at}: the key "${key}" is not allowed`]);
    }
    copy[key] = copyValue(tool, (value as Record<string, unknown>)[key], at, depth + 1, budget);
  }
  return copy;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
