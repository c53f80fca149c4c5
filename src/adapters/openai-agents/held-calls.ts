import type { ToolResult } from '../../lifecycle/tool-result.js';

/** How many calls a toolkit remembers: calls whose approval was rejected in the run are never collected otherwise. */
const MAX_REMEMBERED = 10_000;

/**
 * What a toolkit knows about the Agents SDK's tool calls between the SDK asking whether a call
 * needs approval and the SDK running it, by the model's call ID:
 *
 * - `settled`: the kit ran the call while the SDK asked (it has a deferred ApprovalPolicy, and that
 *   policy did not hold this call); `execute` hands the SDK that result instead of running it again.
 * - `held`: the kit's deferred ApprovalPolicy holds the call as approval request `requestId`; the SDK
 *   interrupts the run, and once the run is approved and resumed, `execute` resumes that request.
 *
 * Instance state of one toolkit, never module state: another toolkit, or another copy of this
 * package, has its own.
 */
export class HeldCalls {
  private readonly settled = new Map<string, ToolResult>();
  private readonly held = new Map<string, string>();

  settle(callId: string, result: ToolResult): void {
    remember(this.settled, callId, result);
  }

  /** The result the kit gave while the SDK asked, once: a second call with the same ID runs anew. */
  takeSettled(callId: string): ToolResult | undefined {
    const result = this.settled.get(callId);
    this.settled.delete(callId);
    return result;
  }

  hold(callId: string, requestId: string): void {
    remember(this.held, callId, requestId);
  }

  /** The approval request holding the call, while it is held. */
  requestOf(callId: string): string | undefined {
    return this.held.get(callId);
  }

  release(callId: string): void {
    this.held.delete(callId);
  }
}

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key);
  map.set(key, value);
  // Maps iterate in insertion order: the first key is the oldest.
  if (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value as string);
}
