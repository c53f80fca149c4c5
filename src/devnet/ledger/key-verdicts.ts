import type { proto } from '@hiero-ledger/proto';

/** Which keys a transaction's signatures satisfy (its SignatureChecker, or a schedule's collected signatories). */
export interface KeyVerdicts {
  isSatisfied(key: proto.IKey | null | undefined): boolean;
  /** the ECDSA keys the signatures name in full, candidates for a hollow account's key (none for a schedule) */
  fullyNamedEcdsaKeys?(): proto.IKey[];
}
