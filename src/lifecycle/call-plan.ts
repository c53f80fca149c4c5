import type { ToolPlan } from './listener-index.js';
import type { StageListener } from './stage-listener.js';
import { LIFECYCLE_STAGES } from './stages.js';

/**
 * What the runner does for one tool, decided when registrations (listeners, bus observers) change,
 * never per call: which stages build an event, which approved values get frozen, locked or sealed,
 * and the optional steps the tool opted into. What nobody sees gets no event, no lock and no freeze.
 */
export interface CallPlan {
  /** The listener index version and bus state this plan was built for (see CallPlans). */
  readonly version: number;
  readonly observed: boolean;
  readonly listeners: ToolPlan;
  /** The tool offers postParamsNormalization and postCoreAction (a plain Tool object does not). */
  readonly inner: boolean;
  /** Somebody sees the call's events: it gets a call ID. */
  readonly watched: boolean;
  /** Whether preToolExecution builds an event (without one, its raw params are still copied, screened and, when later listeners see them, frozen). */
  readonly preEvent: boolean;
  /** Whether postParamsNormalization / postCoreAction / postToolExecution build an event. */
  readonly normalisedEvent: boolean;
  readonly coreEvent: boolean;
  readonly executedEvent: boolean;
  /** preToolExecution's event and raw params are frozen (at its first policy, else after its hooks). */
  readonly lockRawParams: boolean;
  /** The normalised params are locked (NormalisedParamsLock) and checked before the build and the submission. */
  readonly lockNormalisedParams: boolean;
  /** The core action's result is frozen (plain data) and a transaction about to go out is sealed. */
  readonly freezeCoreResult: boolean;
  /** The postCoreAction and postToolExecution events are frozen. */
  readonly freezeEvents: boolean;
  /** Where in preToolExecution's and postParamsNormalization's lists the first policy is (-1: no lock). */
  readonly rawLockAt: number;
  readonly normalisedLockAt: number;
  /** `event.movements` is offered (some stage from postParamsNormalization on builds an event). */
  readonly movements: boolean;
  /** The tool takes schedulingParams (`schedulable`): its built transaction may be wrapped in a ScheduleCreate. */
  readonly schedules: boolean;
}

/** The facts of a tool the plan depends on. */
export interface PlannedTool {
  /** False for a plain Tool object: it has no postParamsNormalization or postCoreAction. */
  readonly offersInnerStages?: boolean;
  readonly schedulable?: boolean;
}

/**
 * The plan of one tool. A stage's listeners see its event; later stages' listeners, toolError's and
 * observers see its values, so those are guarded too. When every listener is one of the kit's own
 * policies that never write, and nobody observes, nothing is guarded: there is nobody to guard
 * against (see src/policies/read-only-policies.ts).
 */
export function planCall(listeners: ToolPlan, tool: PlannedTool, observed: boolean, version: number): CallPlan {
  const inner = tool.offersInnerStages !== false;
  const watched = listeners.watched || observed;
  const failureSeen = listeners.toolError !== null;
  const normalisedEvent = inner && (listeners.postParamsNormalization !== null || observed);
  const coreEvent = inner && (listeners.postCoreAction !== null || observed);
  const executedEvent = listeners.postToolExecution !== null || observed;
  const guarded = !listeners.onlyReaders || observed;
  const coreSeen = inner && (coreEvent || executedEvent || failureSeen);
  const normalisedSeen = normalisedEvent || coreSeen || executedEvent || failureSeen;
  const lockRawParams = guarded && watched;
  const lockNormalisedParams = guarded && normalisedSeen;
  return Object.freeze({
    version,
    observed,
    listeners,
    inner,
    watched,
    preEvent: listeners.preToolExecution !== null || observed,
    normalisedEvent,
    coreEvent,
    executedEvent,
    lockRawParams,
    lockNormalisedParams,
    freezeCoreResult: guarded && coreSeen,
    freezeEvents: guarded,
    rawLockAt: lockRawParams ? firstPolicyAt(listeners.preToolExecution) : -1,
    normalisedLockAt: lockNormalisedParams && normalisedEvent ? firstPolicyAt(listeners.postParamsNormalization) : -1,
    movements: normalisedEvent || coreEvent || executedEvent,
    schedules: tool.schedulable === true,
  });
}

/** Hooks come before policies in a plan's list, so the first policy's place is the hook count. */
function firstPolicyAt(listeners: readonly StageListener[] | null): number {
  if (!listeners) return 0;
  let at = 0;
  while (at < listeners.length && listeners[at]!.kind === 'hook') at++;
  return at;
}

/**
 * The plans of one runner's tools, rebuilt only when the listener index or the bus's observers
 * changed since. Keyed by the tool object, so two tools of one name (a kit's and another) keep theirs.
 */
export class CallPlans {
  private readonly plans = new WeakMap<object, CallPlan>();
  /** The tool planned last and its plan: an agent calls one tool many times in a row, so most calls skip the WeakMap. */
  private lastTool: object | undefined = undefined;
  private lastPlan: CallPlan | undefined = undefined;

  constructor(
    private readonly index: { readonly version: number; plan(method: string): ToolPlan },
    private readonly bus: { readonly observed: boolean },
    /** Swaps listeners for the observer's (telemetry times each policy's verdict); applied when a plan is built. */
    private readonly observer?: { listener(listener: StageListener): StageListener },
  ) {}

  for(tool: PlannedTool & { readonly method: string }): CallPlan {
    const plan = tool === this.lastTool ? this.lastPlan : this.plans.get(tool);
    const version = this.index.version;
    const observed = this.bus.observed;
    if (plan === undefined || plan.version !== version || plan.observed !== observed) return this.replan(tool, version, observed);
    this.lastTool = tool;
    this.lastPlan = plan;
    return plan;
  }

  private replan(tool: PlannedTool & { readonly method: string }, version: number, observed: boolean): CallPlan {
    const listeners = this.index.plan(tool.method);
    const fresh = planCall(this.observer ? observedPlan(listeners, this.observer) : listeners, tool, observed, version);
    this.plans.set(tool, fresh);
    this.lastTool = tool;
    this.lastPlan = fresh;
    return fresh;
  }
}

/** The plan's lists with every listener swapped for the observer's; same order, same kinds. */
function observedPlan(plan: ToolPlan, observer: { listener(listener: StageListener): StageListener }): ToolPlan {
  const lists: Record<string, readonly StageListener[] | null> = {};
  for (const stage of LIFECYCLE_STAGES) lists[stage] = plan[stage] && Object.freeze(plan[stage].map((listener) => observer.listener(listener)));
  return Object.freeze({ ...plan, ...lists }) as ToolPlan;
}
