import { PublicKey, type Client } from '@hiero-ledger/sdk';
import type { Context } from '../../../src/lifecycle/context.js';
import { returnsBytes } from '../../../src/modes/agent-mode.js';
import { paramIssue } from '../../../src/params/param-issue.js';
import { mirrorFor } from '../../../src/mirror/mirror-client.js';

/**
 * The public key of the acting account, used as a new token's admin and supply key so the agent
 * can later mint and update it. Taken from `context.accountPublicKey`, else the operator's key when
 * the operator signs (AUTONOMOUS), else the account's key as the mirror node reports it.
 */
export async function actingPublicKey(context: Context, client: Client, tool: string): Promise<PublicKey> {
  if (context.accountPublicKey) {
    try {
      return PublicKey.fromString(context.accountPublicKey);
    } catch {
      throw paramIssue('context.accountPublicKey', 'is not a public key (expected DER or raw hex of an ED25519 or ECDSA key)', tool);
    }
  }
  const operator = client.operatorAccountId?.toString();
  const acting = context.accountId ?? operator;
  if (!returnsBytes(context.mode) && client.operatorPublicKey && acting === operator) return client.operatorPublicKey;
  if (!acting) throw paramIssue('context.accountId', 'is needed to find the key of the account the agent acts for', tool);
  const account = await mirrorFor(context, client).getAccount(acting);
  const key = account.key?.key;
  if (!key) throw paramIssue('context.accountId', `account ${acting} has no single public key on the mirror node; set context.accountPublicKey`, tool);
  if (account.key?._type === 'ECDSA_SECP256K1') return PublicKey.fromStringECDSA(key);
  if (account.key?._type === 'ED25519') return PublicKey.fromStringED25519(key);
  return PublicKey.fromString(key);
}
