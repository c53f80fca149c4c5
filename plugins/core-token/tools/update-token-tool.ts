import { TokenUpdateTransaction, type AccountId, type Client, type PublicKey, type TokenId } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseTransactionTool,
  accountIdSchema,
  actingPublicKey,
  forTool,
  outcomeText,
  paramIssue,
  strictInput,
  toAccountId,
  toTokenId,
  tokenIdSchema,
  type Context,
  type RawToolResult,
} from '../../../src/authoring/index.js';
import { readToken } from '../_support/token-facts.js';
import { holdsAdminKey, resolveTokenKey, TOKEN_KEY_FIELDS, tokenKeyInputSchema, type TokenKeyField } from '../_support/token-keys.js';
import { ledgerText } from '../_support/token-schemas.js';

export const UPDATE_TOKEN_TOOL = 'update_token_tool';

const parameters = strictInput({
  tokenId: tokenIdSchema.describe('The token to update, e.g. "0.0.5678".'),
  tokenDesc: ledgerText('Optional note on why the token is updated; not stored on the ledger.').optional(),
  tokenName: ledgerText('New name, up to 100 bytes.', { nonEmpty: true }).optional(),
  tokenSymbol: ledgerText('New symbol, up to 100 bytes.', { nonEmpty: true }).optional(),
  treasuryAccountId: accountIdSchema.optional().describe('New treasury account; it must be associated with the token and sign.'),
  adminKey: tokenKeyInputSchema('admin key'),
  kycKey: tokenKeyInputSchema('KYC key'),
  freezeKey: tokenKeyInputSchema('freeze key'),
  wipeKey: tokenKeyInputSchema('wipe key'),
  supplyKey: tokenKeyInputSchema('supply key'),
  feeScheduleKey: tokenKeyInputSchema('fee schedule key'),
  pauseKey: tokenKeyInputSchema('pause key'),
  metadataKey: tokenKeyInputSchema('metadata key'),
  metadata: ledgerText('New token metadata as text, up to 100 bytes.').optional(),
  tokenMemo: ledgerText('New public memo, up to 100 bytes.').optional(),
  autoRenewAccountId: accountIdSchema.optional().describe('Account that pays the token\'s renewal; it must sign.'),
});

export type UpdateTokenInput = z.infer<typeof parameters>;

export interface UpdateTokenNormalised extends Partial<Record<TokenKeyField, PublicKey>> {
  tokenId: TokenId;
  tokenName?: string;
  tokenSymbol?: string;
  tokenMemo?: string;
  metadata?: Uint8Array;
  treasuryAccountId?: AccountId;
  autoRenewAccountId?: AccountId;
  /** Names of the fields that change, for messages and audits. */
  changes: string[];
}

declare module '../../../src/index.js' {
  interface ToolParamRegistry {
    update_token_tool: { raw: UpdateTokenInput; normalised: UpdateTokenNormalised };
  }
}

/**
 * Updates a token's properties and keys; only the fields given change. The agent's key must be the
 * token's admin key, which is checked on the mirror before anything is built.
 *
 * @example
 * await kit.execute('update_token_tool', { tokenId: '0.0.5678', tokenName: 'Gold v2', supplyKey: true });
 */
export class UpdateTokenTool extends BaseTransactionTool<UpdateTokenInput, UpdateTokenNormalised, TokenUpdateTransaction> {
  readonly method = UPDATE_TOKEN_TOOL;
  readonly name = 'Update Token';
  readonly description =
    'Updates an existing token: name, symbol, memo, metadata, treasury, auto-renew account or keys. Only the fields given change. ' +
    'Key fields take true (the agent\'s key) or a public key string; a key the token was created without cannot be added. The agent\'s key must be the admin key.';
  readonly parameters = parameters;

  normalizeParams(params: UpdateTokenInput, context: Context, client: Client): Promise<UpdateTokenNormalised> {
    return forTool(this.method, async () => {
      const tokenId = toTokenId(params.tokenId, 'tokenId', this.method);
      const normalised: UpdateTokenNormalised = { tokenId, changes: [] };
      const change = <K extends keyof UpdateTokenNormalised>(field: K, value: UpdateTokenNormalised[K] | undefined) => {
        if (value === undefined) return;
        normalised[field] = value;
        normalised.changes.push(field);
      };
      change('tokenName', params.tokenName);
      change('tokenSymbol', params.tokenSymbol);
      change('tokenMemo', params.tokenMemo);
      change('metadata', params.metadata === undefined ? undefined : new Uint8Array(Buffer.from(params.metadata, 'utf8')));
      change('treasuryAccountId', params.treasuryAccountId === undefined ? undefined : toAccountId(params.treasuryAccountId, 'treasuryAccountId', this.method));
      change('autoRenewAccountId', params.autoRenewAccountId === undefined ? undefined : toAccountId(params.autoRenewAccountId, 'autoRenewAccountId', this.method));
      const keyInputs = (Object.keys(TOKEN_KEY_FIELDS) as TokenKeyField[]).filter((field) => params[field] !== undefined && params[field] !== false);
      if (normalised.changes.length === 0 && keyInputs.length === 0) {
        throw paramIssue('parameters', 'nothing to update: give at least one of tokenName, tokenSymbol, tokenMemo, metadata, treasuryAccountId, autoRenewAccountId or a key', this.method);
      }
      const token = (await readToken(context, client, tokenId, 'tokenId', this.method)).mirror;
      const agentKey = await actingPublicKey(context, client, this.method);
      if (!token.admin_key) throw paramIssue('tokenId', `token ${tokenId.toString()} has no admin key, so it cannot be updated`, this.method);
      if (!holdsAdminKey(token, agentKey)) {
        throw paramIssue('tokenId', `the agent's key is not the admin key of token ${tokenId.toString()}; only its admin can update it`, this.method);
      }
      for (const field of keyInputs) change(field, resolveTokenKey(field, params[field], agentKey, token, this.method));
      return normalised;
    });
  }

  coreAction(params: UpdateTokenNormalised): TokenUpdateTransaction {
    const tx = new TokenUpdateTransaction().setTokenId(params.tokenId);
    if (params.tokenName !== undefined) tx.setTokenName(params.tokenName);
    if (params.tokenSymbol !== undefined) tx.setTokenSymbol(params.tokenSymbol);
    if (params.tokenMemo !== undefined) tx.setTokenMemo(params.tokenMemo);
    if (params.metadata !== undefined) tx.setMetadata(params.metadata);
    if (params.treasuryAccountId) tx.setTreasuryAccountId(params.treasuryAccountId);
    if (params.autoRenewAccountId) tx.setAutoRenewAccountId(params.autoRenewAccountId);
    if (params.adminKey) tx.setAdminKey(params.adminKey);
    if (params.kycKey) tx.setKycKey(params.kycKey);
    if (params.freezeKey) tx.setFreezeKey(params.freezeKey);
    if (params.wipeKey) tx.setWipeKey(params.wipeKey);
    if (params.supplyKey) tx.setSupplyKey(params.supplyKey);
    if (params.feeScheduleKey) tx.setFeeScheduleKey(params.feeScheduleKey);
    if (params.pauseKey) tx.setPauseKey(params.pauseKey);
    if (params.metadataKey) tx.setMetadataKey(params.metadataKey);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: UpdateTokenNormalised): string {
    const fields = params.changes.join(', ');
    return outcomeText(raw, {
      what: `update ${fields} of token ${params.tokenId.toString()}`,
      done: `Updated ${fields} of token ${params.tokenId.toString()}`,
    });
  }
}
