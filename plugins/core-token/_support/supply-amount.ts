import { Long } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { amountProblem, isZeroAmount, toSmallestUnits, type AmountInput } from '../../../src/authoring/index.js';

/**
 * A supply amount in display units that may be zero (a token can start with no supply), but never
 * negative, NaN, infinite or malformed. Precision is checked against the decimals in normalisation.
 */
export function supplyAmountSchema(description: string) {
  return z
    .union([z.number(), z.string()], { error: 'must be a non-negative number such as 1000' })
    .superRefine((value, ctx) => {
      if (isZeroAmount(value)) return;
      const problem = amountProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .describe(description);
}

/** Scales a supply amount (zero allowed) to smallest units; errors name `field`. */
export function supplyToSmallestUnits(amount: AmountInput, decimals: number, field: string, tool: string): Long {
  return isZeroAmount(amount) ? Long.ZERO : toSmallestUnits(amount, decimals, field, tool);
}

