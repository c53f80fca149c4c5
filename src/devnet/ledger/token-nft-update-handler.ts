import { entityString } from './entity-ids.js';
import type { TransactionHandler } from './handler-context.js';
import { isEmptyKey } from './keys.js';
import { toBig } from './numbers.js';
import { oneOf } from './token-update-signers.js';
import { ensure } from './status-error.js';

/** `tokens.nfts.maxBatchSizeUpdate` and `tokens.maxMetadataBytes` of a node. */
const MAX_UPDATE_BATCH = 10;
const MAX_METADATA_BYTES = 100;

/**
 * tokenUpdateNfts (HIP-657): new metadata for some serials. The metadata key signs; while every serial
 * is still with the treasury the supply key may sign instead (TOKEN_HAS_NO_METADATA_OR_SUPPLY_KEY when
 * the token has neither). Without `metadata` the serials are left as they are.
 */
export const updateNftsHandler: TransactionHandler = {
  pureChecks(body) {
    const op = body.tokenUpdateNfts!;
    ensure(op.token, 'INVALID_TOKEN_ID');
    ensure(op.serialNumbers?.length, 'MISSING_SERIAL_NUMBERS');
  },
  handle(ctx) {
    const op = ctx.body.tokenUpdateNfts!;
    const token = ctx.ledger.token(op.token, true);
    const serials = [...new Set(op.serialNumbers!.map((serial) => toBig(serial)))];
    const nfts = serials.map((serial) => token.nfts.get(Number(serial)));
    ensure(nfts.every((nft) => nft !== undefined), 'INVALID_NFT_ID');
    const metadataKey = token.keys.metadataKey && !isEmptyKey(token.keys.metadataKey) ? token.keys.metadataKey : undefined;
    const supplyKey = token.keys.supplyKey && !isEmptyKey(token.keys.supplyKey) ? token.keys.supplyKey : undefined;
    if (nfts.every((nft) => nft!.owner === token.treasury)) {
      ensure(metadataKey || supplyKey, 'TOKEN_HAS_NO_METADATA_OR_SUPPLY_KEY');
      ctx.requireSignature(metadataKey && supplyKey ? oneOf(metadataKey, supplyKey) : (metadataKey ?? supplyKey));
    } else {
      ensure(metadataKey, 'TOKEN_HAS_NO_METADATA_KEY');
      ctx.requireSignature(metadataKey);
    }
    const metadata = op.metadata?.value;
    if (metadata) ensure(metadata.length <= MAX_METADATA_BYTES, 'METADATA_TOO_LONG');
    ensure(op.serialNumbers!.length <= MAX_UPDATE_BATCH, 'BATCH_SIZE_LIMIT_EXCEEDED');
    ensure(serials.every((serial) => serial > 0n), 'INVALID_TOKEN_NFT_SERIAL_NUMBER');
    if (!op.metadata) return;
    for (const nft of nfts) {
      nft!.metadata = metadata ?? new Uint8Array();
      nft!.modifiedNs = ctx.consensusNs;
    }
    ctx.entityId = entityString(token.num);
  },
};
