import type { Client } from '@hiero-ledger/sdk';
import type { Movement } from '../values/movement.js';
import type { Context } from './context.js';
import type { DrivableTool } from './drivable-tool.js';

/** Reads what a call moves from its normalised params (the tool's view, else the built-in one). */
export type MovementsReader = (tool: DrivableTool, normalisedParams: unknown, context: Context, client: Client) => readonly Movement[] | undefined;

/** Where an event keeps its call's CallMovements (a symbol: JSON and Object.keys skip it). */
export const CALL_MOVEMENTS = Symbol('hedera-agent-hooks.callMovements');

/**
 * `event.movements` for one call, on the events of postParamsNormalization and later. Computed on
 * first read, and kept once the params are locked (from the stage's first policy on): before that,
 * hooks may still change the params, so a value read then is not kept. A view that throws throws on
 * every read, so each value policy that asks blocks with its reason.
 *
 * Events get it from their class (see call-events.ts), holding this object under CALL_MOVEMENTS.
 * The property is inherited: copies of an event (`{ ...event }`), JSON and audit entries never
 * compute it, so a view that throws cannot break the reporting of a call.
 */
export class CallMovements {
  private outcome: { value: readonly Movement[] | undefined } | { error: unknown } | undefined;

  constructor(
    private readonly read: MovementsReader,
    private readonly tool: DrivableTool,
    private readonly context: Context,
    private readonly client: Client,
    /** The params cannot change (only the kit's read-only policies see them): keep the first read. */
    private readonly stable = false,
  ) {}

  readFor(event: object): readonly Movement[] | undefined {
    const known = this.outcome;
    if (known) {
      if ('error' in known) throw known.error;
      return known.value;
    }
    const locked = this.stable || Object.isFrozen(event);
    try {
      const value = this.read(this.tool, (event as { normalisedParams?: unknown }).normalisedParams, this.context, this.client);
      if (locked) this.outcome = { value };
      return value;
    } catch (error) {
      if (locked) this.outcome = { error };
      throw error;
    }
  }
}
