import { describeValue, invalidArgument } from '../../errors/index.js';
import { PRINCIPAL_FIELDS, type CallOptions } from '../../lifecycle/call-options.js';
import { modelCall } from './model-call.js';

/* Who a framework's tool call runs for: the per-call context an adapter hands kit.execute. */

/**
 * Picks the call's context (`kit.execute`'s `options.context`) out of what the framework carries for
 * the call (LangChain's `configurable` and `runtime.context`, the AI SDK's `experimental_context`,
 * the Agents SDK's `runContext.context`). Return undefined for none. It is the application's own
 * data, never the model's: tool parameters are not in it.
 */
export type CallContextPicker = (frameworkContext: unknown) => Record<string, unknown> | undefined;

/** What an adapter takes besides its tools: how to read the call's context from the framework's. */
export interface CallContextOptions {
  /**
   * Which of the framework's per-call context becomes the call's context (default: its `userId`,
   * `sessionId` and `tenantId`, as they are set; nothing else, so a database handle or an API key
   * the application keeps there never reaches the kit, its audit trail or its spans). Give a
   * function to pass more, e.g. `(ctx) => ({ ...principal(ctx), region: ctx.region })`.
   */
  callContext?: CallContextPicker;
}

/**
 * The principal fields (`userId`, `sessionId`, `tenantId`) the application set on a framework's
 * context object, as they are (the kit checks their values and says which is wrong); undefined when
 * it is no object or sets none. Only own properties count: one inherited from a prototype is not
 * something the application set for this call.
 *
 * @example
 * principalFieldsOf({ userId: 'alice', db }) // { userId: 'alice' }
 */
export function principalFieldsOf(frameworkContext: unknown): Record<string, unknown> | undefined {
  if (frameworkContext === null || typeof frameworkContext !== 'object') return undefined;
  const picked: Record<string, unknown> = {};
  for (const field of PRINCIPAL_FIELDS) {
    if (Object.prototype.hasOwnProperty.call(frameworkContext, field)) picked[field] = (frameworkContext as Record<string, unknown>)[field];
  }
  return Object.keys(picked).length ? picked : undefined;
}

/** The picker an adapter was given, checked when the adapter is built; the principal fields by default. */
export function checkedPicker(options: CallContextOptions | undefined, owner: string): CallContextPicker {
  const picker = options?.callContext;
  if (picker === undefined) return principalFieldsOf;
  if (typeof picker !== 'function') throw invalidArgument(`${owner}: callContext must be a function (frameworkContext) => ({ userId, sessionId, tenantId, … }); got ${describeValue(picker)}.`);
  return picker;
}

/**
 * Each framework context laid over the one before (later ones win, field by field), then picked:
 * the call's context, or undefined when there is none.
 */
export function pickCallContext(picker: CallContextPicker, ...frameworkContexts: unknown[]): Record<string, unknown> | undefined {
  const present = frameworkContexts.filter((value) => value !== undefined && value !== null);
  if (!present.length) return undefined;
  const merged = present.length === 1 ? present[0] : Object.assign({}, ...present.map((value) => (typeof value === 'object' ? value : {})));
  const picked = picker(merged);
  if (picked === undefined || picked === null) return undefined;
  if (typeof picked !== 'object' || Array.isArray(picked)) throw invalidArgument(`callContext must return an object (the call's context) or undefined; got ${describeValue(picked)}.`);
  return Object.keys(picked).length ? picked : undefined;
}

/**
 * `kit.execute`'s per-call options from what an adapter read: only the ones it has (the model's
 * call ID as modelCall words it: an over-long one is cut rather than failing the model's call).
 */
export function callOptions(context: Record<string, unknown> | undefined, toolCallId: string | number | undefined): CallOptions {
  return { ...(context ? { context } : {}), ...modelCall(toolCallId) };
}
