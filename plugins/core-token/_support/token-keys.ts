import type { PublicKey } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { paramIssue, parsePublicKey, type MirrorToken } from '../../../src/authoring/index.js';

/** The token keys update_token_tool can replace, with the mirror field that shows whether the token has one. */
export const TOKEN_KEY_FIELDS = {
  adminKey: 'admin_key',
  kycKey: 'kyc_key',
  freezeKey: 'freeze_key',
  wipeKey: 'wipe_key',
  supplyKey: 'supply_key',
  feeScheduleKey: 'fee_schedule_key',
  pauseKey: 'pause_key',
  metadataKey: 'metadata_key',
} as const satisfies Record<string, keyof MirrorToken>;

export type TokenKeyField = keyof typeof TOKEN_KEY_FIELDS;

/** `true` (use the agent's key), `false` (leave unchanged) or a public key string. */
export function tokenKeyInputSchema(label: string) {
  return z
    .union([z.boolean(), z.string().min(1, { error: 'must not be empty' })], { error: 'must be true (use the agent\'s key) or a public key string' })
    .optional()
    .describe(`New ${label}: true to use the agent's key, or a public key (DER or raw hex). Leave out to keep it.`);
}

/**
 * Resolves a key input: `true` → the agent's key, a string → that public key, `false`/absent →
 * no change. Refuses to add a key the token was created without: Hedera only replaces keys.
 */
export function resolveTokenKey(
  field: TokenKeyField,
  input: boolean | string | undefined,
  agentKey: PublicKey,
  token: MirrorToken,
  tool: string,
): PublicKey | undefined {
  if (input === undefined || input === false) return undefined;
  if (!token[TOKEN_KEY_FIELDS[field]]) {
    throw paramIssue(field, `token ${token.token_id} was created without a ${field}; Hedera can replace an existing key but not add one`, tool);
  }
  if (input === true) return agentKey;
  return parsePublicKey(input, field, tool, [agentKey]);
}

/** True when `key` is the token's (single) admin key as the mirror reports it. */
export function holdsAdminKey(token: MirrorToken, key: PublicKey): boolean {
  const admin = token.admin_key?.key?.toLowerCase();
  return admin !== undefined && admin === key.toStringRaw().toLowerCase();
}
