import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The transaction ID and nodes an approved, deferred call was frozen with. `kit.resume` re-runs the
 * call inside this scope so the rebuilt transaction gets the same ID and nodes, and so the same
 * bytes as the ones approved (then checked by digest). Outside a resume nothing is pinned, and the
 * check costs one comparison of a counter.
 */
export interface PinnedTransaction {
  readonly transactionId: string;
  readonly nodeAccountIds: readonly string[];
}

const scope = new AsyncLocalStorage<{ pin: PinnedTransaction; taken: boolean }>();
let active = 0;

/** Runs `run` with `pin` in force for every transaction it freezes. */
export async function runPinned<T>(pin: PinnedTransaction, run: () => Promise<T>): Promise<T> {
  active++;
  try {
    return await scope.run({ pin, taken: false }, run);
  } finally {
    active--;
  }
}

/**
 * The pin in force here, once: the first transaction frozen in the scope is the resumed call's own
 * (its strategy freezes before postCoreAction); anything frozen later in the same scope (an audit
 * hook's HCS message) must get an ID of its own.
 */
export function takePinnedTransaction(): PinnedTransaction | undefined {
  if (active === 0) return undefined;
  const held = scope.getStore();
  if (!held || held.taken) return undefined;
  held.taken = true;
  return held.pin;
}
