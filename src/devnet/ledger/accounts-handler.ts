import type { proto } from '@hiero-ledger/proto';
import { checkAliasShape, checkNewAccountAlias } from './account-alias-checks.js';
import { accountId, entityString } from './entity-ids.js';
import type { HandlerContext, TransactionHandler } from './handler-context.js';
import { isValidKey, keyFingerprint } from './keys.js';
import { toBig } from './numbers.js';
import { refuseHookChanges } from './hooks-refusal.js';
import { stakingTarget } from './staking.js';
import { ensure } from './status-error.js';

const MAX_MEMO_BYTES = 100;

function checkMemo(memo: string | null | undefined): void {
  ensure(Buffer.byteLength(memo ?? '') <= MAX_MEMO_BYTES, 'MEMO_TOO_LONG');
  ensure(!(memo ?? '').includes('\0'), 'INVALID_ZERO_BYTE_IN_STRING');
}

/** cryptoCreateAccount: the new key does not sign unless receiverSigRequired is set. */
export const createAccountHandler: TransactionHandler = {
  pureChecks(body) {
    const op = body.cryptoCreateAccount!;
    ensure(op.key, 'KEY_REQUIRED');
    ensure(isValidKey(op.key), 'BAD_ENCODING');
    ensure(toBig(op.initialBalance) >= 0n, 'INVALID_INITIAL_BALANCE');
    checkMemo(op.memo);
    checkAliasShape(op.alias);
  },
  handle(ctx: HandlerContext) {
    const op = ctx.body.cryptoCreateAccount!;
    refuseHookChanges(op);
    const initial = toBig(op.initialBalance);
    ensure(ctx.payer.balance >= initial, 'INSUFFICIENT_PAYER_BALANCE');
    if (op.receiverSigRequired) ctx.requireSignature(op.key);
    checkNewAccountAlias(ctx, op);
    const staking = stakingTarget(ctx.ledger, op, false);
    const account = ctx.ledger.addAccount({
      ...staking,
      key: op.key!, balance: 0n, createdNs: ctx.consensusNs, memo: op.memo ?? '',
      receiverSigRequired: !!op.receiverSigRequired, maxAutoAssociations: op.maxAutomaticTokenAssociations ?? 0,
      declineReward: !!op.declineReward,
      ...(op.autoRenewPeriod?.seconds ? { autoRenewPeriodSec: Number(toBig(op.autoRenewPeriod.seconds)) } : {}),
      ...(op.alias?.length ? { alias: op.alias } : {}),
    });
    ctx.moveHbar(ctx.payer, -initial);
    ctx.moveHbar(account, initial);
    ctx.receipt.accountID = accountId(account.num);
    ctx.entityId = entityString(account.num);
  },
};

/** cryptoUpdateAccount: the account key signs, and a replacement key must sign too. */
export const updateAccountHandler: TransactionHandler = {
  pureChecks(body) {
    const op = body.cryptoUpdateAccount!;
    ensure(op.accountIDToUpdate, 'ACCOUNT_ID_DOES_NOT_EXIST');
    if (op.key) ensure(isValidKey(op.key), 'BAD_ENCODING');
    if (op.memo) checkMemo(op.memo.value);
  },
  handle(ctx) {
    const op = ctx.body.cryptoUpdateAccount!;
    refuseHookChanges(op);
    const account = ctx.ledger.account(op.accountIDToUpdate);
    ensure(!ctx.ledger.contracts.has(account.num), 'INVALID_ACCOUNT_ID'); // contracts change through ContractUpdate
    ctx.requireSignature(account.key);
    if (op.key && keyFingerprint(op.key) !== keyFingerprint(account.key)) ctx.requireSignature(op.key);
    const receiverSigRequired = op.receiverSigRequiredWrapper?.value ?? (op.receiverSigRequired || undefined);
    if (receiverSigRequired && !account.receiverSigRequired) ctx.requireSignature(op.key ?? account.key);
    // Every check before the first change, so a failed update leaves the account as it was.
    const maxAuto = op.maxAutomaticTokenAssociations ? op.maxAutomaticTokenAssociations.value ?? 0 : undefined;
    ensure(maxAuto === undefined || maxAuto >= -1, 'INVALID_MAX_AUTO_ASSOCIATIONS');
    const expiry = op.expirationTime?.seconds ? Number(toBig(op.expirationTime.seconds)) : undefined;
    ensure(expiry === undefined || expiry >= account.expirySec, 'EXPIRATION_REDUCTION_NOT_ALLOWED');
    const staking = stakingTarget(ctx.ledger, op, true);
    if (maxAuto !== undefined) account.maxAutoAssociations = maxAuto;
    if (op.key) account.key = op.key;
    if (op.memo) account.memo = op.memo.value ?? '';
    if (receiverSigRequired !== undefined) account.receiverSigRequired = receiverSigRequired;
    if (op.autoRenewPeriod?.seconds) account.autoRenewPeriodSec = Number(toBig(op.autoRenewPeriod.seconds));
    if (op.declineReward) account.declineReward = !!op.declineReward.value;
    if (staking) Object.assign(account, staking);
    if (expiry !== undefined) account.expirySec = expiry;
    ctx.entityId = entityString(account.num);
  },
};

/** cryptoDelete: sweeps the balance to the transfer account; token holdings and treasuries block it. */
export const deleteAccountHandler: TransactionHandler = {
  pureChecks(body) {
    const op = body.cryptoDelete!;
    ensure(op.deleteAccountID, 'ACCOUNT_ID_DOES_NOT_EXIST');
    ensure(op.transferAccountID, 'ACCOUNT_ID_DOES_NOT_EXIST');
    ensure(!sameAccount(op.deleteAccountID, op.transferAccountID), 'TRANSFER_ACCOUNT_SAME_AS_DELETE_ACCOUNT');
  },
  handle(ctx) {
    const op = ctx.body.cryptoDelete!;
    const account = ctx.ledger.account(op.deleteAccountID);
    const target = ctx.ledger.account(op.transferAccountID, 'INVALID_TRANSFER_ACCOUNT_ID');
    ctx.requireSignature(account.key);
    if (target.receiverSigRequired) ctx.requireSignature(target.key);
    for (const token of ctx.ledger.tokens.values()) {
      ensure(token.deleted || token.treasury !== account.num, 'ACCOUNT_IS_TREASURY');
    }
    for (const relation of account.tokens.values()) ensure(relation.balance === 0n, 'TRANSACTION_REQUIRES_ZERO_TOKEN_BALANCES');
    const balance = account.balance;
    ctx.moveHbar(account, -balance);
    ctx.moveHbar(target, balance);
    account.deleted = true;
    ctx.entityId = entityString(account.num);
  },
};

function sameAccount(a: proto.IAccountID, b: proto.IAccountID): boolean {
  return toBig(a.accountNum) === toBig(b.accountNum) && toBig(a.shardNum) === toBig(b.shardNum) && toBig(a.realmNum) === toBig(b.realmNum);
}
