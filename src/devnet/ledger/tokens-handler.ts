import type { proto } from '@hiero-ledger/proto';
import { planCreationFees } from './custom-fees.js';
import { entityString, tokenId } from './entity-ids.js';
import type { TransactionHandler } from './handler-context.js';
import { isEmptyKey, isValidKey } from './keys.js';
import { DEFAULT_AUTO_RENEW_SEC } from './ledger.js';
import { timestampToNs, toBig, toLong } from './numbers.js';
import { ensure, LedgerStatusError } from './status-error.js';
import type { AccountState, TokenKeyName, TokenState } from './state-types.js';
import { movableRelation, newRelation, usableToken } from './token-relations.js';
import { checkRemovedKeysExist, requireTokenUpdateSigners } from './token-update-signers.js';

const KEY_NAMES: TokenKeyName[] = ['adminKey', 'kycKey', 'freezeKey', 'wipeKey', 'supplyKey', 'feeScheduleKey', 'pauseKey', 'metadataKey'];
const MAX_TEXT_BYTES = 100;
const MAX_MINT_BATCH = 10;
const MAX_METADATA_BYTES = 100;

function checkText(value: string | null | undefined, missing: 'MISSING_TOKEN_NAME' | 'MISSING_TOKEN_SYMBOL', tooLong: 'TOKEN_NAME_TOO_LONG' | 'TOKEN_SYMBOL_TOO_LONG'): void {
  ensure(value, missing);
  ensure(Buffer.byteLength(value) <= MAX_TEXT_BYTES, tooLong);
  ensure(!value.includes('\0'), 'INVALID_ZERO_BYTE_IN_STRING');
}

function checkKeys(op: Partial<Record<TokenKeyName, proto.IKey | null>>): void {
  for (const name of KEY_NAMES) {
    const key = op[name];
    if (key && !isEmptyKey(key)) ensure(isValidKey(key), name === 'adminKey' ? 'INVALID_ADMIN_KEY' : 'BAD_ENCODING');
  }
}

/**
 * tokenCreation: treasury, admin key and auto-renew account sign; the treasury is associated and holds the
 * initial supply. Custom fees are checked and installed (see {@link planCreationFees}).
 */
