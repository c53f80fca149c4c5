import { proto } from '@hiero-ledger/proto';
import type { HandlerContext } from './handler-context.js';
import { isEmptyKey } from './keys.js';
import { LedgerStatusError, type StatusName } from './status-error.js';
import type { TokenKeyName, TokenState } from './state-types.js';

type RoleKeyName = Exclude<TokenKeyName, 'adminKey'>;

/** What a node answers when an update names a role key the token does not have (and it has an admin key). */
const NO_ROLE_KEY: Readonly<Record<RoleKeyName, StatusName>> = {
  kycKey: 'TOKEN_HAS_NO_KYC_KEY', freezeKey: 'TOKEN_HAS_NO_FREEZE_KEY', wipeKey: 'TOKEN_HAS_NO_WIPE_KEY', supplyKey: 'TOKEN_HAS_NO_SUPPLY_KEY',
  feeScheduleKey: 'TOKEN_HAS_NO_FEE_SCHEDULE_KEY', pauseKey: 'TOKEN_HAS_NO_PAUSE_KEY', metadataKey: 'TOKEN_HAS_NO_METADATA_KEY',
};
const ROLE_KEYS = Object.keys(NO_ROLE_KEY) as RoleKeyName[];

/** HIP-540: an empty key list in an update removes the key. */
export function isKeyRemoval(key: proto.IKey | null | undefined): boolean {
  return !!key?.keyList && !(key.keyList.keys ?? []).length;
}

export const oneOf = (...keys: proto.IKey[]): proto.IKey => ({ thresholdKey: { threshold: 1, keys: { keys } } });
const allOf = (...keys: proto.IKey[]): proto.IKey => ({ keyList: { keys } });

/**
 * The signatures a TokenUpdate needs since HIP-540 (and HIP-646 for metadata), as a node's pre-handle
 * asks for them. The admin key signs for the token's own fields (name, symbol, memo, auto-renew
 * period, treasury, auto-renew account), for a new admin key and for any key removal; a role key
 * (supply, wipe, …, metadata) may instead replace itself, or the metadata key change the metadata,
 * when the admin key does not sign or the token has none. With FULL_VALIDATION a replacement role key
 * signs too. A token without an admin key is TOKEN_IS_IMMUTABLE for admin-only changes.
 */
export function requireTokenUpdateSigners(ctx: HandlerContext, token: TokenState, op: proto.ITokenUpdateTransactionBody): void {
  const admin = token.keys.adminKey && !isEmptyKey(token.keys.adminKey) ? token.keys.adminKey : undefined;
  const requireAdmin = () => {
    if (!admin) throw new LedgerStatusError('TOKEN_IS_IMMUTABLE');
    ctx.requireSignature(admin);
  };
  const requireAdminOrRole = (role: RoleKeyName, replacement?: proto.IKey) => {
    const current = token.keys[role];
    if (!current || isEmptyKey(current)) throw new LedgerStatusError(admin ? NO_ROLE_KEY[role] : 'TOKEN_IS_IMMUTABLE');
    const roleSide = replacement ? allOf(current, replacement) : current;
    ctx.requireSignature(admin ? oneOf(roleSide, admin) : roleSide);
  };
  if (op.metadata) {
    if (token.keys.metadataKey && !isEmptyKey(token.keys.metadataKey)) requireAdminOrRole('metadataKey');
    else requireAdmin();
  }
  if (op.treasury && (op.treasury.accountNum || op.treasury.alias?.length)) requireAdmin();
  if (op.autoRenewAccount) requireAdmin();
  if (op.adminKey) {
    requireAdmin();
    if (!isKeyRemoval(op.adminKey)) ctx.requireSignature(op.adminKey);
  }
  if (ROLE_KEYS.some((role) => isKeyRemoval(op[role]))) requireAdmin();
  if (op.name || op.symbol || op.memo || op.autoRenewPeriod) requireAdmin();
  const fullValidation = (op.keyVerificationMode ?? proto.TokenKeyValidation.FULL_VALIDATION) === proto.TokenKeyValidation.FULL_VALIDATION;
  for (const role of ROLE_KEYS) {
    const replacement = op[role];
    if (!replacement || isKeyRemoval(replacement)) continue;
    requireAdminOrRole(role, fullValidation ? replacement : undefined);
  }
}

/** TOKEN_HAS_NO_…_KEY for a removal of a role key the token does not have (a node only changes keys it has). */
export function checkRemovedKeysExist(token: TokenState, op: proto.ITokenUpdateTransactionBody): void {
  for (const role of ROLE_KEYS) {
    if (isKeyRemoval(op[role]) && !token.keys[role]) throw new LedgerStatusError(NO_ROLE_KEY[role]);
  }
}
