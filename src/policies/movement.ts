/**
 * One thing a call moves, as the value policies read it: an asset leaving one account for another.
 * Amounts are in the asset's smallest unit (tinybars for HBAR, the token's base units), and account
 * IDs are canonical `shard.realm.num` strings, so the same account never appears under two spellings.
 * An approval counts as what it allows to be moved (from the owner to the spender).
 */
export interface Movement {
  /** `'HBAR'`, or the token ID (`0.0.1234`). */
  readonly asset: string;
  /** NFTs: the serial number moved (`amount` is then 1n). */
  readonly serial?: number;
  readonly from: string;
  readonly to: string;
  readonly amount: bigint;
  /** The amount as a person reads it, e.g. `'12.5 HBAR'` or `'3 of 0.0.1234'`. */
  readonly display: string;
}

/** What a tool declares to join the value policies: its normalised params as movements. */
export type MovementView = (normalisedParams: any) => readonly Movement[];
