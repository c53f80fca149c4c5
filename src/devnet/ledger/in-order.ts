/**
 * Runs steps one after another, synchronously for as long as they return plain values: the result is a
 * promise only once a step returns one (a handler that waits for the EVM), and the steps after it wait.
 * Most of the ledger's work stays synchronous, so a transaction never yields to another one for nothing.
 */
export function runInOrder(steps: ReadonlyArray<() => unknown>): Promise<void> | undefined {
  const from = (index: number): Promise<void> | undefined => {
    for (let i = index; i < steps.length; i++) {
      const result = steps[i]();
      if (result instanceof Promise) return result.then(() => from(i + 1));
    }
    return undefined;
  };
  return from(0);
}
