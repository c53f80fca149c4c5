import { z } from 'zod';
import { invalidArgument } from '../errors/index.js';
import type { PostParamsNormalizationParams } from '../lifecycle/stage-events.js';
import { formatHbar, hbarToTinybars, type MovedValue } from './approval-moves.js';
import type { Movement } from '../values/movement.js';
import { functionOption } from './option-schemas.js';

/**
 * When ApprovalPolicy asks, as data (also in a configuration file). The fields combine: `{ hbarAbove:
 * 100 }` asks for any call moving more than 100 HBAR, `{ tools: ['delete_account_tool'] }` for every
 * call of those tools, and both together for calls of those tools moving more than 100 HBAR.
 */
export interface ApprovalThreshold {
  /** Display HBAR (up to 8 decimals): calls moving more than this in total need approval. */
  readonly hbarAbove?: number;
  /** Only these tools; with no `hbarAbove`, every call of them needs approval. */
  readonly tools?: readonly string[];
}

/**
 * The event a condition function gets: the stage event plus what the call moves (`[]` when it moves
 * nothing, `undefined` when the policy could not read it; treat that as needing approval).
 */
export type ApprovalConditionEvent = PostParamsNormalizationParams & { readonly movements: readonly Movement[] | undefined };

/** When ApprovalPolicy asks, in code: true (or a promise of it) asks; a throw blocks the call. */
export type ApprovalCondition = (event: ApprovalConditionEvent) => boolean | Promise<boolean>;

/** A checked condition: the tools it watches, a phrase for the description, and the test. */
export interface CompiledCondition {
  readonly tools: readonly string[];
  readonly describe: string;
  /** Why the call needs approval, or `undefined` when it does not. */
  check(event: PostParamsNormalizationParams, moved: MovedValue): string | undefined | Promise<string | undefined>;
}

const HBAR_ABOVE_ACCEPTED = 'a number of HBAR from 0 to 50000000000 with at most 8 decimals';
const WHEN_TOOLS_ACCEPTED = 'a non-empty array of tool names';

/** `when` as data: `{ hbarAbove?, tools? }`; a field it does not know is refused, not ignored. */
export const approvalThresholdOption = z
  .object(
    {
      hbarAbove: z.number({ error: HBAR_ABOVE_ACCEPTED }).refine((hbar) => hbarToTinybars(hbar) !== undefined, { error: HBAR_ABOVE_ACCEPTED }).optional(),
      tools: z
        .array(z.string({ error: 'a tool name (a non-empty string)' }).min(1, { error: 'a tool name (a non-empty string)' }), { error: WHEN_TOOLS_ACCEPTED })
        .min(1, { error: WHEN_TOOLS_ACCEPTED })
        .optional(),
    },
    { error: '{ hbarAbove?: number, tools?: string[] }' },
  )
  .strict();

/** ApprovalPolicy's `when`: a threshold, or a function of the event (which JSON Schema cannot show). */
export const approvalWhenOption = z.union([approvalThresholdOption, functionOption<ApprovalCondition>('a function of the event')], {
  error: '{ hbarAbove?: number, tools?: string[] } or a function of the event',
});

/** Turns a `when` the schema above accepted into the check, once, at construction. */
export function compileCondition(when: ApprovalThreshold | ApprovalCondition, owner: string): CompiledCondition {
  if (typeof when === 'function') return fromFunction(when);
  const { hbarAbove, tools } = when;
  if (hbarAbove === undefined && tools === undefined) throw invalidArgument(`${owner}: 'when' needs hbarAbove, tools or both, e.g. { "hbarAbove": 100 }.`, [0, 'when']);
  const threshold = hbarAbove === undefined ? undefined : hbarToTinybars(hbarAbove);
  const listed: readonly string[] = tools ? Object.freeze([...tools]) : ['*'];
  return threshold === undefined ? everyCall(listed) : aboveThreshold(threshold, listed);
}

function everyCall(tools: readonly string[]): CompiledCondition {
  return { tools, describe: `every call of ${tools.join(', ')}`, check: (event) => `every ${event.method} call needs approval` };
}

function aboveThreshold(threshold: bigint, tools: readonly string[]): CompiledCondition {
  const limit = formatHbar(threshold);
  const scope = tools.includes('*') ? 'any call' : `a call of ${tools.join(', ')}`;
  return {
    tools,
    describe: `${scope} that moves more than ${limit}`,
    check(event, moved) {
      if (!moved.readable || moved.hbarTinybars === undefined) {
        return `how much HBAR ${event.method} moves cannot be read, and calls moving more than ${limit} need approval`;
      }
      if (moved.hbarTinybars <= threshold) return undefined;
      return `it moves ${formatHbar(moved.hbarTinybars)}, more than the ${limit} allowed without approval`;
    },
  };
}

function fromFunction(when: ApprovalCondition): CompiledCondition {
  const named = when.name && when.name !== 'when' ? `the condition "${when.name}"` : 'its condition';
  return {
    tools: ['*'],
    describe: `a call for which ${named} holds`,
    async check(event, moved) {
      // The stage event is frozen; the condition gets a copy that also says what the call moves.
      const holds = await when({ ...event, movements: moved.movements });
      return holds ? `${named} holds` : undefined;
    },
  };
}