export const createTokenHandler: TransactionHandler = {
  pureChecks(body) {
    const op = body.tokenCreation!;
    checkText(op.name, 'MISSING_TOKEN_NAME', 'TOKEN_NAME_TOO_LONG');
    checkText(op.symbol, 'MISSING_TOKEN_SYMBOL', 'TOKEN_SYMBOL_TOO_LONG');
    ensure(op.treasury, 'INVALID_TREASURY_ACCOUNT_FOR_TOKEN');
    ensure(Buffer.byteLength(op.memo ?? '') <= MAX_TEXT_BYTES, 'MEMO_TOO_LONG');
    const nft = op.tokenType === 1;
    const initial = toBig(op.initialSupply);
    const max = toBig(op.maxSupply);
    ensure(initial >= 0n, 'INVALID_TOKEN_INITIAL_SUPPLY');
    ensure((op.decimals ?? 0) >= 0, 'INVALID_TOKEN_DECIMALS');
    if (nft) {
      ensure((op.decimals ?? 0) === 0, 'INVALID_TOKEN_DECIMALS');
      ensure(initial === 0n, 'INVALID_TOKEN_INITIAL_SUPPLY');
      ensure(op.supplyKey && !isEmptyKey(op.supplyKey), 'TOKEN_HAS_NO_SUPPLY_KEY');
    }
    if (op.supplyType === 1) {
      ensure(max > 0n, 'INVALID_TOKEN_MAX_SUPPLY');
      ensure(initial <= max, 'INVALID_TOKEN_INITIAL_SUPPLY');
    } else {
      ensure(max === 0n, 'INVALID_TOKEN_MAX_SUPPLY');
    }
    checkKeys(op);
  },
  handle(ctx) {
    const op = ctx.body.tokenCreation!;
    const treasury = ctx.ledger.account(op.treasury, 'INVALID_TREASURY_ACCOUNT_FOR_TOKEN');
    ctx.requireSignature(treasury.key);
    if (op.adminKey && !isEmptyKey(op.adminKey)) ctx.requireSignature(op.adminKey);
    let autoRenewAccount: number | undefined;
    if (op.autoRenewAccount && toBig(op.autoRenewAccount.accountNum) !== 0n) {
      const account = ctx.ledger.account(op.autoRenewAccount, 'INVALID_AUTORENEW_ACCOUNT');
      ctx.requireSignature(account.key);
      autoRenewAccount = account.num;
    }
    const period = op.autoRenewPeriod?.seconds ? Number(toBig(op.autoRenewPeriod.seconds)) : DEFAULT_AUTO_RENEW_SEC;
    const num = ctx.ledger.nextEntityNum();
    const initial = toBig(op.initialSupply);
    const keys: TokenState['keys'] = {};
    for (const name of KEY_NAMES) if (op[name] && !isEmptyKey(op[name])) keys[name] = op[name]!;
    const token: TokenState = {
      num, name: op.name!, symbol: op.symbol!, decimals: op.decimals ?? 0, type: op.tokenType === 1 ? 'NON_FUNGIBLE_UNIQUE' : 'FUNGIBLE_COMMON',
      supplyType: op.supplyType === 1 ? 'FINITE' : 'INFINITE', initialSupply: initial, totalSupply: initial, maxSupply: toBig(op.maxSupply),
      treasury: treasury.num, keys, freezeDefault: !!op.freezeDefault, memo: op.memo ?? '', metadata: op.metadata ?? new Uint8Array(),
      autoRenewAccount, autoRenewPeriodSec: period,
      expirySec: op.expiry?.seconds ? Number(toBig(op.expiry.seconds)) : Number(ctx.consensusNs / 1_000_000_000n) + period,
      createdNs: ctx.consensusNs, modifiedNs: ctx.consensusNs, deleted: false, paused: false, customFees: [], feeScheduleNs: ctx.consensusNs,
      nextSerial: 1, nfts: new Map(), deletedNfts: new Map(),
    };
    const installFees = planCreationFees(ctx, token, op.customFees ?? []);
    ctx.ledger.tokens.set(num, token);
    // The treasury is never frozen and always has KYC for its own token.
    treasury.tokens.set(num, { ...newRelation(token, ctx.consensusNs, false), balance: initial, frozen: false, kycGranted: true });
    installFees();
    if (initial > 0n) ctx.tokenTransfers.push({ token: num, account: treasury.num, amount: initial, isApproval: false });
    ctx.receipt.tokenID = tokenId(num);
    ctx.entityId = entityString(num);
  },
};

/** tokenMint: the supply key signs; fungible amounts or NFT metadata go to the treasury. */
export const mintTokenHandler: TransactionHandler = {
  pureChecks(body) {
    const op = body.tokenMint!;
    ensure(op.token, 'INVALID_TOKEN_ID');
    const metadata = op.metadata ?? [];
    ensure(!(metadata.length && toBig(op.amount) !== 0n), 'INVALID_TRANSACTION_BODY');
    ensure(metadata.length <= MAX_MINT_BATCH, 'BATCH_SIZE_LIMIT_EXCEEDED');
    ensure(metadata.every((m) => m.length <= MAX_METADATA_BYTES), 'METADATA_TOO_LONG');
    ensure(toBig(op.amount) >= 0n, 'INVALID_TOKEN_MINT_AMOUNT');
  },
  handle(ctx) {
    const op = ctx.body.tokenMint!;
    const token = ctx.ledger.token(op.token, true);
    if (token.keys.supplyKey) ctx.requireSignature(token.keys.supplyKey);
    usableToken(ctx.ledger, op.token);
    if (!token.keys.supplyKey) throw new LedgerStatusError('TOKEN_HAS_NO_SUPPLY_KEY');
    const treasury = ctx.ledger.accountByNum(token.treasury);
    const relation = movableRelation(treasury, token);
    const metadata = op.metadata ?? [];
    const amount = token.type === 'FUNGIBLE_COMMON' ? toBig(op.amount) : BigInt(metadata.length);
    if (token.type === 'FUNGIBLE_COMMON') ensure(metadata.length === 0 && amount > 0n, 'INVALID_TOKEN_MINT_AMOUNT');
    else ensure(metadata.length > 0 && toBig(op.amount) === 0n, 'INVALID_TOKEN_MINT_METADATA');
    if (token.supplyType === 'FINITE') ensure(token.totalSupply + amount <= token.maxSupply, 'TOKEN_MAX_SUPPLY_REACHED');
    token.totalSupply += amount;
    relation.balance += amount;
    if (token.type === 'FUNGIBLE_COMMON') {
      ctx.tokenTransfers.push({ token: token.num, account: treasury.num, amount, isApproval: false });
    } else {
      const serials: proto.ITransactionReceipt['serialNumbers'] = [];
      for (const data of metadata) {
        const serial = token.nextSerial++;
        token.nfts.set(serial, { serial, owner: treasury.num, metadata: data, createdNs: ctx.consensusNs, modifiedNs: ctx.consensusNs });
        serials.push(toLong(BigInt(serial)));
        ctx.nftTransfers.push({ token: token.num, sender: 0, receiver: treasury.num, serial, isApproval: false });
      }
      ctx.receipt.serialNumbers = serials;
    }
    token.modifiedNs = ctx.consensusNs;
    ctx.receipt.newTotalSupply = toLong(token.totalSupply, true);
    ctx.entityId = entityString(token.num);
  },
};

