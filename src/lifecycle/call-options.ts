import type { Context } from './context.js';

/**
 * What an application says about one call, beside the tool's params: `kit.execute(method, args, options)`.
 * It comes from the application (the agent framework's per-call context, the MCP session), never
 * from the model, whose only say is the params.
 */
export interface CallOptions {
  /**
   * Laid over the kit's context for this call only: who the call is for (`userId`, `sessionId`,
   * `tenantId`) and whatever else the application sets. JSON-like values; keys the kit owns
   * (`mode`, `accountId`, `hooks`, …) are refused. Frozen for the call, like everything policies judge.
   */
  context?: Record<string, unknown>;
  /**
   * The application's key for this payment: DuplicateIntentPolicy blocks a second call with the same
   * key (a retry) and lets a new key through (a deliberate second payment).
   */
  idempotencyKey?: string;
  /** The model's ID for this tool call (LangChain's `tool_call.id`, the AI SDK's `toolCallId`): on the span and the audit entry. */
  toolCallId?: string | number;
}

/** What the runner carries of a call's options once they were checked (the context is already the call's). */
export interface CallFacts {
  readonly toolCallId?: string;
  readonly idempotencyKey?: string;
}

/** For whom a call runs: the strings the call's context holds under these names. */
export interface Principal {
  readonly userId?: string;
  readonly sessionId?: string;
  readonly tenantId?: string;
}

/** The context fields that name the principal, in the order messages list them. */
export const PRINCIPAL_FIELDS = ['userId', 'sessionId', 'tenantId'] as const;

/** The longest principal field a record, entry or span carries; longer text is cut (the per-call check refuses it). */
export const MAX_PRINCIPAL_CHARS = 200;

/**
 * The principal the call's context names, or `undefined` when it names none. Only strings count:
 * a number or object under `userId` is the application's own data, not a name.
 */
export function principalOf(context: Context | Readonly<Record<string, unknown>> | undefined): Principal | undefined {
  if (context === null || typeof context !== 'object') return undefined;
  let principal: Record<string, string> | undefined;
  for (const field of PRINCIPAL_FIELDS) {
    const value = (context as Record<string, unknown>)[field];
    if (typeof value === 'string' && value !== '') (principal ??= {})[field] = value.slice(0, MAX_PRINCIPAL_CHARS);
  }
  return principal;
}

/**
 * Where a call's context keeps the session of the kit itself (the agent's `sessionId`, or `null`) once
 * a per-call context was laid over it: a per-call `sessionId` names the user's session, and must not
 * pass for the agent's where an approval is bound to the agent that asked. A registered symbol, so
 * both builds name it; JSON and `Object.keys` skip it, and a per-call context cannot set it (symbol
 * keys are refused there).
 */
export const AGENT_SESSION: unique symbol = Symbol.for('hedera-agent-hooks.agentSession');

/**
 * The session of the agent (the kit) that runs the call: the kit's own `sessionId`, whatever the
 * call's context laid over it; for a call without a per-call context, its context's `sessionId`.
 */
export function agentSessionOf(context: unknown): string | undefined {
  if (context === null || typeof context !== 'object') return undefined;
  const record = context as { [AGENT_SESSION]?: unknown; sessionId?: unknown };
  const value = AGENT_SESSION in record ? record[AGENT_SESSION] : record.sessionId;
  return typeof value === 'string' ? value : undefined;
}
