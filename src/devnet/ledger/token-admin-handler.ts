import type { proto } from '@hiero-ledger/proto';
import { entityString } from './entity-ids.js';
import type { HandlerContext, TransactionHandler } from './handler-context.js';
import { ensure, LedgerStatusError, type StatusName } from './status-error.js';
import type { TokenKeyName, TokenRelation, TokenState } from './state-types.js';
import { requireRelation, usableToken } from './token-relations.js';

/**
 * Token administration by the token's own keys: freeze and KYC of one account's relation, pausing the whole
 * token, and deleting it. As on a node, the key's signature is checked before the state is (so a deleted
 * token still answers INVALID_SIGNATURE to an unsigned request), and a key the token lacks is its own status.
 */

/** The token named by the body, deleted or not, with the named key signed; `missing` when it has no such key. */
function signedToken(ctx: HandlerContext, id: proto.ITokenID | null | undefined, keyName: TokenKeyName, missing: StatusName): TokenState {
  const token = ctx.ledger.token(id, true);
  const key = token.keys[keyName];
  if (!key) throw new LedgerStatusError(missing);
  ctx.requireSignature(key);
  return token;
}

type RelationBodyName = 'tokenFreeze' | 'tokenUnfreeze' | 'tokenGrantKyc' | 'tokenRevokeKyc';

/** A change to one account's relation with a token, made with the token's freeze or KYC key. */
function relationHandler(
  name: RelationBodyName, keyName: 'freezeKey' | 'kycKey', missing: StatusName, frozenFails: boolean,
  change: (relation: TokenRelation) => void,
): TransactionHandler {
  return {
    pureChecks(body) {
      const op = body[name]!;
      ensure(op.token, 'INVALID_TOKEN_ID');
      ensure(op.account, 'INVALID_ACCOUNT_ID');
    },
    handle(ctx) {
      const op = ctx.body[name]!;
      const token = signedToken(ctx, op.token, keyName, missing);
      usableToken(ctx.ledger, op.token);
      const relation = requireRelation(ctx.ledger.account(op.account), token);
      if (frozenFails) ensure(!relation.frozen, 'ACCOUNT_FROZEN_FOR_TOKEN');
      change(relation);
      ctx.entityId = entityString(token.num);
    },
  };
}

/** tokenFreeze: the freeze key signs; a frozen account can neither send nor receive the token (freezing twice fails). */
export const freezeTokenHandler = relationHandler('tokenFreeze', 'freezeKey', 'TOKEN_HAS_NO_FREEZE_KEY', true, (relation) => { relation.frozen = true; });

/** tokenUnfreeze: the freeze key signs. */
export const unfreezeTokenHandler = relationHandler('tokenUnfreeze', 'freezeKey', 'TOKEN_HAS_NO_FREEZE_KEY', false, (relation) => { relation.frozen = false; });

/** tokenGrantKyc: the KYC key signs; only a KYC-granted account can move a token that has a KYC key. */
export const grantKycHandler = relationHandler('tokenGrantKyc', 'kycKey', 'TOKEN_HAS_NO_KYC_KEY', true, (relation) => { relation.kycGranted = true; });

/** tokenRevokeKyc: the KYC key signs. */
export const revokeKycHandler = relationHandler('tokenRevokeKyc', 'kycKey', 'TOKEN_HAS_NO_KYC_KEY', true, (relation) => { relation.kycGranted = false; });

type TokenBodyName = 'tokenPause' | 'tokenUnpause';

/** Pausing stops every operation on the token but unpausing (and queries); the pause key signs. */
function pauseHandler(name: TokenBodyName, paused: boolean): TransactionHandler {
  return {
    pureChecks(body) {
      ensure(body[name]!.token, 'INVALID_TOKEN_ID');
    },
    handle(ctx) {
      const token = signedToken(ctx, ctx.body[name]!.token, 'pauseKey', 'TOKEN_HAS_NO_PAUSE_KEY');
      ensure(!token.deleted, 'TOKEN_WAS_DELETED');
      token.paused = paused;
      token.modifiedNs = ctx.consensusNs;
      ctx.entityId = entityString(token.num);
    },
  };
}

export const pauseTokenHandler = pauseHandler('tokenPause', true);
export const unpauseTokenHandler = pauseHandler('tokenUnpause', false);

/** tokenDeletion: the admin key signs (no admin key = TOKEN_IS_IMMUTABLE); the token then refuses every operation. */
export const deleteTokenHandler: TransactionHandler = {
  pureChecks(body) {
    ensure(body.tokenDeletion!.token, 'INVALID_TOKEN_ID');
  },
  handle(ctx) {
    const id = ctx.body.tokenDeletion!.token;
    const token = ctx.ledger.token(id, true);
    if (token.keys.adminKey) ctx.requireSignature(token.keys.adminKey);
    usableToken(ctx.ledger, id);
    ensure(token.keys.adminKey, 'TOKEN_IS_IMMUTABLE');
    token.deleted = true;
    token.modifiedNs = ctx.consensusNs;
    ctx.entityId = entityString(token.num);
  },
};
