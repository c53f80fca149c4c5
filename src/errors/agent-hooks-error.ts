import { brandPrototype, ownKindOf } from '../values/own-values.js';
import { ErrorCode } from './error-codes.js';

/**
 * Every error the project raises on purpose carries a stable code from the one table
 * (error-codes.ts). Messages say what was wrong, where, and what is accepted; they never contain
 * key material.
 */
export class AgentHooksError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}
brandPrototype(AgentHooksError.prototype, 'error');

/** One of this package's errors, from either of its builds (CommonJS or ES module). */
export function isAgentHooksError(value: unknown): value is AgentHooksError {
  return value instanceof Error && ownKindOf(value) === 'error' && typeof (value as { code?: unknown }).code === 'string';
}

/**
 * Whether an error proves that nothing of the call reached the network, even when it was raised
 * while submitting: no node accepted a connection (E_NODE_UNREACHABLE) before anything was sent, or
 * the kit raised it, marked by `nothingSent`, before handing anything to the network.
 */
export function provesNothingSent(value: unknown): boolean {
  return isAgentHooksError(value) && (value.code === ErrorCode.NODE_UNREACHABLE || (value as { nothingSent?: unknown }).nothingSent === true);
}

/**
 * Marks one of this package's errors as raised before anything of the call was sent (a missing
 * binding, a mode that has no strategy), so a failure at secondaryAction says the call was not
 * submitted and a budget gives back what it held. Only code that has sent nothing may mark an error;
 * the mark is an own property, read the same by every copy and build of the package.
 */
export function nothingSent<E extends AgentHooksError>(error: E): E {
  Object.defineProperty(error, 'nothingSent', { value: true, enumerable: false });
  return error;
}

/** An InvalidParamsError from either build. */
export function isInvalidParamsError(value: unknown): value is InvalidParamsError {
  return isAgentHooksError(value) && value.code === ErrorCode.INVALID_PARAMS && Array.isArray((value as { issues?: unknown }).issues);
}

/** Tool input that failed validation; `issues` name each field by its path. */
export class InvalidParamsError extends AgentHooksError {
  constructor(
    readonly tool: string,
    readonly issues: readonly string[],
  ) {
    super(ErrorCode.INVALID_PARAMS, `Invalid parameters for ${tool}: ${issues.join('; ')}`);
  }
}

export class UnknownToolError extends AgentHooksError {
  constructor(
    readonly tool: string,
    readonly suggestions: readonly string[],
    knownTools: number,
  ) {
    super(ErrorCode.UNKNOWN_TOOL, `Unknown tool "${tool}".${unknownToolHint(suggestions, knownTools)}`);
  }
}

function unknownToolHint(suggestions: readonly string[], knownTools: number): string {
  if (knownTools === 0) return ' No tools are loaded.';
  if (suggestions.length) return ` Closest known tools: ${suggestions.join(', ')}.`;
  return ` None of the ${knownTools} known tools is close; list them to choose one.`;
}

/**
 * A constructor argument refused. `argPath` says where inside the arguments the problem is (e.g.
 * `[0, 'expression']`), so a configuration file's error can name the field: `policies[2].args[0].expression`.
 */
export function invalidArgument(message: string, argPath?: readonly (string | number)[]): AgentHooksError {
  const error = new AgentHooksError(ErrorCode.INVALID_ARGUMENT, message);
  if (argPath) Object.defineProperty(error, 'argPath', { value: Object.freeze([...argPath]), enumerable: false });
  return error;
}

/** Where inside a constructor's arguments an invalidArgument error points, if it says. */
export function argPathOf(error: unknown): readonly (string | number)[] | undefined {
  const path = (error as { argPath?: unknown } | null)?.argPath;
  return Array.isArray(path) ? path : undefined;
}

/** The message of anything thrown, without its stack. */
export function messageOf(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message || thrown.name;
  if (typeof thrown === 'string') return thrown;
  try {
    return JSON.stringify(thrown) ?? String(thrown);
  } catch {
    return String(thrown);
  }
}

/** What kind of value something is, for messages: never its contents, which may hold secrets. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  if (typeof value !== 'object') return `a ${typeof value}`;
  const name = (value as object).constructor?.name;
  return name && name !== 'Object' ? `an instance of ${name}` : 'a plain object';
}

export function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(messageOf(thrown));
}
