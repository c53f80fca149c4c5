import type { Client } from '@hiero-ledger/sdk';
import { Timestamp } from '@hiero-ledger/sdk';
import { z } from 'zod';
import type { Context } from '../lifecycle/context.js';
import type { NormalisedSchedulingParams } from '../lifecycle/scheduled-transaction.js';
import { accountIdSchema, paramIssue, toAccountId } from '../params/index.js';
import { actingPublicKey, parsePublicKey } from './acting-key.js';

/** ISO 8601 date-time (a date alone is read as midnight UTC, as `Date` reads it). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The Hedera Agent Kit's `schedulingParams` input, under its names and defaults. A tool that takes it
 * adds `schedulingParams: schedulingParamsSchema` to its input and `...(await scheduling(…))` to its
 * normalised params; the kit wraps the built transaction in a ScheduleCreate (src/modes/scheduled-transaction.ts).
 */
export const schedulingParamsSchema = z
  .strictObject({
    isScheduled: z.boolean().optional().default(false).describe('true: create a scheduled transaction instead of executing now; false or omitted: the other fields are ignored.'),
    adminKey: z
      .union([z.boolean(), z.string()])
      .optional()
      .default(false)
      .describe("Key that may delete the schedule before it runs: true for the agent's own key, a public key string, or false (default) for none."),
    payerAccountId: accountIdSchema.optional().describe("Account that pays the fee when the scheduled transaction runs; defaults to the account that creates the schedule."),
    expirationTime: z
      .string()
      .regex(ISO_DATE_TIME, { error: 'expected an ISO 8601 date-time, e.g. 2030-01-01T12:00:00Z' })
      .refine((text) => !Number.isNaN(Date.parse(text)), { error: 'is not a real date-time' })
      .optional()
      .describe('When the schedule lapses if not fully signed, ISO 8601 (e.g. 2030-01-01T12:00:00Z).'),
    waitForExpiry: z
      .boolean()
      .optional()
      .default(false)
      .describe('true: run at expirationTime even when signed earlier (needs expirationTime); false (default): run as soon as the signatures are in.'),
  })
  .optional()
  .describe('Optional: schedule this transaction (Hedera schedule service) rather than executing it now; the result carries the scheduleId.');

export type SchedulingParamsInput = z.input<typeof schedulingParamsSchema>;

/**
 * `{ schedulingParams }` for the normalised params when the call asks to be scheduled, else `{}`
 * (an unscheduled call's params look as they always did).
 *
 * @example
 * return { hbarTransfers, ...(await scheduling(params.schedulingParams, context, client, this.method)) };
 */
export async function scheduling(
  input: z.output<typeof schedulingParamsSchema>,
  context: Context,
  client: Client,
  tool: string,
): Promise<{ schedulingParams?: NormalisedSchedulingParams }> {
  if (!input?.isScheduled) return {};
  if (input.waitForExpiry && !input.expirationTime) {
    throw paramIssue('schedulingParams.waitForExpiry', 'needs schedulingParams.expirationTime: the schedule runs at that time', tool);
  }
  const adminKey =
    input.adminKey === true
      ? await actingPublicKey(context, client, tool)
      : typeof input.adminKey === 'string'
        ? parsePublicKey(input.adminKey, 'schedulingParams.adminKey', tool, [client.operatorPublicKey])
        : undefined;
  const schedulingParams: NormalisedSchedulingParams = { isScheduled: true, waitForExpiry: input.waitForExpiry };
  if (adminKey) schedulingParams.adminKey = adminKey;
  if (input.payerAccountId) schedulingParams.payerAccountID = toAccountId(input.payerAccountId, 'schedulingParams.payerAccountId', tool);
  if (input.expirationTime) schedulingParams.expirationTime = Timestamp.fromDate(new Date(input.expirationTime));
  return { schedulingParams };
}

/** A tool's normalised params with the scheduling the call asked for, when it asked. */
export interface MaybeScheduled {
  schedulingParams?: NormalisedSchedulingParams;
}

/**
 * A tool's normalised params with `scheduling(params.schedulingParams, …)` added: the one line a
 * tool that takes `schedulingParams` adds to its `normalizeParams`.
 *
 * @example
 * return scheduled(params, context, client, this.method, forTool(this.method, () => ({ topicId })));
 */
export async function scheduled<T extends object>(
  params: { schedulingParams?: z.output<typeof schedulingParamsSchema> },
  context: Context,
  client: Client,
  tool: string,
  normalised: T | Promise<T>,
): Promise<T & MaybeScheduled> {
  const own = await normalised;
  return { ...own, ...(await scheduling(params.schedulingParams, context, client, tool)) };
}
