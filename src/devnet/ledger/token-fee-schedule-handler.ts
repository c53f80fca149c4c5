import { checkFeeScheduleUpdate, requireCollectorSignatures } from './custom-fees.js';
import { entityString } from './entity-ids.js';
import type { TransactionHandler } from './handler-context.js';
import { ensure } from './status-error.js';
import { usableToken } from './token-relations.js';

/**
 * tokenFeeScheduleUpdate: the fee schedule key signs (and collectors that require receiver signatures);
 * the new schedule replaces the old one and is charged from the next transfer on.
 */
export const updateFeeScheduleHandler: TransactionHandler = {
  pureChecks(body) {
    ensure(body.tokenFeeScheduleUpdate!.tokenId, 'INVALID_TOKEN_ID');
  },
  handle(ctx) {
    const op = ctx.body.tokenFeeScheduleUpdate!;
    const fees = op.customFees ?? [];
    const token = ctx.ledger.token(op.tokenId, true);
    if (token.keys.feeScheduleKey) {
      ctx.requireSignature(token.keys.feeScheduleKey);
      requireCollectorSignatures(ctx, fees);
    }
    usableToken(ctx.ledger, op.tokenId);
    ensure(token.keys.feeScheduleKey, 'TOKEN_HAS_NO_FEE_SCHEDULE_KEY');
    ensure(fees.length || token.customFees.length, 'CUSTOM_SCHEDULE_ALREADY_HAS_NO_FEES');
    token.customFees = checkFeeScheduleUpdate(ctx, token, fees);
    token.feeScheduleNs = ctx.consensusNs;
    token.modifiedNs = ctx.consensusNs;
    ctx.entityId = entityString(token.num);
  },
};
