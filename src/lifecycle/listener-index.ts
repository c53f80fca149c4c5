import { ALL_TOOLS, LIFECYCLE_STAGES, type LifecycleStage } from './stages.js';
import type { StageListener } from './stage-listener.js';

/**
 * The ready-made listener lists of one tool, per stage (`null` when a stage has none), and whether
 * any listener at all watches the tool.
 */
export type ToolPlan = { readonly [S in LifecycleStage]: readonly StageListener[] | null } & { readonly watched: boolean };

interface Entry {
  readonly listener: StageListener;
  readonly seq: number;
}

/**
 * Listeners indexed by (stage, tool) when they are registered. Wildcard listeners are folded into
 * each tool's list when the plan is built, so a call only walks the listeners relevant to it and its
 * cost does not grow with listeners registered for other tools. Plans are rebuilt lazily after a
 * registration change; lists are never mutated once handed out, so a dispatch in progress is not
 * disturbed by a registration.
 */
export class ListenerIndex {
  private readonly byTool = new Map<string, Entry[]>();
  private readonly wildcard: Entry[] = [];
  private readonly plans = new Map<string, ToolPlan>();
  private seq = 0;

  /** Registers a listener; returns a function that removes it. */
  add(listener: StageListener): () => void {
    const entry: Entry = { listener, seq: this.seq++ };
    const targets = listener.tools.includes(ALL_TOOLS) ? [this.wildcard] : this.toolBuckets(listener.tools);
    for (const bucket of targets) bucket.push(entry);
    this.plans.clear();
    return () => {
      for (const bucket of targets) {
        const at = bucket.indexOf(entry);
        if (at >= 0) bucket.splice(at, 1);
      }
      this.plans.clear();
    };
  }

  /** The listener lists for one tool; cached until the next registration change. */
  plan(tool: string): ToolPlan {
    let plan = this.plans.get(tool);
    if (!plan) {
      plan = this.buildPlan(tool);
      this.plans.set(tool, plan);
    }
    return plan;
  }

  private toolBuckets(tools: readonly string[]): Entry[][] {
    return [...new Set(tools)].map((tool) => {
      let bucket = this.byTool.get(tool);
      if (!bucket) this.byTool.set(tool, (bucket = []));
      return bucket;
    });
  }

  private buildPlan(tool: string): ToolPlan {
    const entries = [...(this.byTool.get(tool) ?? []), ...this.wildcard];
    const plan = { watched: entries.length > 0 } as Record<LifecycleStage, readonly StageListener[] | null> & { watched: boolean };
    for (const stage of LIFECYCLE_STAGES) {
      const listeners = entries
        .filter((entry) => entry.listener.stage === stage)
        // Hooks before policies so policies judge final values; registration order within each.
        .sort((a, b) => kindRank(a) - kindRank(b) || a.seq - b.seq)
        .map((entry) => entry.listener);
      plan[stage] = listeners.length ? Object.freeze(listeners) : null;
    }
    return Object.freeze(plan);
  }
}

function kindRank(entry: Entry): number {
  return entry.listener.kind === 'hook' ? 0 : 1;
}