/** tokenUpdate: the admin key signs (no admin key = TOKEN_IS_IMMUTABLE); a new treasury and a new admin key sign too. */
export const updateTokenHandler: TransactionHandler = {
  pureChecks(body) {
    const op = body.tokenUpdate!;
    ensure(op.token, 'INVALID_TOKEN_ID');
    if (op.name) ensure(Buffer.byteLength(op.name) <= MAX_TEXT_BYTES, 'TOKEN_NAME_TOO_LONG');
    if (op.symbol) ensure(Buffer.byteLength(op.symbol) <= MAX_TEXT_BYTES, 'TOKEN_SYMBOL_TOO_LONG');
    if (op.memo) ensure(Buffer.byteLength(op.memo.value ?? '') <= MAX_TEXT_BYTES, 'MEMO_TOO_LONG');
    checkKeys(op);
  },
  handle(ctx) {
    const op = ctx.body.tokenUpdate!;
    const token = usableToken(ctx.ledger, op.token);
    requireTokenUpdateSigners(ctx, token, op);
    checkRemovedKeysExist(token, op);
    let newTreasury: number | undefined;
    if (op.treasury && toBig(op.treasury.accountNum) !== 0n) {
      const treasury = ctx.ledger.account(op.treasury, 'INVALID_TREASURY_ACCOUNT_FOR_TOKEN');
      ctx.requireSignature(treasury.key);
      ensure(treasury.tokens.has(token.num), 'INVALID_TREASURY_ACCOUNT_FOR_TOKEN');
      newTreasury = treasury.num;
    }
    if (op.autoRenewAccount && toBig(op.autoRenewAccount.accountNum) !== 0n) {
      ctx.requireSignature(ctx.ledger.account(op.autoRenewAccount, 'INVALID_AUTORENEW_ACCOUNT').key);
      token.autoRenewAccount = Number(toBig(op.autoRenewAccount.accountNum));
    }
    if (op.expiry?.seconds) {
      const expiry = Number(timestampToNs(op.expiry) / 1_000_000_000n);
      ensure(expiry >= token.expirySec, 'INVALID_EXPIRATION_TIME');
      token.expirySec = expiry;
    }
    if (newTreasury !== undefined && newTreasury !== token.treasury) moveTreasury(ctx.ledger.accounts, token, newTreasury);
    if (op.name) token.name = op.name;
    if (op.symbol) token.symbol = op.symbol;
    if (op.memo) token.memo = op.memo.value ?? '';
    if (op.metadata) token.metadata = op.metadata.value ?? new Uint8Array();
    if (op.autoRenewPeriod?.seconds) token.autoRenewPeriodSec = Number(toBig(op.autoRenewPeriod.seconds));
    for (const name of KEY_NAMES) {
      const key = op[name];
      if (!key) continue;
      if (isEmptyKey(key)) delete token.keys[name];
      else token.keys[name] = key;
    }
    token.modifiedNs = ctx.consensusNs;
    ctx.entityId = entityString(token.num);
  },
};

/** A new treasury takes over the old treasury's balance and NFTs, as on Hedera. */
function moveTreasury(accounts: Map<number, AccountState>, token: TokenState, newTreasury: number): void {
  const from = accounts.get(token.treasury)!.tokens.get(token.num);
  const to = accounts.get(newTreasury)!.tokens.get(token.num)!;
  if (from) {
    to.balance += from.balance;
    from.balance = 0n;
  }
  for (const nft of token.nfts.values()) if (nft.owner === token.treasury) nft.owner = newTreasury;
  token.treasury = newTreasury;
}
