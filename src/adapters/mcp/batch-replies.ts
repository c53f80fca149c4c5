import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { RequestId } from './json-rpc-checks.js';

/** One batch whose requests are still being answered. */
interface OpenBatch {
  /** How many answers each awaited request ID still needs (a client may repeat an ID). */
  readonly awaited: Map<string | number, number>;
  readonly replies: unknown[];
  pending: number;
}

/** What became of an outgoing message: sent alone, held for its batch, or completing one. */
export type BatchOutcome = { send: unknown } | { held: true };

/**
 * Gathers the answers to a JSON-RPC batch into one array, as JSON-RPC 2.0 (section 6) asks. The
 * server answers each request of a batch on its own; the transport holds those answers here until
 * every request of the batch has one, then writes the array. A batch of notifications and
 * responses only is answered with nothing; a request the client cancels needs no answer.
 */
export class BatchReplies {
  private readonly open: OpenBatch[] = [];

  /**
   * Starts a batch awaiting `requestIds`, with the `early` replies (refused items) already in.
   * Returns the array to send now when nothing is awaited (undefined when there is nothing to send).
   */
  start(requestIds: readonly (string | number)[], early: readonly unknown[]): unknown[] | undefined {
    if (requestIds.length === 0) return early.length > 0 ? [...early] : undefined;
    const awaited = new Map<string | number, number>();
    for (const id of requestIds) awaited.set(id, (awaited.get(id) ?? 0) + 1);
    this.open.push({ awaited, replies: [...early], pending: requestIds.length });
    return undefined;
  }

  /** Routes an outgoing message: an answer to a batched request is held until its batch is complete. */
  route(message: JSONRPCMessage): BatchOutcome {
    const id = answerIdOf(message);
    const batch = id === null ? undefined : this.awaiting(id);
    if (!batch || id === null) return { send: message };
    batch.replies.push(message);
    return this.settle(batch, id) ?? { held: true };
  }

  /**
   * A request the client cancelled gets no answer (MCP), so its batch stops waiting for it; the
   * returned array, when that completes the batch, is for the caller to send.
   */
  cancel(id: RequestId): unknown[] | undefined {
    const batch = id === null ? undefined : this.awaiting(id);
    if (!batch || id === null) return undefined;
    const outcome = this.settle(batch, id);
    return outcome && batch.replies.length > 0 ? batch.replies : undefined;
  }

  /** Forgets every batch (the connection closed: nobody reads their answers). */
  clear(): void {
    this.open.length = 0;
  }

  private awaiting(id: string | number): OpenBatch | undefined {
    return this.open.find((batch) => batch.awaited.has(id));
  }

  private settle(batch: OpenBatch, id: string | number): { send: unknown[] } | undefined {
    const left = batch.awaited.get(id)! - 1;
    if (left === 0) batch.awaited.delete(id);
    else batch.awaited.set(id, left);
    if (--batch.pending > 0) return undefined;
    this.open.splice(this.open.indexOf(batch), 1);
    return { send: batch.replies };
  }
}

/** The ID of a response or error the server sends (server requests and notifications have a method). */
function answerIdOf(message: JSONRPCMessage): string | number | null {
  const fields = message as { id?: unknown; method?: unknown };
  if (fields.method !== undefined) return null;
  return typeof fields.id === 'string' || typeof fields.id === 'number' ? fields.id : null;
}
