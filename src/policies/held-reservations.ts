import { policiesWithin } from '../listeners/composed-policies.js';
import type { BudgetLine } from './state/policy-store.js';

/**
 * A budget reservation kept past its call, for a settler that learns the outcome later (the policy
 * signer, from the mirror). Plain JSON (amounts as decimal strings), so it can be written to a store
 * and settled by another process or after a restart.
 */
export interface HeldReservation {
  /** Which policy settles it: `spend-limit:<budget name>` (the same on every replica with the same configuration). */
  readonly holder: string;
  /** The budget the lines were reserved in (with `per`, the key's own budget). */
  readonly budget: string;
  /** The reservation's ID in the store (the call's ID). */
  readonly id: string;
  readonly lines: readonly { readonly account: string; readonly asset: string; readonly amount: string; readonly limit: string }[];
}

/**
 * A policy whose reservations can be held past the call and settled later: it keeps the reservation
 * of a call whose outcome said `settlesLater`, hands it over once (`takeHeld`), and commits or
 * releases it when told (`settleHeld`).
 */
export interface SettlesLater {
  /** The `holder` of the reservations it hands over. */
  readonly heldBy: string;
  /**
   * The reservations the call with transaction ID `transactionId` holds, handed over once; none when
   * it reserved nothing. When the budget's window is shorter than `holdMs`, the reservation would
   * lapse before it is settled: it is committed at once instead and nothing is handed over.
   */
  takeHeld(transactionId: string, holdMs: number): Promise<readonly HeldReservation[]>;
  /** Commits (`reached`: true) or releases a reservation it handed over; idempotent in the store. */
  settleHeld(held: HeldReservation, reached: boolean): Promise<void>;
}

/** Whether `value` can hold reservations for a later settlement (duck-typed: no instanceof across copies of the package). */
export function settlesLater(value: unknown): value is SettlesLater {
  const candidate = value as Partial<SettlesLater> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.heldBy === 'string' && typeof candidate.takeHeld === 'function' && typeof candidate.settleHeld === 'function';
}

/**
 * The policies among `values` that settle later, those inside compositions (allOf, anyOf: their
 * `policies`) included: a budget inside a composition is settled as one outside it, or its
 * reservations would stay pending until they lapse.
 */
export function settlersAmong(values: readonly unknown[]): SettlesLater[] {
  return policiesWithin(values).filter(settlesLater);
}

/** Lines as JSON keeps them. */
export function heldLines(lines: readonly BudgetLine[]): HeldReservation['lines'] {
  return lines.map((line) => ({ account: line.account, asset: line.asset, amount: line.amount.toString(), limit: line.limit.toString() }));
}

/** Lines as the store takes them, refusing a record that does not read as one. */
export function budgetLines(held: HeldReservation): BudgetLine[] {
  if (!Array.isArray(held?.lines)) throw new Error(`a held reservation without lines (${JSON.stringify(held)?.slice(0, 120)})`);
  return held.lines.map((line) => {
    if (typeof line?.account !== 'string' || typeof line.asset !== 'string' || !/^\d+$/.test(String(line.amount)) || !/^\d+$/.test(String(line.limit))) {
      throw new Error(`a held reservation line does not read as { account, asset, amount, limit } (${JSON.stringify(line)?.slice(0, 120)})`);
    }
    return { account: line.account, asset: line.asset, amount: BigInt(line.amount), limit: BigInt(line.limit) };
  });
}
