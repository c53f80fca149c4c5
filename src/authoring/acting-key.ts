import { PrivateKey, PublicKey, type Client } from '@hiero-ledger/sdk';
import type { Context } from '../lifecycle/context.js';
import { mirrorFor } from '../mirror/index.js';
import { paramIssue } from '../params/index.js';
import { returnsBytes } from '../values/agent-mode.js';
import { isEd25519Point } from './ed25519-point.js';

/**
 * The public key of the account the agent acts for, used as the default key of new accounts and the
 * admin key of new topics. `context.accountPublicKey` wins; else the operator's key when the operator
 * is the acting account and signs (not RETURN_BYTES); else the key the mirror node reports.
 *
 * @example
 * const adminKey = await actingPublicKey(context, client, 'create_topic_tool');
 */
export async function actingPublicKey(context: Context, client: Client, tool: string): Promise<PublicKey> {
  if (context.accountPublicKey) return parsePublicKey(context.accountPublicKey, 'context.accountPublicKey', tool);
  const operator = client.operatorAccountId?.toString();
  const acting = context.accountId ?? operator;
  if (!returnsBytes(context.mode) && client.operatorPublicKey && acting === operator) return client.operatorPublicKey;
  if (!acting) throw paramIssue('context.accountId', 'is needed to find the key of the account the agent acts for', tool);
  const account = await mirrorFor(context, client).getAccount(acting);
  const key = account.key;
  if (!key?.key) throw paramIssue('context.accountPublicKey', `is needed: account ${acting} has no single public key on the mirror node`, tool);
  if (key._type === 'ED25519') return PublicKey.fromStringED25519(key.key);
  if (key._type === 'ECDSA_SECP256K1') return PublicKey.fromStringECDSA(key.key);
  throw paramIssue('context.accountPublicKey', `is needed: account ${acting} has a ${key._type} key, not a single ED25519 or ECDSA key`, tool);
}

/**
 * Parses a public key given as DER hex or raw hex (ED25519 32 bytes, ECDSA 33 compressed bytes).
 * Private keys are refused without echoing them: DER private keys, raw 32 bytes that are the private
 * key of one of `ownKeys` (e.g. the operator's public key), and ED25519 keys that are no curve point.
 */
export function parsePublicKey(text: string, field: string, tool: string, ownKeys: readonly (PublicKey | null | undefined)[] = []): PublicKey {
  const hex = text.trim().replace(/^0x/i, '');
  if (/^302e020100300506032b657004220420/i.test(hex) || /^3030020100300706052b8104000a04220420/i.test(hex)) {
    throw paramIssue(field, 'looks like a PRIVATE key; pass the public key only (never share private keys)', tool);
  }
  if (isRawPrivateKeyOf(hex, ownKeys)) {
    throw paramIssue(field, "is the PRIVATE key of the agent's own account; pass a public key only (never share private keys)", tool);
  }
  let key: PublicKey;
  try {
    key = PublicKey.fromString(hex);
  } catch {
    throw paramIssue(field, 'is not a public key; expected DER or raw hex of an ED25519 or ECDSA secp256k1 public key', tool);
  }
  // The SDK takes any 32 bytes as ED25519; a key that is no curve point could never sign, so an
  // account or token given it would be locked for good. Raw private keys are often such bytes.
  if (key.type === 'ED25519' && !isEd25519Point(key.toBytesRaw())) {
    throw paramIssue(field, 'is not a valid ED25519 public key: those 32 bytes are not a point on the curve, so nothing could ever sign for it (a raw private key looks like this); pass the public key', tool);
  }
  return key;
}

/**
 * Raw 32 bytes read as a public key would put the bytes on the public ledger; when they are the
 * private key behind a key the agent uses, that would publish the agent's own secret.
 */
function isRawPrivateKeyOf(hex: string, ownKeys: readonly (PublicKey | null | undefined)[]): boolean {
  const keys = ownKeys.filter((key): key is PublicKey => !!key);
  if (!keys.length || !/^[0-9a-f]{64}$/i.test(hex)) return false;
  for (const derive of [(raw: string) => PrivateKey.fromStringED25519(raw), (raw: string) => PrivateKey.fromStringECDSA(raw)]) {
    let derived: PublicKey;
    try {
      derived = derive(hex).publicKey;
    } catch {
      continue;
    }
    if (keys.some((key) => key.equals(derived))) return true;
  }
  return false;
}
