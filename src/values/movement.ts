/**
 * One thing a call moves, as the value policies read it: an asset leaving one account for another.
 * Amounts are in the asset's smallest unit (tinybars for HBAR, the token's base units), and account
 * IDs are canonical `shard.realm.num` strings, so the same account never appears under two spellings.
 * An approval counts as what it allows to be moved (from the owner to the spender).
 *
 * Two placeholders stand for accounts a call names without an ID: `'new-account'` (the account
 * `create_account_tool` creates, funded with its initial balance) and `'current-treasury'` (the
 * treasury `update_token_tool` moves a token's balance away from when it names a new one).
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
  /**
   * The asset's decimal places when the call knows them (8 for HBAR, 0 for NFTs, the token's own for
   * fungible tokens): caps given in display units need them.
   */
  readonly decimals?: number;
  /**
   * The amount is not known when the call is judged: an account deletion moves its whole balance,
   * an all-serials NFT approval the whole collection, a treasury change the treasury's balance.
   * `amount` is then the largest int64 (9223372036854775807), an upper bound no cap allows.
   */
  readonly unbounded?: true;
}

/** What the runner knows about a call beyond its params: who pays for it. */
export interface MovementCall {
  /** The account that pays the transaction (and funds a new account's initial balance). */
  readonly payer?: string;
  /**
   * Accounts of the EVM aliases the call names (`0x` + 40 lower-case hex → `shard.realm.num`), as the
   * mirror node resolved them: inside the Hedera Agent Kit, whose EVM tools name an ECDSA account by
   * its alias in the encoded call.
   */
  readonly evmAccounts?: ReadonlyMap<string, string>;
}

/** What a tool declares to join the value policies: its normalised params as movements. */
export type MovementView = (normalisedParams: any, call?: MovementCall) => readonly Movement[];
