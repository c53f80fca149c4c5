import { invalidArgument } from '../../errors/index.js';
import type { ApprovalCallback, Approver } from './approver.js';

/**
 * An approver from a function of the request: `true` (or a promise of it) approves; anything else,
 * a throw or a rejection refuses. `name` says who the function stands for in block reasons.
 *
 * @example
 * new ApprovalPolicy({
 *   when: { hbarAbove: 100 },
 *   approver: callbackApprover((request) => reviewQueue.decide(request.summary), 'the review queue'),
 *   timeoutMs: 120_000,
 * });
 */
export function callbackApprover(callback: ApprovalCallback, name = 'the approval callback'): Approver {
  if (typeof callback !== 'function') throw invalidArgument(`callbackApprover: expected a function (request) => boolean | Promise<boolean>, got ${typeof callback}.`);
  if (typeof name !== 'string' || !name.trim()) throw invalidArgument('callbackApprover: the name must be a non-empty string.');
  return { name, approve: (request) => callback(request) };
}
