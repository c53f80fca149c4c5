import { z } from 'zod';
import { checkBackoffs, closeTimeoutSchema, publisherOptionsShape, scheduleWatchSchema, type PublisherOptions, type ScheduleWatchOptions } from '../audit/index.js';
import type { Logger } from '../lifecycle/logger.js';
import { sdkClientSchema } from '../values/value-schemas.js';

/** Options shared by the audit hooks. */
export interface AuditTrailOptions extends PublisherOptions {
  /** Folder of the audit journal (default `./.agent-hooks/audit` under the working directory). */
  journalDir?: string;
  /**
   * How long `close()` may take, in ms (default 10000): it delivers what it can meanwhile, then
   * stops and reports what is left; also the default wait of `kit.audit.flush()`.
   */
  closeTimeoutMs?: number;
  /** Identifies the agent in entries; defaults to `context.sessionId`, then the kit's account. */
  agentId?: string;
  /**
   * `false` journals entries without publishing them (default `true`). A later hook on the same
   * journal with delivery on publishes them, e.g. a process with network access or a test.
   */
  deliver?: boolean;
  /**
   * How the hook follows the schedules its scheduled calls created, writing one `scheduleOutcome`
   * entry per schedule once it executed, was deleted or expired (default `{ intervalMs: 5000 }`;
   * `false` turns it off, and the schedules stay pending in the journal for a later hook). It asks
   * the mirror node (`mirrorUrl`, else the kit's); without one, the network, with a paid
   * ScheduleInfoQuery per look (see docs/hooks-and-policies.md). Off without delivery.
   */
  scheduleWatch?: ScheduleWatchOptions | false;
  logger?: Logger;
}

const LOGGER = 'a logger with debug, warn and error methods (pino, bunyan and winston fit)';

/** A structured logger, recognised by its methods. */
export const loggerSchema = z.custom<Logger>(
  (value) => value !== null && typeof value === 'object' && ['debug', 'warn', 'error'].every((name) => typeof (value as Record<string, unknown>)[name] === 'function'),
  { error: LOGGER },
);

const FOLDER = 'a folder path';

/**
 * The options both audit hooks take, as zod fields: the same schema validates a hook's options and
 * describes them in the configuration's JSON schema. Checked against the interface at compile time,
 * so a new option cannot be left out.
 */
export const auditTrailOptionsShape = {
  journalDir: z.string({ error: FOLDER }).min(1, { error: FOLDER }).optional(),
  closeTimeoutMs: closeTimeoutSchema.optional(),
  agentId: z.string({ error: 'a string naming the agent in entries' }).min(1, { error: 'a string naming the agent in entries' }).optional(),
  deliver: z.boolean({ error: 'true or false' }).optional(),
  scheduleWatch: scheduleWatchSchema.optional(),
  logger: loggerSchema.optional(),
  ...publisherOptionsShape,
} satisfies Record<keyof AuditTrailOptions, z.ZodType>;

/**
 * An options object of `shape`: no unknown keys (a misspelt `journalDirectory` would journal where
 * nobody looks), backoffs that agree. Left out, or `null` from a configuration file, means none.
 */
export function auditOptionsSchema<Shape extends z.ZodRawShape>(shape: Shape, example = "{ journalDir: './audit' }") {
  return z
    .object(shape, { error: `an options object such as ${example}` })
    .strict()
    .superRefine((options, ctx) => checkBackoffs(options as PublisherOptions, ctx));
}

/** `relevantTools` of the audit hooks: the tool names audited, `'*'` for every tool. */
export const relevantToolsSchema = z.array(z.string().min(1), { error: `an array of tool names (or '*'), e.g. ["transfer_hbar_tool"]` });

const TOPIC_ID = 'a topic ID like "0.0.12345" (shard.realm.num, no checksum)';

/** A topic ID as `shard.realm.num`; `accepted` is the wording of the message. */
export function topicIdSchema(accepted = TOPIC_ID): z.ZodString {
  return z.string({ error: accepted }).regex(/^\d+\.\d+\.\d+$/, { error: accepted });
}

/** The client an audit hook submits with. */
export const loggingClientSchema = sdkClientSchema("a @hiero-ledger/sdk Client (or left out to use the kit's AUDIT_CLIENT or operator)");
