import { AbstractHook } from '../../src/listeners/abstract-hook.js';
import type { PreToolExecutionParams } from '../../src/lifecycle/stage-events.js';

/** The principal fields of a call's context (and any other fields asked for), as a hook saw them; absent ones left out. */
export type SeenPrincipal = Partial<Record<string, unknown>>;

/**
 * A hook on every tool that notes the principal fields of each call's context as the lifecycle
 * hands it over: what an adapter made of the framework's per-call context, seen from inside the kit.
 */
export class ContextRecorder extends AbstractHook {
  override relevantTools = ['*'];
  readonly seen: SeenPrincipal[] = [];

  /** `alsoFields`: other context fields to note beside the principal's. */
  constructor(private readonly alsoFields: readonly string[] = []) {
    super();
  }

  override async preToolExecutionHook(params: PreToolExecutionParams): Promise<void> {
    const context = params.context as Record<string, unknown>;
    const seen: SeenPrincipal = {};
    for (const field of ['userId', 'sessionId', 'tenantId', ...this.alsoFields]) if (context[field] !== undefined) seen[field] = context[field];
    this.seen.push(seen);
  }
}
