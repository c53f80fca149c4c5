import { InvalidParamsError, describeValue } from '../errors/index.js';

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
  return copyFlat(input) ?? (copyValue({ tool, nodes: 0, path: [] }, input) as Record<string, unknown>);
}

/**
 * The copy of input whose values are all primitives (most tool calls), without the walk's path and
 * count; undefined as soon as a value, a key or the size needs the walk, which then copies (or
 * refuses, with its own words) the whole input. Refuses nothing itself, so both agree.
 */
function copyFlat(input: Record<string, unknown>): Record<string, unknown> | undefined {
  const copy: Record<string, unknown> = {};
  const keys = Object.keys(input);
  // The walk counts the input itself and each value: more than MAX_NODES is refused there.
  if (keys.length >= MAX_NODES) return undefined;
  for (let at = 0; at < keys.length; at++) {
    const key = keys[at]!;
    const value = input[key];
    if (value !== null && (typeof value === 'object' || typeof value === 'function' || typeof value === 'symbol')) return undefined;
    if (FORBIDDEN_KEYS.has(key)) return undefined;
    copy[key] = value;
  }
  return copy;
}

interface Walk {
  readonly tool: string;
  nodes: number;
  /** Keys and indexes down to the value being copied; turned into text only for an error. */
  readonly path: (string | number)[];
}

function copyValue(walk: Walk, value: unknown): unknown {
  if (++walk.nodes > MAX_NODES) {
    throw new InvalidParamsError(walk.tool, [`parameters are too large (more than ${MAX_NODES} values)`]);
  }
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function' || typeof value === 'symbol') {
      throw new InvalidParamsError(walk.tool, [`${pathText(walk.path) || 'parameters'}: ${typeof value} values are not accepted; send JSON data`]);
    }
    return value;
  }
  const path = walk.path;
  if (path.length >= MAX_DEPTH) {
    throw new InvalidParamsError(walk.tool, [`${pathText(path)}: nested deeper than ${MAX_DEPTH} levels`]);
  }
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index++) {
      path.push(index);
      copy[index] = copyValue(walk, value[index]);
      path.pop();
    }
    return copy;
  }
  if (!isPlainObject(value)) {
    throw new InvalidParamsError(walk.tool, [`${pathText(path) || 'parameters'}: ${describeValue(value)} is not accepted; send JSON data`]);
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    path.push(key);
    if (FORBIDDEN_KEYS.has(key)) {
      throw new InvalidParamsError(walk.tool, [`${pathText(path)}: the key "${key}" is not allowed`]);
    }
    copy[key] = copyValue(walk, (value as Record<string, unknown>)[key]);
    path.pop();
  }
  return copy;
}

/** `transfers[0].accountId`: the path as the error messages name fields. */
function pathText(path: readonly (string | number)[]): string {
  let text = '';
  for (const part of path) text += typeof part === 'number' ? `[${part}]` : text ? `.${part}` : part;
  return text;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
