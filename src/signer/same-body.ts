import { createHash } from 'node:crypto';
import { proto } from '@hiero-ledger/proto';

/**
 * Whether two serialized TransactionBodies differ in `nodeAccountID` alone: the SDK asks for one
 * signature per node, and those bodies are the same transaction addressed to different nodes.
 * Bytes that are not a TransactionBody as this signer's protobufs encode it are never the same.
 */
export function sameBodyExceptNode(a: Uint8Array, b: Uint8Array): boolean {
  const first = withoutNode(a);
  const second = withoutNode(b);
  return first !== undefined && second !== undefined && first.equals(second);
}

/**
 * SHA-384 (hex) of the body with its node left out: the same for every node body of one
 * transaction, and different for any other change. Throws for bytes that are not a TransactionBody.
 */
export function bodyDigestExceptNode(bodyBytes: Uint8Array): string {
  const bytes = withoutNode(bodyBytes);
  if (bytes === undefined) throw new Error('body: not a serialized TransactionBody as this signer encodes it');
  return createHash('sha384').update(bytes).digest('hex');
}

/** The body re-encoded with no node; undefined when the bytes do not decode, or not to themselves. */
function withoutNode(bytes: Uint8Array): Buffer | undefined {
  if (!(bytes instanceof Uint8Array) || bytes.length === 0) return undefined;
  let body: proto.TransactionBody;
  try {
    body = proto.TransactionBody.decode(bytes);
  } catch {
    return undefined;
  }
  if (!Buffer.from(proto.TransactionBody.encode(body).finish()).equals(Buffer.from(bytes))) return undefined;
  body.nodeAccountID = null;
  return Buffer.from(proto.TransactionBody.encode(body).finish());
}
