import { invalidArgument } from '../errors/index.js';

/**
 * Refuses option keys a built-in hook or policy does not know: a misspelt or invented option
 * (`per: 'context.sessionId'` on a budget) would otherwise be taken and ignored, and what it was
 * meant to change (one budget per session) would silently not happen. Low in the layers so the
 * policies, hooks and audit options share one wording.
 *
 * @example
 * refuseUnknownKeys('SpendLimitPolicy', { hbar: 5, windowMs: 1000, per: 'x' }, ['hbar', 'windowMs']);
 * // E_INVALID_ARGUMENT: SpendLimitPolicy: unknown option 'per'; accepted: hbar, windowMs.
 */
export function refuseUnknownKeys(owner: string, options: object, known: readonly string[]): void {
  const unknown = Object.keys(options).filter((key) => !known.includes(key));
  if (unknown.length) throw invalidArgument(`${owner}: unknown option ${unknown.map((key) => `'${key}'`).join(', ')}; accepted: ${known.join(', ')}.`);
}
