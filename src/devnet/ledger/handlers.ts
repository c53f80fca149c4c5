import { createAccountHandler, deleteAccountHandler, updateAccountHandler } from './accounts-handler.js';
import { cancelAirdropsHandler, claimAirdropsHandler } from './airdrop-claims-handler.js';
import { approveAllowancesHandler, deleteAllowancesHandler } from './allowances-handler.js';
import { fileAppendHandler, fileCreateHandler, fileDeleteHandler, fileUpdateHandler } from './files-handler.js';
import type { TransactionHandler } from './handler-context.js';
import { contractCallHandler, contractCreateHandler } from '../evm/contracts-handler.js';
import { prngHandler } from './prng-handler.js';
import { scheduleCreateHandler, scheduleDeleteHandler, scheduleSignHandler } from './schedules-handler.js';
import {
  deleteTokenHandler, freezeTokenHandler, grantKycHandler, pauseTokenHandler, revokeKycHandler, unfreezeTokenHandler, unpauseTokenHandler,
} from './token-admin-handler.js';
import { associateTokensHandler, dissociateTokensHandler } from './token-associations-handler.js';
import { updateFeeScheduleHandler } from './token-fee-schedule-handler.js';
import { rejectTokensHandler } from './token-reject-handler.js';
import { burnTokenHandler, wipeTokenHandler } from './token-supply-handler.js';
import { createTokenHandler, mintTokenHandler, updateTokenHandler } from './tokens-handler.js';
import { createTopicHandler, deleteTopicHandler, submitMessageHandler, updateTopicHandler } from './topics-handler.js';
import { cryptoTransferHandler, tokenAirdropHandler } from './transfers-handler.js';

/**
 * TransactionBody data field → handler. Anything missing here is answered with NOT_SUPPORTED at precheck,
 * which is what a real node says for a transaction type it does not offer.
 */
export const TRANSACTION_HANDLERS: Readonly<Record<string, TransactionHandler>> = {
  cryptoCreateAccount: createAccountHandler,
  cryptoUpdateAccount: updateAccountHandler,
  cryptoDelete: deleteAccountHandler,
  cryptoTransfer: cryptoTransferHandler,
  tokenAirdrop: tokenAirdropHandler,
  consensusCreateTopic: createTopicHandler,
  consensusUpdateTopic: updateTopicHandler,
  consensusDeleteTopic: deleteTopicHandler,
  consensusSubmitMessage: submitMessageHandler,
  tokenCreation: createTokenHandler,
  tokenMint: mintTokenHandler,
  tokenUpdate: updateTokenHandler,
  tokenAssociate: associateTokensHandler,
  tokenDissociate: dissociateTokensHandler,
  cryptoApproveAllowance: approveAllowancesHandler,
  cryptoDeleteAllowance: deleteAllowancesHandler,
  contractCreateInstance: contractCreateHandler,
  contractCall: contractCallHandler,
  tokenBurn: burnTokenHandler,
  tokenWipe: wipeTokenHandler,
  tokenFreeze: freezeTokenHandler,
  tokenUnfreeze: unfreezeTokenHandler,
  tokenGrantKyc: grantKycHandler,
  tokenRevokeKyc: revokeKycHandler,
  tokenPause: pauseTokenHandler,
  tokenUnpause: unpauseTokenHandler,
  tokenDeletion: deleteTokenHandler,
  tokenReject: rejectTokensHandler,
  tokenFeeScheduleUpdate: updateFeeScheduleHandler,
  tokenClaimAirdrop: claimAirdropsHandler,
  tokenCancelAirdrop: cancelAirdropsHandler,
  scheduleCreate: scheduleCreateHandler,
  scheduleSign: scheduleSignHandler,
  scheduleDelete: scheduleDeleteHandler,
  fileCreate: fileCreateHandler,
  fileAppend: fileAppendHandler,
  fileUpdate: fileUpdateHandler,
  fileDelete: fileDeleteHandler,
  utilPrng: prngHandler,
};
