import type { Ledger } from './ledger.js';
import { OverlayMap } from './overlay-map.js';

/** Append-only history that only the consensus step writes; a sandbox shares it rather than copying it. */
const SHARED = new Set(['records', 'recordList']);

function cloneOrShare(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return value; // functions (the clock, registered due work) cannot be cloned and are never state
  }
}

/**
 * A throwaway view of the ledger, for running a handler without consequences (to learn which keys it
 * asks for). Each entity map becomes an {@link OverlayMap}: reads fall through to the real state and the
 * entries a handler touches are copied on first use, so a dry run costs what the handler reads, not the
 * size of the ledger. The other fields (counters, the pending-airdrop list) are copied with
 * structuredClone; what cannot be cloned and the record history are shared.
 */
export function sandboxOf(ledger: Ledger): Ledger {
  const copy = Object.create(Object.getPrototypeOf(ledger) as object) as Record<string, unknown>;
  for (const [name, value] of Object.entries(ledger)) {
    if (SHARED.has(name)) copy[name] = value;
    else copy[name] = value instanceof Map ? new OverlayMap(value) : cloneOrShare(value);
  }
  return copy as unknown as Ledger;
}
