/**
 * Shared parameter kit for tools: zod schemas an LLM can follow and normalisers that turn validated
 * input into SDK types, raising InvalidParamsError issues that name the field.
 */
export { paramIssue, forTool } from './param-issue.js';
export { accountIdSchema, scheduleIdSchema, tokenIdSchema, topicIdSchema, toAccountId, toScheduleId, toTokenId, toTopicId } from './entity-id-schemas.js';
export { HBAR_DECIMALS, hbarAmountSchema, hbarBalanceSchema, isZeroAmount, tokenAmountSchema, toSmallestUnits, toHbar } from './amount-schemas.js';
export { strictInput } from './strict-input.js';
export { LONE_SURROGATE_ERROR, MAX_MEMO_BYTES, PRIVATE_KEY_TEXT_ERROR, hasLoneSurrogate, memoSchema, transactionMemoSchema, withoutPrivateKey } from './memo-schema.js';
export { containsPrivateKey } from '../values/private-key-patterns.js';
export type { AmountInput } from './amount-schemas.js';
export { amountProblem, decimalParts, formatUnits } from './decimal-amount.js';
export {
  MAX_TRANSFER_RECIPIENTS,
  hbarRecipientSchema,
  tokenRecipientSchema,
  recipientsSchema,
  refuseSenderAmongRecipients,
} from './recipients.js';
export { resolveAccount } from './default-account.js';
export type {
  HbarTransferEntry,
  TokenTransferEntry,
  NftTransferEntry,
  HbarTransfersParams,
  TokenTransfersParams,
  NftTransfersParams,
} from './normalised-shapes.js';
