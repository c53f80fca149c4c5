import { proto } from '@hiero-ledger/proto';
import { isKeySatisfied, simpleKeyBytes } from './keys.js';
import { confirmEd25519OffThread, verifySimpleKeySignature } from './signature-verifier.js';

/**
 * Decides whether the signatures attached to one transaction satisfy a proto Key.
 * Every simple key is checked over the exact body bytes with the SDK's verdict (see
 * {@link verifySimpleKeySignature}), and the result is cached per key because one transaction often
 * needs the same key several times (payer, debited account, treasury).
 */
export class SignatureChecker {
  private readonly verified = new Map<string, boolean>();

  /**
   * @param confirmed pairs already found valid for the ED25519 key their full 32-byte prefix names
   *   (see {@link SignatureChecker.prepare}); every other pair is verified when a key asks for it
   */
  constructor(
    private readonly bodyBytes: Uint8Array,
    private readonly pairs: proto.ISignaturePair[],
    private readonly confirmed: ReadonlySet<proto.ISignaturePair> = new Set(),
  ) {}

  /**
   * A checker whose ED25519 pairs that name their whole key were verified up front, all at once and off
   * the main thread. Verdicts are the same as checking them on demand (a key whose 32 bytes equal the
   * prefix would verify the same signature over the same bytes); only the timing moves, so concurrent
   * transactions no longer queue behind each other's curve arithmetic.
   */
  static async prepare(bodyBytes: Uint8Array, pairs: proto.ISignaturePair[]): Promise<SignatureChecker> {
    const confirmed = new Set<proto.ISignaturePair>();
    await Promise.all(pairs.map(async (pair) => {
      if (pair.ed25519?.length && pair.pubKeyPrefix?.length === 32 && (await confirmEd25519OffThread(pair.pubKeyPrefix, bodyBytes, pair.ed25519))) {
        confirmed.add(pair);
      }
    }));
    return new SignatureChecker(bodyBytes, pairs, confirmed);
  }

  /** True when `key` is satisfied; key lists need every member, threshold keys need `threshold` members. */
  isSatisfied(key: proto.IKey | null | undefined): boolean {
    return isKeySatisfied(key, (simple) => this.isSimpleKeySatisfied(simple));
  }

  private isSimpleKeySatisfied(key: proto.IKey): boolean {
    const raw = simpleKeyBytes(key);
    if (!raw || !(key.ed25519?.length === 32 || key.ECDSASecp256k1?.length === 33)) return false; // contract keys cannot sign a HAPI transaction
    const cacheKey = Buffer.from(raw).toString('hex');
    const cached = this.verified.get(cacheKey);
    if (cached !== undefined) return cached;
    const result = this.pairs.some((pair) => {
      const signature = key.ed25519 ? pair.ed25519 : pair.ECDSASecp256k1;
      // An empty prefix is allowed when the map holds a single signature (it can only mean that key).
      const prefixOk = pair.pubKeyPrefix?.length ? isPrefix(pair.pubKeyPrefix, raw) : this.pairs.length === 1;
      if (!signature?.length || !prefixOk) return false;
      if (key.ed25519 && this.confirmed.has(pair)) return true; // prefixOk with a 32-byte prefix: it is this very key
      return verifySimpleKeySignature(key, this.bodyBytes, signature);
    });
    this.verified.set(cacheKey, result);
    return result;
  }
}

function isPrefix(prefix: Uint8Array | null | undefined, bytes: Uint8Array): boolean {
  if (!prefix?.length || prefix.length > bytes.length) return false;
  for (let i = 0; i < prefix.length; i++) if (prefix[i] !== bytes[i]) return false;
  return true;
}
