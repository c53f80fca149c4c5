import { brandPrototype, ownKindOf } from '../values/own-values.js';
import type { BlockedBy } from './tool-result.js';

/**
 * Every error the project raises on purpose, with a stable code. Messages say what was wrong,
 * where, and what is accepted; they never contain key material.
 */
export const ErrorCode = {
  INVALID_ARGUMENT: 'E_INVALID_ARGUMENT',
  INVALID_PARAMS: 'E_INVALID_PARAMS',
  UNKNOWN_TOOL: 'E_UNKNOWN_TOOL',
  POLICY_BLOCKED: 'E_POLICY_BLOCKED',
  INVALID_LISTENER: 'E_INVALID_LISTENER',
  PLUGIN_LOAD: 'E_PLUGIN_LOAD',
  PLUGIN_INVALID: 'E_PLUGIN_INVALID',
  DUPLICATE_TOOL: 'E_DUPLICATE_TOOL',
  INJECTION: 'E_INJECTION',
  MODE: 'E_MODE',
  KIT_CLOSED: 'E_KIT_CLOSED',
  /** A tool step threw something that is not one of ours and carries no Hedera status. */
  TOOL_FAILED: 'E_TOOL_FAILED',
  /** A tool's core action returned something the kit can neither submit nor report as a final result. */
  TOOL_RESULT: 'E_TOOL_RESULT',
  MIRROR_NOT_FOUND: 'E_MIRROR_NOT_FOUND',
  MIRROR_UNAVAILABLE: 'E_MIRROR_UNAVAILABLE',
  MIRROR_BAD_RESPONSE: 'E_MIRROR_BAD_RESPONSE',
  MIRROR_NOT_CONFIGURED: 'E_MIRROR_NOT_CONFIGURED',
  /** No exchange rate known to be in force could be read (mirror unreachable, or only expired rates): a dollar rule fails closed. */
  EXCHANGE_RATE_UNAVAILABLE: 'E_EXCHANGE_RATE_UNAVAILABLE',
  CONFIG: 'E_CONFIG',
  /** Values or a transaction changed after policies approved them; nothing was sent. */
  APPROVAL_CHANGED: 'E_APPROVAL_CHANGED',
  /** A feature needs an optional peer dependency that is not installed. */
  MISSING_PEER: 'E_MISSING_PEER',
  /** A stateful policy's store (Redis) cannot be reached or answered with an error; the policy blocks. */
  STORE_UNAVAILABLE: 'E_STORE_UNAVAILABLE',
  /** No consensus node accepted a connection before anything was sent: nothing was submitted, a retry is safe. */
  NODE_UNREACHABLE: 'E_NODE_UNREACHABLE',
  USAGE: 'E_USAGE',
  FAILED: 'E_FAILED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

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
 * while submitting: no node accepted a connection (E_NODE_UNREACHABLE) before anything was sent.
 */
export function provesNothingSent(value: unknown): boolean {
  return isAgentHooksError(value) && value.code === ErrorCode.NODE_UNREACHABLE;
}

/** A PolicyBlockedError from either build. */
export function isPolicyBlockedError(value: unknown): value is PolicyBlockedError {
  if (!isAgentHooksError(value) || value.code !== ErrorCode.POLICY_BLOCKED) return false;
  const blockedBy = (value as { blockedBy?: { policy?: unknown; stage?: unknown } }).blockedBy;
  return typeof blockedBy?.policy === 'string' && typeof blockedBy.stage === 'string';
}

/** An InvalidParamsError from either build. */
export function isInvalidParamsError(value: unknown): value is InvalidParamsError {
  return isAgentHooksError(value) && value.code === ErrorCode.INVALID_PARAMS && Array.isArray((value as { issues?: unknown }).issues);
}

/**
 * Raised by the runner when a policy refuses a call; one place, one shape. The message starts with
 * the Hedera Agent Kit's sentence (`Action <tool> blocked by policy: <name> (<description>)`), so code
 * that matches on it keeps working; the stage and reason follow.
 */
export class PolicyBlockedError extends AgentHooksError {
  constructor(
    readonly tool: string,
    readonly blockedBy: BlockedBy,
    description?: string,
  ) {
    super(
      ErrorCode.POLICY_BLOCKED,
      `Action ${tool} blocked by policy: ${blockedBy.policy}${description ? ` (${description})` : ''} at ${blockedBy.stage}` +
        (blockedBy.reason ? `: ${blockedBy.reason}` : ''),
    );
  }
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
