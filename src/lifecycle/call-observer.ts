import type { CallFacts } from './call-options.js';
import type { Context } from './context.js';
import type { DrivableTool } from './drivable-tool.js';
import type { StageListener } from './stage-listener.js';
import type { LifecycleStage, LifecycleStep } from './stages.js';
import type { ToolResult } from './tool-result.js';

/** A step the call entered, or `toolError` once it failed. */
export type ObservedStep = LifecycleStep | LifecycleStage;

/**
 * What one observed call reports to its observer (src/telemetry/ makes these): the steps it enters,
 * the failure it met, and how it ended. The runner calls these only for a kit with an observer.
 */
export interface CallTrace {
  /** The call's ID, which every log line and event of the call carries. */
  readonly callId: string;
  /** The call entered `step`; the step before it, if any, is over. */
  enter(step: ObservedStep): void;
  /** The step before is over, and the next one (a stage nobody listens to) does nothing to report. */
  pass(): void;
  /** The call failed at `step` with `error` (a block, invalid input, a thrown error). */
  failed(step: LifecycleStep, error: Error): void;
  /** An audit hook journaled the call's entry `entryId` (told as the call returns). */
  auditEntry?(entryId: string): void;
}

/**
 * A kit's watcher of its calls, `undefined` when telemetry is off: the runner checks it once per
 * call and, when it is set, runs the call inside `observe` with a traced call (traced-call.ts).
 */
export interface CallObserver {
  /**
   * Runs one call: `run` drives it, reporting to the trace it is given; what `observe` returns is the call's result.
   * The call ID is made here, so the observer knows it before any listener sees the call. `facts` are
   * the application's per-call options (the model's tool-call ID for the span).
   */
  observe(tool: DrivableTool, input: unknown, context: Context, run: (trace: CallTrace) => Promise<ToolResult>, facts?: CallFacts): Promise<ToolResult>;
  /** The listener the plan runs instead of `listener` (a policy whose verdicts are timed); called when plans are rebuilt, never per call. */
  listener(listener: StageListener): StageListener;
}
