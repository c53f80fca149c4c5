/**
 * Whether a step or listener answered with a promise (or any thenable). Steps may answer
 * synchronously; awaiting only what is thenable saves a microtask per step.
 */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as PromiseLike<unknown>).then === 'function';
}
