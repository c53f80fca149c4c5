import type { PublicKey } from '@hiero-ledger/sdk';

/** The two key types a Hedera account can have, as the SDK names them. */
export type SigningKeyType = 'ED25519' | 'ECDSA_SECP256K1';

/**
 * A private key the signer holds, wherever it lives: only what signing needs is reachable from here.
 * No method returns or prints the private key; `description` names where it is (a file path, an
 * environment variable's name, a token and label), never what it is.
 */
export interface SigningKey {
  readonly type: SigningKeyType;
  readonly publicKey: PublicKey;
  /** Where the key lives, for logs and errors: never the key itself. */
  readonly description: string;
  /**
   * The signature Hedera wants over a TransactionBody's bytes: ED25519 over the bytes (64 bytes),
   * ECDSA secp256k1 over their keccak-256 as `r || s` with a low S (64 bytes).
   */
  sign(bodyBytes: Uint8Array): Promise<Uint8Array>;
  /** Lets go of the key (logs out of a token); signing afterwards fails. */
  close(): Promise<void>;
}
