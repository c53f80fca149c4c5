import type { Client } from '@hiero-ledger/sdk';
import type { Movement } from '../values/movement.js';
import { CALL_MOVEMENTS, type CallMovements } from './call-movements.js';
import { CALL_RECORD, type CallRecord } from './call-record.js';
import type { Context } from './context.js';
import type { ToolType } from './tool-intent.js';
import type { ToolResult } from './tool-result.js';

/*
 * The events of postParamsNormalization, postCoreAction and postToolExecution. Classes rather than
 * object literals: a literal with `__proto__` and a symbol key took a runtime prototype switch and a
 * keyed store on every event, a measured part of a watched call; a constructor gives each event one
 * hidden class. Own properties are exactly those of the stage's params, in the same order, so
 * `{ ...event }` and JSON see what they saw before; `movements` is one getter on the prototype, not
 * enumerable, not copied, not assignable. The prototypes are frozen, so no plugin can swap the
 * getter and feed the value policies movements of its own. Each event holds its call's record
 * under CALL_RECORD (a symbol too; see call-record.ts).
 */

export class NormalisedEvent {
  declare readonly [CALL_MOVEMENTS]: CallMovements | undefined;
  declare readonly [CALL_RECORD]: CallRecord | undefined;
  declare readonly method: string;
  declare readonly callId: string;
  declare readonly toolType: ToolType;
  declare readonly context: Context;
  declare readonly rawParams: unknown;
  declare readonly client: Client;
  declare readonly normalisedParams: unknown;

  constructor(movements: CallMovements | undefined, record: CallRecord | undefined, method: string, callId: string, toolType: ToolType, context: Context, rawParams: unknown, client: Client, normalisedParams: unknown) {
    const self = this as Record<PropertyKey, unknown>;
    self[CALL_MOVEMENTS] = movements;
    self[CALL_RECORD] = record;
    self.method = method;
    self.callId = callId;
    self.toolType = toolType;
    self.context = context;
    self.rawParams = rawParams;
    self.client = client;
    self.normalisedParams = normalisedParams;
  }

  get movements(): readonly Movement[] | undefined {
    return this[CALL_MOVEMENTS]?.readFor(this);
  }
}

export class CoreActionEvent extends NormalisedEvent {
  declare readonly coreActionResult: unknown;

  constructor(movements: CallMovements | undefined, record: CallRecord | undefined, method: string, callId: string, toolType: ToolType, context: Context, rawParams: unknown, client: Client, normalisedParams: unknown, coreActionResult: unknown) {
    super(movements, record, method, callId, toolType, context, rawParams, client, normalisedParams);
    (this as Record<string, unknown>).coreActionResult = coreActionResult;
  }
}

export class ExecutedEvent extends CoreActionEvent {
  declare readonly toolResult: ToolResult;

  constructor(movements: CallMovements | undefined, record: CallRecord | undefined, method: string, callId: string, toolType: ToolType, context: Context, rawParams: unknown, client: Client, normalisedParams: unknown, coreActionResult: unknown, toolResult: ToolResult) {
    super(movements, record, method, callId, toolType, context, rawParams, client, normalisedParams, coreActionResult);
    (this as Record<string, unknown>).toolResult = toolResult;
  }
}

Object.freeze(NormalisedEvent.prototype);
Object.freeze(CoreActionEvent.prototype);
Object.freeze(ExecutedEvent.prototype);
