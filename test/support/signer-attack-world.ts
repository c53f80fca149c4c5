import { createPublicKey } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AccountCreateTransaction, Hbar, PublicKey, type Client } from '@hiero-ledger/sdk';
import type { Devnet } from '../../src/devnet/index.js';
import { localNetworkOf } from './local-devnet-config.js';
import { SOFTHSM_MODULE, type TestToken } from './softhsm-token.js';
import { startSignerProcess, type SignerProcess } from './signer-process.js';

/** The agent's token at every signer these specs start. */
export const AGENT_TOKEN = 'agent-token-0123456789abcdef';

/** The public key of a PKCS#8 PEM, as the SDK reads it. */
export function publicKeyOfPem(pem: string, type: 'ed25519' | 'ecdsa'): PublicKey {
  const der = createPublicKey(pem).export({ type: 'spki', format: 'der' });
  return type === 'ed25519' ? PublicKey.fromBytesED25519(der) : PublicKey.fromBytesECDSA(der);
}

/** A funded account whose key is `publicKey` (held only in the token), created by the devnet's operator. */
export async function accountWithKey(client: Client, publicKey: PublicKey, hbar: number): Promise<string> {
  const response = await new AccountCreateTransaction().setKeyWithoutAlias(publicKey).setInitialBalance(new Hbar(hbar)).execute(client);
  return (await response.getReceipt(client)).accountId!.toString();
}

/** An account's balance in tinybars, read from the devnet's mirror. */
export async function mirrorBalance(net: Devnet, accountId: string): Promise<bigint> {
  const response = await fetch(`${net.mirrorUrl}/api/v1/accounts/${accountId}`);
  if (!response.ok) throw new Error(`mirror: ${response.status} for account ${accountId}`);
  const body = (await response.json()) as { balance: { balance: number | string } };
  return BigInt(body.balance.balance);
}

/**
 * Writes a signer's configuration (the devnet as network "local", these policies, a kill switch
 * beside its journal) in a folder of its own and starts `agent-hooks signer` over the token's key.
 */
export async function startTokenSigner(
  net: Devnet,
  token: TestToken,
  options: { account: string; keyLabel: string; policies: unknown[]; store?: string; folder?: string },
): Promise<{ signer: SignerProcess; folder: string; config: string; remove(): void }> {
  const folder = options.folder ?? mkdtempSync(path.join(tmpdir(), 'signer-'));
  const config = path.join(folder, 'agent-hooks.config.json');
  writeFileSync(config, JSON.stringify({ ...localNetworkOf(net), policies: options.policies, killSwitch: {} }, null, 2));
  const signer = await startSignerProcess(folder, { AGENT_HOOKS_SIGNER_TOKENS: JSON.stringify({ 'agent-1': AGENT_TOKEN }), AGENT_HOOKS_PKCS11_PIN: token.pin, SOFTHSM2_CONF: token.conf }, [
    '--config', config,
    '--account', options.account,
    '--pkcs11-module', SOFTHSM_MODULE,
    '--pkcs11-token', token.label,
    '--pkcs11-key', options.keyLabel,
    '--port', '0',
    ...(options.store ? ['--store', options.store] : []),
  ]);
  return { signer, folder, config, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** POSTs one body to a signer as the agent (or with `authorization` given; null sends none), answering status and JSON. */
export async function postSign(url: string, body: string | Uint8Array, authorization: string | null = `Bearer ${AGENT_TOKEN}`): Promise<{ status: number; json: Record<string, unknown> }> {
  const payload = typeof body === 'string' ? body : JSON.stringify({ bodyBytes: Buffer.from(body).toString('base64') });
  const response = await fetch(`${url}/sign`, { method: 'POST', headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body: payload });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}
