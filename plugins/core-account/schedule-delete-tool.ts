import { ScheduleDeleteTransaction, type Client, type ScheduleId } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseTransactionTool,
  forTool,
  outcomeText,
  scheduleIdSchema,
  strictInput,
  toScheduleId,
  type Context,
  type RawToolResult,
} from '../../src/authoring/index.js';

export const SCHEDULE_DELETE_TOOL = 'schedule_delete_tool';

const parameters = strictInput({
  scheduleId: scheduleIdSchema.describe('Schedule to delete, e.g. "0.0.8765". Its admin key must sign; the scheduled transaction then never runs.'),
});

export type ScheduleDeleteInput = z.infer<typeof parameters>;

export interface ScheduleDeleteNormalised {
  scheduleId: ScheduleId;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    schedule_delete_tool: { raw: ScheduleDeleteInput; normalised: ScheduleDeleteNormalised; coreActionResult: ScheduleDeleteTransaction };
  }
}

/**
 * Deletes a schedule that has not run, so its transaction never executes (ScheduleDelete).
 *
 * @example
 * await kit.execute('schedule_delete_tool', { scheduleId: '0.0.8765' });
 */
export class ScheduleDeleteTool extends BaseTransactionTool<ScheduleDeleteInput, ScheduleDeleteNormalised, ScheduleDeleteTransaction> {
  readonly method = SCHEDULE_DELETE_TOOL;
  /** Cancelling moves nothing: what the schedule would have moved never does. */
  override readonly movesNoValue = true;
  readonly name = 'Delete scheduled transaction';
  readonly description =
    'Deletes a scheduled transaction that has not run yet, so it never executes. The schedule must have an admin key held by the agent.';
  readonly parameters = parameters;

  normalizeParams(params: ScheduleDeleteInput, _context: Context, _client: Client): Promise<ScheduleDeleteNormalised> {
    return forTool(this.method, () => ({ scheduleId: toScheduleId(params.scheduleId, 'scheduleId') }));
  }

  coreAction(params: ScheduleDeleteNormalised): ScheduleDeleteTransaction {
    return new ScheduleDeleteTransaction().setScheduleId(params.scheduleId);
  }

  override describeResult(raw: RawToolResult, params: ScheduleDeleteNormalised): string {
    const id = params.scheduleId.toString();
    return outcomeText(raw, { done: `Deleted schedule ${id}; its transaction will not run`, what: `delete schedule ${id}` });
  }
}
