import type { Movement } from '../policies/movement.js';

/** Reads what a call moves from its normalised params (the tool's view, else the built-in one). */
export type MovementsReader = (normalisedParams: unknown) => readonly Movement[] | undefined;

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

  constructor(private readonly read: MovementsReader) {}

  /** Defines `movements` on the event (before it is frozen) and returns the event. */
  attach<T extends object>(event: T): T {
    Object.defineProperty(event, 'movements', { enumerable: false, configurable: false, get: () => this.get(event) });
    return event;
  }

  private get(event: object): readonly Movement[] | undefined {
    const known = this.outcome;
    if (known) {
      if ('error' in known) throw known.error;
      return known.value;
    }
    const locked = Object.isFrozen(event);
    try {
      const value = this.read((event as { normalisedParams?: unknown }).normalisedParams);
      if (locked) this.outcome = { value };
      return value;
    } catch (error) {
      if (locked) this.outcome = { error };
      throw error;
    }
  }
}
