import { z } from 'zod';
import { functionOption, parseArgument } from '../option-schemas.js';
import type { ApprovalCallback, Approver } from './approver.js';

const callbackOption = functionOption<ApprovalCallback>('a function (request) => boolean | Promise<boolean>');
const nameOption = z.string({ error: 'a non-empty string saying who the function stands for' }).refine((name) => name.trim() !== '', {
  error: 'a non-empty string saying who the function stands for',
});

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
  parseArgument('callbackApprover', 'callback', callbackOption, callback, 0);
  parseArgument('callbackApprover', 'name', nameOption, name, 1);
  return { name, approve: (request) => callback(request) };
}
