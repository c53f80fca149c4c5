import type { CallView } from './call-view.js';

/** Where the console's calls come from: a journal folder, or a topic through the mirror. */
export interface CallFeed {
  /** Every call seen so far, oldest first (at most the feed's bound). */
  calls(): readonly CallView[];
  /** Called with each new call, or with a call whose delivery state changed; returns the unsubscribe. */
  onCall(listener: (call: CallView) => void): () => void;
  /** What could not be read (a damaged journal, a mirror that did not answer), in plain words. */
  problems(): readonly string[];
  close(): void;
}

/** Calls kept in memory per console: the newest, so a long trail does not fill the process. */
export const MAX_KEPT_CALLS = 5_000;

/** The bookkeeping both feeds share: calls by ID in arrival order, bounded, and their listeners. */
export class CallList {
  private readonly byId = new Map<string, CallView>();
  private readonly listeners = new Set<(call: CallView) => void>();

  /** Adds or updates a call; tells listeners only when something changed. */
  put(call: CallView): void {
    const known = this.byId.get(call.id);
    if (known && known.delivered === call.delivered) return;
    if (!known && this.byId.size >= MAX_KEPT_CALLS) this.byId.delete(this.byId.keys().next().value!);
    this.byId.set(call.id, call);
    for (const listener of this.listeners) listener(call);
  }

  has(id: string, delivered: boolean): boolean {
    return this.byId.get(id)?.delivered === delivered;
  }

  all(): readonly CallView[] {
    return [...this.byId.values()];
  }

  subscribe(listener: (call: CallView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
