import type { Ledger } from './ledger.js';

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
 * A throwaway copy of the ledger, for running a handler without consequences (to learn which keys it
 * asks for). The entity maps are deep copies, made with structuredClone since the state is plain data
 * (maps, bigints, byte arrays); what cannot be cloned and the record history are shared.
 */
export function sandboxOf(ledger: Ledger): Ledger {
  const copy = Object.create(Object.getPrototypeOf(ledger) as object) as Record<string, unknown>;
  for (const [name, value] of Object.entries(ledger)) copy[name] = SHARED.has(name) ? value : cloneOrShare(value);
  return copy as unknown as Ledger;
}
