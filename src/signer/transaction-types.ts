import type { Movement } from '../values/movement.js';
import { contractCall, contractCreateInstance, contractDeleteInstance, ethereumTransaction } from './contract-values.js';
import { noMovements, tokenBurn, tokenUpdate, tokenWipe } from './token-values.js';
import { cryptoApproveAllowance, cryptoCreateAccount, cryptoDelete, cryptoTransfer, cryptoUpdateAccount, tokenAirdrop, tokenClaimAirdrop, tokenReject } from './transfer-values.js';

/** Reads a type's movements from its protobuf field; throws when the field cannot be read. */
export type MovementReader = (data: any, payer: string, field: string) => Movement[];

/**
 * What the signer knows of a transaction type:
 * - `moves`: a reader of what it moves (nothing, for a type that moves nothing beyond the fee);
 * - `carries`: a ScheduleCreate or an atomic batch, whose inner bodies are described in turn;
 * - `lookup`: a ScheduleSign, whose effect is the schedule's body on the ledger;
 * - `unjudgeable`: a type whose effect the signer cannot name, with why. Refused unless allowed by name.
 */
export type TypeRule =
  | { readonly kind: 'moves'; readonly read: MovementReader }
  | { readonly kind: 'carries' }
  | { readonly kind: 'lookup' }
  | { readonly kind: 'unjudgeable'; readonly why: string };

const moves = (read: MovementReader): TypeRule => ({ kind: 'moves', read });
const nothing: TypeRule = moves(noMovements);
const unjudgeable = (why: string): TypeRule => ({ kind: 'unjudgeable', why });
const ADMIN = 'network administration, which only privileged accounts may pay for and whose effect on value the signer cannot name';
const NODE_INTERNAL = 'a message between consensus nodes, never something an agent signs';

/**
 * Every `data` field of TransactionBody in @hiero-ledger/proto 2.31.0, each decided. A type not in
 * this table (a newer network's) is unknown to the signer and refused. The test
 * `transaction-types.spec` lists the proto's oneof and fails when a name is missing here.
 */
export const TRANSACTION_TYPES: Readonly<Record<string, TypeRule>> = Object.freeze({
  // Value moves.
  cryptoTransfer: moves(cryptoTransfer),
  cryptoCreateAccount: moves(cryptoCreateAccount),
  cryptoDelete: moves(cryptoDelete),
  cryptoApproveAllowance: moves(cryptoApproveAllowance),
  cryptoUpdateAccount: moves(cryptoUpdateAccount),
  tokenAirdrop: moves(tokenAirdrop),
  tokenClaimAirdrop: moves(tokenClaimAirdrop),
  tokenReject: moves(tokenReject),
  tokenBurn: moves(tokenBurn),
  tokenWipe: moves(tokenWipe),
  tokenUpdate: moves(tokenUpdate),
  contractCall: moves(contractCall),
  contractCreateInstance: moves(contractCreateInstance),
  contractDeleteInstance: moves(contractDeleteInstance),
  ethereumTransaction: moves(ethereumTransaction),
  // Its custom fees are read from the body's maxCustomFees (see describeBody), or looked up.
  consensusSubmitMessage: nothing,
  // Bodies inside bodies.
  scheduleCreate: { kind: 'carries' },
  atomicBatch: { kind: 'carries' },
  scheduleSign: { kind: 'lookup' },
  // Nothing beyond the fee: new units made (mint, create), records, files, topics, keys of tokens,
  // associations, pauses, allowances removed, airdrops cancelled (they never left the sender).
  tokenCreation: nothing,
  tokenMint: nothing,
  tokenFreeze: nothing,
  tokenUnfreeze: nothing,
  tokenGrantKyc: nothing,
  tokenRevokeKyc: nothing,
  tokenDeletion: nothing,
  tokenAssociate: nothing,
  tokenDissociate: nothing,
  tokenFeeScheduleUpdate: nothing,
  tokenPause: nothing,
  tokenUnpause: nothing,
  tokenUpdateNfts: nothing,
  tokenCancelAirdrop: nothing,
  cryptoDeleteAllowance: nothing,
  cryptoAddLiveHash: nothing,
  cryptoDeleteLiveHash: nothing,
  contractUpdateInstance: nothing,
  fileCreate: nothing,
  fileAppend: nothing,
  fileUpdate: nothing,
  fileDelete: nothing,
  consensusCreateTopic: nothing,
  consensusUpdateTopic: nothing,
  consensusDeleteTopic: nothing,
  scheduleDelete: nothing,
  utilPrng: nothing,
  // Not judgeable: fail closed.
  uncheckedSubmit: unjudgeable('it submits transaction bytes the signer does not see as a body'),
  freeze: unjudgeable(ADMIN),
  systemDelete: unjudgeable(ADMIN),
  systemUndelete: unjudgeable(ADMIN),
  nodeStakeUpdate: unjudgeable(ADMIN),
  nodeCreate: unjudgeable(ADMIN),
  nodeUpdate: unjudgeable(ADMIN),
  nodeDelete: unjudgeable(ADMIN),
  registeredNodeCreate: unjudgeable(ADMIN),
  registeredNodeUpdate: unjudgeable(ADMIN),
  registeredNodeDelete: unjudgeable(ADMIN),
  hookStore: unjudgeable('it writes the storage of a hook (HIP-1195), code that can authorise debits the signer never sees'),
  hookDispatch: unjudgeable('it runs a hook (HIP-1195), code whose effect the signer cannot read from the bytes'),
  stateSignatureTransaction: unjudgeable(NODE_INTERNAL),
  hintsPreprocessingVote: unjudgeable(NODE_INTERNAL),
  hintsKeyPublication: unjudgeable(NODE_INTERNAL),
  hintsPartialSignature: unjudgeable(NODE_INTERNAL),
  historyProofSignature: unjudgeable(NODE_INTERNAL),
  historyProofKeyPublication: unjudgeable(NODE_INTERNAL),
  historyProofVote: unjudgeable(NODE_INTERNAL),
  crsPublication: unjudgeable(NODE_INTERNAL),
  ledgerIdPublication: unjudgeable(NODE_INTERNAL),
  migrationRootHashVote: unjudgeable(NODE_INTERNAL),
});

/** The rule for a type, or the refusal of a type this signer does not know. */
export function ruleOf(type: string): TypeRule {
  return Object.hasOwn(TRANSACTION_TYPES, type) ? TRANSACTION_TYPES[type]! : unjudgeable(`"${type}" is a transaction type this signer does not know`);
}
