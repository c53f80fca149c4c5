import type { Client } from '@hiero-ledger/sdk';
import type { Movement } from '../values/movement.js';
import type { Context } from './context.js';
import type { ToolType } from './tool-intent.js';
import type { LifecycleStep, LifecycleStage } from './stages.js';
import type { BlockedBy, ToolResult } from './tool-result.js';
import type { CoreActionResultOf, NormalisedParamsOf, RawParamsOf } from './tool-types.js';

/**
 * The one place stage payload types are written. Each stage's params extend the previous stage's,
 * as in the Hedera Agent Kit; `method` is added so a listener for several tools can branch on it.
 * `T` narrows the params to one tool's declared types (see ToolParamRegistry). The events of
 * postParamsNormalization and later, and toolError's, also carry their call's record under a
 * registered symbol (call-record.ts: would-blocks, the approval that let the call run, an approval by
 * the ledger); it is no field of these types, and the Hedera Agent Kit's params have none.
 */
export interface PreToolExecutionParams<T extends string = string> {
  method: T;
  /**
   * One ID per call (a UUID unique to the call), the same on every event of the call and in the outcome a
   * policy's `settle` receives. Absent when a policy runs in the Hedera Agent Kit.
   */
  callId?: string;
  /** What the tool does to the ledger, as in the Hedera Agent Kit's params: 'query', 'transaction' or 'other'. */
  toolType: ToolType;
  context: Context;
  rawParams: RawParamsOf<T>;
  client: Client;
}

export interface PostParamsNormalizationParams<T extends string = string> extends PreToolExecutionParams<T> {
  normalisedParams: NormalisedParamsOf<T>;
  /**
   * What the call moves (asset, from, to, amount in smallest units, canonical account IDs), from the
   * tool's movements view or the built-in one; `undefined` when the tool has none. Computed on first
   * read, once per call; reading it throws when the view cannot read the params (a value policy that
   * reads it then blocks). Not enumerable, so copies of the event leave it out.
   */
  readonly movements?: readonly Movement[];
}

export interface PostCoreActionParams<T extends string = string> extends PostParamsNormalizationParams<T> {
  coreActionResult: CoreActionResultOf<T>;
}

export interface PostSecondaryActionParams<T extends string = string> extends PostCoreActionParams<T> {
  toolResult: ToolResult;
}

/** Published when a stage throws or a policy blocks; carries whatever the call had reached. */
export interface ToolErrorParams<T extends string = string> extends PreToolExecutionParams<T> {
  /** The step that was running when the call stopped. */
  stage: LifecycleStep;
  error: Error;
  blockedBy?: BlockedBy;
  normalisedParams?: NormalisedParamsOf<T>;
  coreActionResult?: CoreActionResultOf<T>;
  toolResult?: ToolResult;
}

/** Stage name → payload. The bus, listener signatures and the decorators derive from this map. */
export interface StageEventMap<T extends string = string> {
  preToolExecution: PreToolExecutionParams<T>;
  postParamsNormalization: PostParamsNormalizationParams<T>;
  postCoreAction: PostCoreActionParams<T>;
  postToolExecution: PostSecondaryActionParams<T>;
  toolError: ToolErrorParams<T>;
}

/**
 * The payload of stage `S` for tool(s) `T`. A union of tool names gives a union of payloads, so
 * `if (event.method === 'transfer_hbar_tool')` narrows the params.
 */
export type StageEvent<S extends LifecycleStage, T extends string = string> = T extends string
  ? StageEventMap<T>[S]
  : never;

/** Listener signature per stage, for the typed bus. */
export type StageListeners = { [S in LifecycleStage]: (event: StageEvent<S>) => void };
