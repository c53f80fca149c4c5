import type { Client } from '@hiero-ledger/sdk';
import type { Movement } from '../policies/movement.js';
import type { Context } from './context.js';
import type { DrivableTool } from './drivable-tool.js';

/** Reads what a call moves from its normalised params (the tool's view, else the built-in one). */
export type MovementsReader = (tool: DrivableTool, normalisedParams: unknown, context: Context, client: Client) => readonly Movement[] | undefined;

/** Where an event keeps its call's CallMovements (a private symbol: JSON and Object.keys skip it). */
const CALL = Symbol('hedera-agent-hooks.callMovements');

/**
 * One getter for every event: a getter made per call would give each event its own hidden class,
 * and every listener reading an event field would pay for it.
 */
function movementsOfThisEvent(this: { [CALL]?: CallMovements }): readonly Movement[] | undefined {
  return this[CALL]?.readFor(this);
}

/** Shared too: defining a property from one descriptor object is the cheap path (measured: about half the cost). */
const MOVEMENTS_PROPERTY: PropertyDescriptor = { get: movementsOfThisEvent, enumerable: false, configurable: false };

/**
 * `event.movements` for one call, on the events of postParamsNormalization and later. Computed on
 * first read, and kept once the params are locked (from the stage's first policy on): before that,
 * hooks may still change the params, so a value read then is not kept. A view that throws throws on
 * every read, so each value policy that asks blocks with its reason.
 *
 * The property is not enumerable: copies of an event (`{ ...event }`), JSON and audit entries never
 * compute it, so a view that throws cannot break the reporting of a call.
 */
export class CallMovements {
  private outcome: { value: readonly Movement[] | undefined } | { error: unknown } | undefined;

  constructor(
    private readonly read: MovementsReader,
    private readonly tool: DrivableTool,
    private readonly context: Context,
    private readonly client: Client,
  ) {}

  /** Defines `movements` on the event (before it is frozen) and returns the event. */
  attach<T extends object>(event: T): T {
    (event as { [CALL]?: CallMovements })[CALL] = this;
    Object.defineProperty(event, 'movements', MOVEMENTS_PROPERTY);
    return event;
  }

  readFor(event: object): readonly Movement[] | undefined {
    const known = this.outcome;
    if (known) {
      if ('error' in known) throw known.error;
      return known.value;
    }
    const locked = Object.isFrozen(event);
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
