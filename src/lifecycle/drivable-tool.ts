import type { Client } from '@hiero-ledger/sdk';
import type { Movement, MovementCall } from '../values/movement.js';
import type { Context } from './context.js';
import type { ParamsSchema } from './parse-params.js';
import type { OutputParser, ToolType } from './tool-intent.js';
import type { ToolResult } from './tool-result.js';

/** What the kit needs of an input schema: zod 4 and zod 3 schemas both have it (see parse-params). */
export type ParamSchema<T = unknown> = ParamsSchema<T>;

/**
 * A tool as the runner drives it. This project's BaseTool is one; tools written for the Hedera
 * Agent Kit are adapted to it when they are registered (see src/compat/kit-tools.ts).
 */
export interface DrivableTool {
  readonly method: string;
  readonly name: string;
  readonly description: string;
  readonly parameters: ParamSchema;
  readonly toolType: ToolType;
  readonly outputParser?: OutputParser;
  /**
   * False for a tool that only offers `execute()` (a plain Tool object): it has no
   * postParamsNormalization or postCoreAction, so the runner publishes neither for it.
   */
  readonly offersInnerStages?: boolean;
  /**
   * What a call moves, read from its normalised params, for the value policies (MaxTransferPolicy,
   * recipient lists, …). Core tools have built-in views; a tool of another name that moves value
   * declares one, or the value policies refuse to start when they cover it.
   */
  movements?(normalisedParams: any, call: MovementCall): readonly Movement[];
  /** Set on a transaction tool that moves no value (beyond its fee), so value policies cover it without a view. */
  readonly movesNoValue?: true;
  /**
   * Set on a transaction tool that takes the Hedera Agent Kit's `schedulingParams`: when its
   * normalised params say `schedulingParams.isScheduled`, the kit wraps the transaction it built in
   * a ScheduleCreate (src/modes/scheduled-transaction.ts). Tools that do not set it are never wrapped.
   */
  readonly schedulable?: boolean;
  normalizeParams(params: any, context: Context, client: Client): unknown;
  coreAction(params: any, context: Context, client: Client): unknown;
  shouldSecondaryAction(coreActionResult: any, context: Context): unknown;
  /** A ToolResult, or what a Hedera Agent Kit-style override returns; the runner reads it by `asToolResult`. */
  secondaryAction(coreActionResult: any, client: Client, context: Context, params: any): Promise<unknown>;
  formatResult(coreActionResult: any, params: any): ToolResult;
  /**
   * The tool's own account of a failure (not of a block or of invalid input, which the kit reports).
   * BaseTool's default (marked, see default-error-result.ts) is not called: the kit's own result says more.
   */
  handleError?(error: unknown, context: Context): unknown;
}
