import { z } from 'zod';
import { AgentMode } from '../values/agent-mode.js';
import { MAX_TIMER_MS, sdkClientSchema } from '../values/value-schemas.js';
import { telemetryOptionSchema } from '../telemetry/index.js';
import { killSwitchOption } from '../policies/kill-switch.js';

/**
 * The schemas of createAgentKit's options and of the agent's `context`, shared by the kit's other
 * entry points (agentKitFromConfiguration, HederaAgentAPI). SDK values are recognised by shape.
 * A new createAgentKit option is one entry in {@link kitOptionsShape} (and one in the interface,
 * which the compiler then demands).
 */

const MODES = `one of ${Object.values(AgentMode).join(', ')}`;

/** `context.mode`. */
export const agentModeSchema = z.enum(AgentMode, { error: MODES });

/** The client every entry point needs. */
export const kitClientSchema = sdkClientSchema('a @hiero-ledger/sdk Client (e.g. Client.forTestnet().setOperator(id, key))');

/**
 * The agent's context. Only the fields the kit reads are checked; it is open, as plugins carry
 * their own fields in it (`[extension: string]: unknown`).
 */
export const contextSchema = z.looseObject(
  {
    mode: agentModeSchema.optional(),
    hooks: z.array(z.unknown(), { error: 'an array of hooks and policies' }).optional(),
    // The context is open for plugins' own fields, but `policies` here is a mistake that would
    // silently never run: as in the Hedera Agent Kit, policies are hooks and go in `context.hooks`.
    policies: z.undefined({ error: 'left out: policies go in `context.hooks`, with the hooks' }).optional(),
  },
  { error: 'an object such as { accountId, mode, hooks }' },
);

/** A time budget a timer can keep: a longer one would fire after 1 ms. */
const TIMER = `a positive number of milliseconds up to ${MAX_TIMER_MS} (about 24.8 days)`;
const timerSchema = z.number({ error: TIMER }).positive({ error: TIMER }).max(MAX_TIMER_MS, { error: TIMER });

const TOOL_NAMES = "an array of tool names (not '*')";

/** A tsyringe container, by the method the kit calls on it. */
const containerSchema = z.custom(
  (value) => value !== null && typeof value === 'object' && typeof (value as { createChildContainer?: unknown }).createChildContainer === 'function',
  { error: 'a tsyringe DependencyContainer (e.g. container.createChildContainer())' },
);

/** Every createAgentKit option. Unknown keys are refused before this (with "belongs in context.mode" hints). */
export const kitOptionsShape = {
  client: kitClientSchema,
  context: contextSchema.optional(),
  plugins: z.array(z.unknown(), { error: 'an array of plugins' }).optional(),
  pluginsDir: z.string({ error: 'a folder path, or null for no plugins folder' }).nullable().optional(),
  hooks: z.array(z.unknown(), { error: 'an array of hooks, policies and decorated classes' }).optional(),
  container: containerSchema.optional(),
  mirrorNodeUrl: z.string({ error: 'a mirror node REST base URL' }).optional(),
  tools: z.array(z.string({ error: 'a tool name' }), { error: 'an array of tool names' }).optional(),
  unloadedPolicyTools: z
    .array(z.string({ error: TOOL_NAMES }).min(1, { error: TOOL_NAMES }).refine((name) => name !== '*', { error: TOOL_NAMES }), { error: TOOL_NAMES })
    .optional(),
  policyTimeoutMs: timerSchema.optional(),
  drainTimeoutMs: timerSchema.optional(),
  // Loggers come in many shapes (pino, bunyan, winston, a test's stub); the kit wraps what it is given.
  logger: z.unknown().optional(),
  // Each key is checked, by kind and without showing it, when the kit's redactor takes it.
  secretKeys: z.array(z.unknown(), { error: 'an array of private keys' }).optional(),
  telemetry: telemetryOptionSchema.optional(),
  killSwitch: killSwitchOption.optional(),
};

export const kitOptionsSchema = z.object(kitOptionsShape, { error: 'an options object with at least { client }' });
