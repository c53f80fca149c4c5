import { PrivateKey, PublicKey } from '@hiero-ledger/sdk';
import { invalidArgument } from '../../errors/index.js';
import { isPrivateKey, isPublicKey } from '../../values/sdk-values.js';
import { approvalRequestDigest, type DigestedRequest } from './request-digest.js';

export type SignatureAlgorithm = 'ED25519' | 'ECDSA_SECP256K1';

/** DER prefixes of the two key types (RFC 8410 for ED25519, SEC1 secp256k1): how a key's algorithm is told by shape. */
const ED25519_DER = '302a300506032b6570032100';
const ECDSA_DER = '302d300706052b8104000a032200';

/** A public key's DER hex and algorithm, or `undefined` when `text` is not an ED25519 or ECDSA secp256k1 public key. */
export function publicKeyIdentity(text: string): { der: string; algorithm: SignatureAlgorithm } | undefined {
  const trimmed = text.trim().replace(/^0x/, '');
  if (!/^[0-9a-fA-F]+$/.test(trimmed)) return undefined;
  try {
    const key = PublicKey.fromString(trimmed);
    const der = key.toStringDer().toLowerCase();
    if (der.startsWith(ED25519_DER)) return { der, algorithm: 'ED25519' };
    if (der.startsWith(ECDSA_DER)) return { der, algorithm: 'ECDSA_SECP256K1' };
    return undefined;
  } catch {
    return undefined;
  }
}

/** A signed approval: the signature over the request digest and the key that verifies it, both hex. */
export interface ApprovalSignature {
  readonly signature: string;
  readonly publicKey: string;
  readonly algorithm: SignatureAlgorithm;
  /** The request digest signed (request-digest.ts). */
  readonly digest: string;
}

/**
 * Signs a request's digest with an approver's key (ED25519 or ECDSA secp256k1, a PrivateKey or its
 * DER text); pass the result's `signature` and `publicKey` to `store.decide`. The key never leaves
 * this function: the result carries only the public key.
 *
 * @example
 * const signed = signApproval(record, process.env.APPROVER_KEY!);
 * await store.decide(record.id, { approver: 'alice', approve: true, signature: signed.signature, publicKey: signed.publicKey });
 */
export function signApproval(request: DigestedRequest, privateKey: PrivateKey | string): ApprovalSignature {
  const key = privateKeyOf(privateKey);
  const digest = approvalRequestDigest(request);
  const signature = Buffer.from(key.sign(Buffer.from(digest, 'hex'))).toString('hex');
  const identity = publicKeyIdentity(key.publicKey.toStringDer());
  if (!identity) throw invalidArgument('signApproval: the key is neither ED25519 nor ECDSA secp256k1.', [1]);
  return { signature, publicKey: identity.der, algorithm: identity.algorithm, digest };
}

/**
 * Whether `signature` (hex) by `publicKey` verifies over `digest` (hex); a sentence saying what is
 * wrong when not. Used by the stores (a bad signature is never counted) and by audit verify.
 */
export function checkApprovalSignature(digest: string, signature: string, publicKey: string): { ok: true; der: string; algorithm: SignatureAlgorithm } | { ok: false; reason: string } {
  const identity = publicKeyIdentity(publicKey);
  // Not quoted: what was pasted here may be a private key.
  if (!identity) return { ok: false, reason: `the publicKey given (${String(publicKey).length} characters) is not an ED25519 or ECDSA secp256k1 public key (DER or raw hex)` };
  const text = signature.trim().replace(/^0x/, '');
  if (!/^([0-9a-fA-F]{2})+$/.test(text)) return { ok: false, reason: 'the signature is not hex' };
  let verified = false;
  try {
    verified = PublicKey.fromString(identity.der).verify(Buffer.from(digest, 'hex'), Buffer.from(text, 'hex'));
  } catch {
    verified = false;
  }
  if (!verified) return { ok: false, reason: `the signature does not verify over the request digest ${digest} with the ${identity.algorithm} key ${shortHex(identity.der)}` };
  return { ok: true, der: identity.der, algorithm: identity.algorithm };
}

/** An approver's private key from a PrivateKey or its DER or raw hex text; the message never quotes the text. */
export function privateKeyOf(value: unknown): PrivateKey {
  if (isPrivateKey(value)) return value;
  if (isPublicKey(value)) throw invalidArgument('signApproval: a public key cannot sign; pass the approver\'s private key (a PrivateKey or its DER text).', [1]);
  if (typeof value === 'string' && value.trim()) {
    const text = value.trim().replace(/^0x/, '');
    try {
      return /^30/.test(text) ? PrivateKey.fromStringDer(text) : PrivateKey.fromString(text);
    } catch {
      // The text is a secret: the message never quotes it.
    }
  }
  throw invalidArgument('signApproval: the key is not an ED25519 or ECDSA secp256k1 private key (a PrivateKey, or its DER or raw hex text).', [1]);
}

/** The start and end of a hex text, for messages (a public key or a signature, never a secret). */
function shortHex(text: string): string {
  const value = String(text);
  return value.length > 24 ? `${value.slice(0, 12)}…${value.slice(-8)}` : JSON.stringify(value);
}
