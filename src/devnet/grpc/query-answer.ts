import type { Ledger } from '../ledger/ledger.js';

/** Builds the body of one query answer (everything except the response header). */
export type QueryAnswer = (ledger: Ledger, request: Record<string, unknown>) => Record<string, unknown> | Promise<Record<string, unknown>>;

/** Checks a query before its payment is settled and before it runs (for queries that do real work). */
export type QueryValidator = (ledger: Ledger, request: Record<string, unknown>) => void;
