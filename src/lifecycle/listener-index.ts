import { arrayIncludes, mapClearIn, mapGetIn, mapSetIn, setHasIn } from './primordials.js';
import { ALL_TOOLS, LIFECYCLE_STAGES, type LifecycleStage } from './stages.js';
import type { StageListener } from './stage-listener.js';

/**
 * The ready-made listener lists of one tool, per stage (`null` when a stage has none), and whether
 * any listener at all watches the tool.
 */
export type ToolPlan = { readonly [S in LifecycleStage]: readonly StageListener[] | null } & {
  readonly watched: boolean;
  /** Every listener of the tool is one of the kit's policies that never write what they judge. */
  readonly onlyReaders: boolean;
};

/**
 * A listener and its place in registration order. A class, not an object literal: a kit keeps the
 * thousands it makes at start, and V8 would then allocate a literal's later copies in the old
 * generation (allocation-site pretenuring), which is slower to start with.
 */
class Entry {
  constructor(
    readonly listener: StageListener,
    readonly seq: number,
  ) {}
}

/**
 * Listeners indexed by (stage, tool) when they are registered. Wildcard listeners are folded into
 * each tool's list when the plan is built, so a call only walks the listeners relevant to it and its
 * cost does not grow with listeners registered for other tools. Plans are rebuilt lazily after a
 * registration change; lists are never mutated once handed out, so a dispatch in progress is not
 * disturbed by a registration.
 *
 * Plain indexed loops and captured Map methods (see primordials.ts), not Array.prototype.filter or a
 * patched Map: a plugin that patches built-ins after this package loaded cannot drop a policy here.
 */
export class ListenerIndex {
  /**
   * @param offered The only tools calls can be planned for, when the kit's tools are fixed: a
   *   listener's other names are not indexed, since no plan would read them (a shared list of a
   *   thousand hooks naming other kits' tools then costs no bucket per name).
   */
  constructor(private readonly offered?: ReadonlySet<string>) {}

  private readonly byTool = new Map<string, Entry[]>();
  private readonly wildcard: Entry[] = [];
  private readonly plans = new Map<string, ToolPlan>();
  /** Some plan is cached: a registration must drop them (a kit registering thousands at start has none yet). */
  private planned = false;
  private seq = 0;
  private changes = 0;

  /** Counts registration changes: a plan derived from this index is current while it is unchanged. */
  get version(): number {
    return this.changes;
  }

  /**
   * Registers a listener for good, as a kit does with the listeners it starts with: the same as
   * `add` without the means to remove it, which a kit registering thousands would make for nothing.
   */
  addLasting(listener: StageListener): void {
    const entry = new Entry(listener, this.seq++);
    const { tools } = listener;
    if (arrayIncludes(tools, ALL_TOOLS)) this.wildcard[this.wildcard.length] = entry;
    else {
      for (let at = 0; at < tools.length; at++) {
        if (!this.isOffered(tools[at]!)) continue;
        const bucket = this.bucketOf(tools[at]!);
        // A name listed twice lands in its bucket once: the entry is that bucket's last if already there.
        if (bucket[bucket.length - 1] !== entry) bucket[bucket.length] = entry;
      }
    }
    this.dropPlans();
    this.changes++;
  }

  /** Registers a listener; returns a function that removes it. */
  add(listener: StageListener): () => void {
    const entry = new Entry(listener, this.seq++);
    const targets = arrayIncludes(listener.tools, ALL_TOOLS) ? [this.wildcard] : this.toolBuckets(listener.tools);
    for (let at = 0; at < targets.length; at++) targets[at]![targets[at]!.length] = entry;
    this.dropPlans();
    this.changes++;
    return () => {
      for (let at = 0; at < targets.length; at++) {
        const bucket = targets[at]!;
        const found = bucket.indexOf(entry);
        if (found >= 0) bucket.splice(found, 1);
      }
      this.dropPlans();
      this.changes++;
    };
  }

  private dropPlans(): void {
    if (!this.planned) return;
    mapClearIn(this.plans);
    this.planned = false;
  }

  /** The longest time budget any registered policy has of its own, in ms (undefined: none has one). */
  longestTimeoutMs(): number | undefined {
    let longest: number | undefined;
    const consider = (entries: readonly Entry[]) => {
      for (const { listener } of entries) if (listener.timeoutMs !== undefined && (longest === undefined || listener.timeoutMs > longest)) longest = listener.timeoutMs;
    };
    consider(this.wildcard);
    for (const entries of this.byTool.values()) consider(entries);
    return longest;
  }

  /** The listener lists for one tool; cached until the next registration change. */
  plan(tool: string): ToolPlan {
    let plan = mapGetIn(this.plans, tool);
    if (!plan) {
      plan = this.buildPlan(tool);
      mapSetIn(this.plans, tool, plan);
      this.planned = true;
    }
    return plan;
  }

  private toolBuckets(tools: readonly string[]): Entry[][] {
    const buckets: Entry[][] = [];
    for (let at = 0; at < tools.length; at++) {
      if (!this.isOffered(tools[at]!)) continue;
      const bucket = this.bucketOf(tools[at]!);
      if (!arrayIncludes(buckets, bucket)) buckets[buckets.length] = bucket;
    }
    return buckets;
  }

  private isOffered(tool: string): boolean {
    return this.offered === undefined || setHasIn(this.offered, tool);
  }

  private bucketOf(tool: string): Entry[] {
    let bucket = mapGetIn(this.byTool, tool);
    if (!bucket) mapSetIn(this.byTool, tool, (bucket = []));
    return bucket;
  }

  private buildPlan(tool: string): ToolPlan {
    const own = mapGetIn(this.byTool, tool) ?? [];
    const entries: Entry[] = [];
    for (let at = 0; at < own.length; at++) entries[entries.length] = own[at]!;
    for (let at = 0; at < this.wildcard.length; at++) entries[entries.length] = this.wildcard[at]!;
    let onlyReaders = entries.length > 0;
    for (let at = 0; at < entries.length; at++) if (entries[at]!.listener.neverWrites !== true) onlyReaders = false;
    const plan = { watched: entries.length > 0, onlyReaders } as Record<LifecycleStage, readonly StageListener[] | null> & { watched: boolean; onlyReaders: boolean };
    for (let s = 0; s < LIFECYCLE_STAGES.length; s++) {
      const stage = LIFECYCLE_STAGES[s]!;
      // Hooks before policies so policies judge final values; registration order within each.
      const listeners: StageListener[] = [];
      for (let k = 0; k < KINDS.length; k++) {
        const kind = KINDS[k];
        const picked: Entry[] = [];
        for (let at = 0; at < entries.length; at++) {
          const entry = entries[at]!;
          if (entry.listener.stage === stage && entry.listener.kind === kind) insertBySeq(picked, entry);
        }
        for (let at = 0; at < picked.length; at++) listeners[listeners.length] = picked[at]!.listener;
      }
      plan[stage] = listeners.length ? Object.freeze(listeners) : null;
    }
    return Object.freeze(plan);
  }
}

const KINDS = ['hook', 'policy'] as const;

/** Keeps `entries` ordered by registration; lists are short, so insertion is enough. */
function insertBySeq(entries: Entry[], entry: Entry): void {
  let at = entries.length;
  while (at > 0 && entries[at - 1]!.seq > entry.seq) {
    entries[at] = entries[at - 1]!;
    at--;
  }
  entries[at] = entry;
}
