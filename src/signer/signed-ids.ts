import { randomUUID } from 'node:crypto';
import type { ClaimBook, PolicyStore } from '../policies/state/policy-store.js';

/** The claim book's name in the store: every judge on the same store shares it (replicas on one Redis). */
export const SIGNED_IDS_BOOK = 'signer-transaction-ids';
/** How often a request waits for another one judging the same transaction ID, in ms. */
const WAIT_STEP_MS = 20;

/** Where a transaction ID stands in the book. */
export type IdState = 'judging' | 'signed' | 'reached' | 'expired';

interface IdRecord {
  /** SHA-384 of the body with its node left out (bodyDigestExceptNode). */
  readonly digest: string;
  readonly state: IdState;
}

/** What the book answers a request: judge it (you hold the ID now), sign without judging, or refuse. */
export type IdClaim =
  | { readonly kind: 'judge'; readonly holder: string }
  | { readonly kind: 'signed' }
  | { readonly kind: 'refused'; readonly reason: string };

/**
 * The transaction IDs this signer (and every replica on the same store) has judged: each ID is
 * judged once. The first body under an ID takes it (an atomic claim in the store) and is judged; a
 * later body under the same ID is signed without being judged or counted again only when it is the
 * same body for another node, and refused otherwise, so an approved body cannot be swapped. A
 * request that finds the ID still being judged waits for that verdict, as long as the first body
 * may be held (an approval holds it until the window's end).
 */
export class SignedIds {
  private readonly book: ClaimBook;

  constructor(store: PolicyStore, private readonly waitMs: number) {
    if (typeof store.claims !== 'function') {
      throw new Error(`the signer's store (${store.description}) keeps no claims, so it cannot count each transaction ID once; use a memory, SQLite or Redis policy store of this package`);
    }
    this.book = store.claims(SIGNED_IDS_BOOK);
  }

  /**
   * Takes `transactionId` for a body of `digest`, or says what an earlier body under it decided.
   * A request finding the ID still being judged waits for that verdict `waitMs`, or until
   * `waitUntil` when later (ms since the epoch: the body's valid window's end, as long as the first
   * body may be held for approval).
   */
  async claim(transactionId: string, digest: string, holdMs: number, waitUntil = 0): Promise<IdClaim> {
    const holder = randomUUID();
    const started = Date.now();
    const deadline = Math.max(started + this.waitMs, waitUntil);
    for (;;) {
      const answer = await this.book.take(transactionId, holder, JSON.stringify({ digest, state: 'judging' } satisfies IdRecord), holdMs);
      if (answer.ok) return { kind: 'judge', holder };
      const earlier = parsed(answer.record);
      if (!earlier || earlier.digest !== digest) {
        return { kind: 'refused', reason: `another body was already ${earlier?.state === 'judging' ? 'being judged' : 'signed'} under transaction ID ${transactionId}; a transaction ID is signed for one body only (its node bodies aside)` };
      }
      if (earlier.state !== 'judging') return { kind: 'signed' };
      if (Date.now() >= deadline) return { kind: 'refused', reason: `transaction ID ${transactionId} is still being judged (or held for approval) after ${Math.max(this.waitMs, waitUntil - started)} ms; ask again` };
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
  }

  /** The judged body was signed: later node bodies of it are signed without judging. */
  signed(transactionId: string, holder: string, digest: string, holdMs: number): Promise<void> {
    return this.book.update(transactionId, holder, JSON.stringify({ digest, state: 'signed' } satisfies IdRecord), holdMs);
  }

  /** The judged body was refused: the ID is free again (nothing was signed under it). */
  refused(transactionId: string, holder: string): Promise<void> {
    return this.book.drop(transactionId, holder);
  }
}

function parsed(record: string): IdRecord | undefined {
  try {
    const value = JSON.parse(record) as Partial<IdRecord>;
    return typeof value.digest === 'string' && typeof value.state === 'string' ? (value as IdRecord) : undefined;
  } catch {
    return undefined;
  }
}
