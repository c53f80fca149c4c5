import type { AnyAuditEntry } from '../audit/index.js';
import { approvalStoryView, storyKeyOf } from './approval-story.js';
import { callView, type CallView } from './call-view.js';
import type { ExplorerLinks } from './explorer-links.js';

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
/** Entries remembered as read (so a re-read of a journal sends nothing twice): a few per kept call. */
const MAX_SEEN_ENTRIES = MAX_KEPT_CALLS * 4;

type StoryPart = { entry: AnyAuditEntry; source: string; delivered: boolean };

/**
 * The bookkeeping both feeds share: calls by ID in arrival order, bounded, and their listeners. The
 * entries of one approval request (the request, the call held for it, the decisions, the call that
 * ran) make one row, whose state advances as they arrive (approval-story.ts).
 */
export class CallList {
  private readonly byId = new Map<string, CallView>();
  private readonly listeners = new Set<(call: CallView) => void>();
  private readonly seen = new Map<string, boolean>();
  private readonly stories = new Map<string, Map<string, StoryPart>>();

  constructor(private readonly links: ExplorerLinks) {}

  /** Adds an entry read from `source`, unless it was read already with the same delivery state. */
  putEntry(entry: AnyAuditEntry, source: string, delivered: boolean): void {
    if (this.seen.get(entry.id) === delivered) return;
    remember(this.seen, entry.id, delivered, MAX_SEEN_ENTRIES);
    const key = storyKeyOf(entry);
    if (key === undefined) return this.put(callView(entry, source, delivered, this.links));
    const parts = this.stories.get(key) ?? new Map<string, StoryPart>();
    parts.set(entry.id, { entry, source, delivered });
    remember(this.stories, key, parts, MAX_KEPT_CALLS);
    this.put(approvalStoryView(key, [...parts.values()], this.links));
  }

  /** Adds or updates a call; tells listeners only when something changed. */
  put(call: CallView): void {
    const known = this.byId.get(call.id);
    if (known && JSON.stringify(known) === JSON.stringify(call)) return;
    if (!known && this.byId.size >= MAX_KEPT_CALLS) this.byId.delete(this.byId.keys().next().value!);
    this.byId.set(call.id, call);
    for (const listener of this.listeners) listener(call);
  }

  all(): readonly CallView[] {
    return [...this.byId.values()];
  }

  subscribe(listener: (call: CallView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Sets `key` in a map bounded to `max` entries, dropping the oldest. */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  if (!map.has(key) && map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
}
