import { ScheduleSignTransaction, type Client, type ScheduleId } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseTransactionTool,
  forTool,
  outcomeText,
  scheduleIdSchema,
  strictInput,
  toScheduleId,
  type Context,
  type Movement,
  type RawToolResult,
} from '../../src/authoring/index.js';
import { readSchedule, scheduleMovements, type ScheduleContents } from '../_shared/scheduled-body.js';

export const SIGN_SCHEDULE_TRANSACTION_TOOL = 'sign_schedule_transaction_tool';

const parameters = strictInput({
  scheduleId: scheduleIdSchema.describe('Schedule to add the agent\'s signature to, e.g. "0.0.8765". Once every required signature is in, its transaction runs.'),
});

export type SignScheduleTransactionInput = z.infer<typeof parameters>;

export interface SignScheduleTransactionNormalised {
  scheduleId: ScheduleId;
  /** What the schedule will execute, read from the network before signing (for the value policies). */
  scheduled: ScheduleContents;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    sign_schedule_transaction_tool: { raw: SignScheduleTransactionInput; normalised: SignScheduleTransactionNormalised; coreActionResult: ScheduleSignTransaction };
  }
}

/**
 * Adds the agent's signature to a schedule (ScheduleSign). The signature may be the last one
 * needed, so the call is judged by what the schedule executes: normalisation reads the inner body
 * (ScheduleInfoQuery) and the movements view reports its transfer; an inner transaction it cannot
 * see into makes the value policies refuse the call.
 *
 * @example
 * await kit.execute('sign_schedule_transaction_tool', { scheduleId: '0.0.8765' });
 */
export class SignScheduleTransactionTool extends BaseTransactionTool<SignScheduleTransactionInput, SignScheduleTransactionNormalised, ScheduleSignTransaction> {
  readonly method = SIGN_SCHEDULE_TRANSACTION_TOOL;
  readonly name = 'Sign scheduled transaction';
  readonly description =
    "Signs a scheduled transaction with the agent's key. When that was the last signature it needs, the scheduled transaction executes.";
  readonly parameters = parameters;

  normalizeParams(params: SignScheduleTransactionInput, _context: Context, client: Client): Promise<SignScheduleTransactionNormalised> {
    return forTool(this.method, async () => {
      const scheduleId = toScheduleId(params.scheduleId, 'scheduleId');
      return { scheduleId, scheduled: await readSchedule(scheduleId, client) };
    });
  }

  /** Everything the inner transfer moves: the signature may complete it. */
  override movements(params: SignScheduleTransactionNormalised): readonly Movement[] {
    return scheduleMovements(params.scheduled, params.scheduleId.toString(), this.method);
  }

  coreAction(params: SignScheduleTransactionNormalised): ScheduleSignTransaction {
    return new ScheduleSignTransaction().setScheduleId(params.scheduleId);
  }

  override describeResult(raw: RawToolResult, params: SignScheduleTransactionNormalised): string {
    const id = params.scheduleId.toString();
    return outcomeText(raw, { done: `Signed schedule ${id}; it runs once every required signature is in`, what: `sign schedule ${id}` });
  }
}
