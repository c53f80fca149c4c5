import { CURRENT_TREASURY, NEW_ACCOUNT } from '../policies/account-ids.js';
import { HBAR_DECIMALS, UNBOUNDED_AMOUNT } from '../policies/movement-amounts.js';
import { movement, movementsFromLines } from '../policies/transfer-lines.js';
import type { Movement } from '../values/movement.js';
import { NEW_KEY_HOLDER } from './described-body.js';
import { accountOf, optionalAccountOf, tokenOf, wholeOf, wrapped } from './proto-values.js';

/**
 * The movements of the crypto and airdrop types, read from their protobuf bodies. `payer` is the
 * body's paying account; `field` the path of the type's field, for errors (`cryptoTransfer`,
 * `scheduleCreate.scheduledTransactionBody.cryptoTransfer`).
 */
type Reader = (data: any, payer: string, field: string) => Movement[];

/**
 * HBAR and token transfer lists, netted per account as the ledger applies them (an approved debit,
 * `isApproval`, is the owner's: the payer spends its allowance). NFT transfers move one serial from
 * sender to receiver each.
 */
export const cryptoTransfer: Reader = (data, _payer, field) => [
  ...movementsFromLines('HBAR', (data.transfers?.accountAmounts ?? []).map((line: any, at: number) => ({
    account: accountOf(line.accountID, `${field}.transfers.accountAmounts[${at}].accountID`),
    amount: wholeOf(line.amount, `${field}.transfers.accountAmounts[${at}].amount`),
  })), HBAR_DECIMALS, `${field}.transfers`),
  ...tokenTransferLists(data.tokenTransfers, `${field}.tokenTransfers`),
];

/** An airdrop moves what its token lists say (a pending airdrop has left the sender's control until cancelled). */
export const tokenAirdrop: Reader = (data, _payer, field) => tokenTransferLists(data.tokenTransfers, `${field}.tokenTransfers`);

function tokenTransferLists(lists: any[] | null | undefined, field: string): Movement[] {
  const movements: Movement[] = [];
  (lists ?? []).forEach((list, at) => {
    const here = `${field}[${at}]`;
    const token = tokenOf(list.token, `${here}.token`);
    const decimals = wrapped<number>(list.expectedDecimals);
    const lines = (list.transfers ?? []).map((line: any, index: number) => ({
      account: accountOf(line.accountID, `${here}.transfers[${index}].accountID`),
      amount: wholeOf(line.amount, `${here}.transfers[${index}].amount`),
    }));
    movements.push(...movementsFromLines(token, lines, decimals, `${here}.transfers`));
    (list.nftTransfers ?? []).forEach((nft: any, index: number) => {
      const serial = Number(wholeOf(nft.serialNumber, `${here}.nftTransfers[${index}].serialNumber`));
      const from = accountOf(nft.senderAccountID, `${here}.nftTransfers[${index}].senderAccountID`);
      const to = accountOf(nft.receiverAccountID, `${here}.nftTransfers[${index}].receiverAccountID`);
      movements.push(movement(token, from, to, 1n, 0, { serial, display: `NFT ${token} serial ${serial}` }));
    });
  });
  return movements;
}

/** The initial balance goes from the payer to the account created. */
export const cryptoCreateAccount: Reader = (data, payer, field) => {
  const amount = wholeOf(data.initialBalance, `${field}.initialBalance`);
  return amount > 0n ? [movement('HBAR', payer, NEW_ACCOUNT, amount, HBAR_DECIMALS)] : [];
};

/** The deleted account's whole balance goes to the transfer account: an amount the bytes do not hold. */
export const cryptoDelete: Reader = (data, payer, field) => {
  const deleted = optionalAccountOf(data.deleteAccountID, `${field}.deleteAccountID`) ?? payer;
  const to = accountOf(data.transferAccountID, `${field}.transferAccountID`);
  return [unbounded('HBAR', deleted, to, `the whole HBAR balance of ${deleted}`)];
};

/**
 * An allowance counts as what it lets the spender take (owner → spender); an NFT allowance for all
 * serials (`approvedForAll`) covers a collection the bytes cannot count. An owner left out is the payer.
 */
export const cryptoApproveAllowance: Reader = (data, payer, field) => {
  const movements: Movement[] = [];
  (data.cryptoAllowances ?? []).forEach((allowance: any, at: number) => {
    const here = `${field}.cryptoAllowances[${at}]`;
    const amount = wholeOf(allowance.amount, `${here}.amount`);
    const owner = optionalAccountOf(allowance.owner, `${here}.owner`) ?? payer;
    if (amount > 0n) movements.push(movement('HBAR', owner, accountOf(allowance.spender, `${here}.spender`), amount, HBAR_DECIMALS));
  });
  (data.tokenAllowances ?? []).forEach((allowance: any, at: number) => {
    const here = `${field}.tokenAllowances[${at}]`;
    const amount = wholeOf(allowance.amount, `${here}.amount`);
    const owner = optionalAccountOf(allowance.owner, `${here}.owner`) ?? payer;
    if (amount > 0n) movements.push(movement(tokenOf(allowance.tokenId, `${here}.tokenId`), owner, accountOf(allowance.spender, `${here}.spender`), amount, undefined));
  });
  (data.nftAllowances ?? []).forEach((allowance: any, at: number) => {
    const here = `${field}.nftAllowances[${at}]`;
    const token = tokenOf(allowance.tokenId, `${here}.tokenId`);
    const owner = optionalAccountOf(allowance.owner, `${here}.owner`) ?? payer;
    const spender = accountOf(allowance.spender, `${here}.spender`);
    if (wrapped<boolean>(allowance.approvedForAll) === true) {
      movements.push(unbounded(token, owner, spender, `every serial of ${token} that ${owner} holds`));
    }
    (allowance.serialNumbers ?? []).forEach((value: unknown, index: number) => {
      const serial = Number(wholeOf(value, `${here}.serialNumbers[${index}]`));
      movements.push(movement(token, owner, spender, 1n, 0, { serial, display: `NFT ${token} serial ${serial}` }));
    });
  });
  return movements;
};

/**
 * A new key, a hook (HIP-1195: code that can authorise debits) or an EIP-7702 delegation hands the
 * account over: whoever holds it can move the whole balance. Other updates (memo, staking, renewal)
 * move nothing.
 */
export const cryptoUpdateAccount: Reader = (data, payer, field) => {
  const account = optionalAccountOf(data.accountIDToUpdate, `${field}.accountIDToUpdate`) ?? payer;
  const handsOver = data.key != null || (data.hookCreationDetails ?? []).length > 0 || (data.delegationAddress?.length ?? 0) > 0;
  return handsOver ? [unbounded('HBAR', account, NEW_KEY_HOLDER, `control of ${account} and its whole balance`)] : [];
};

/**
 * Claiming pending airdrops moves them from each sender to its receiver. An NFT is one serial; a
 * fungible airdrop's amount is on the ledger, not in the bytes.
 */
export const tokenClaimAirdrop: Reader = (data, _payer, field) =>
  (data.pendingAirdrops ?? []).map((pending: any, at: number) => {
    const here = `${field}.pendingAirdrops[${at}]`;
    const from = accountOf(pending.senderId, `${here}.senderId`);
    const to = accountOf(pending.receiverId, `${here}.receiverId`);
    if (pending.nonFungibleToken) {
      const token = tokenOf(pending.nonFungibleToken.token_ID, `${here}.nonFungibleToken.token_ID`);
      const serial = Number(wholeOf(pending.nonFungibleToken.serialNumber, `${here}.nonFungibleToken.serialNumber`));
      return movement(token, from, to, 1n, 0, { serial, display: `NFT ${token} serial ${serial}` });
    }
    const token = tokenOf(pending.fungibleTokenType, `${here}.fungibleTokenType`);
    return unbounded(token, from, to, `the pending airdrop of ${token} from ${from}`);
  });

/** Rejected tokens go back to each token's treasury: a fungible token's whole balance, or one NFT. */
export const tokenReject: Reader = (data, payer, field) => {
  const owner = optionalAccountOf(data.owner, `${field}.owner`) ?? payer;
  return (data.rejections ?? []).map((rejection: any, at: number) => {
    const here = `${field}.rejections[${at}]`;
    if (rejection.nft) {
      const token = tokenOf(rejection.nft.token_ID, `${here}.nft.token_ID`);
      const serial = Number(wholeOf(rejection.nft.serialNumber, `${here}.nft.serialNumber`));
      return movement(token, owner, CURRENT_TREASURY, 1n, 0, { serial, display: `NFT ${token} serial ${serial}` });
    }
    const token = tokenOf(rejection.fungibleToken, `${here}.fungibleToken`);
    return unbounded(token, owner, CURRENT_TREASURY, `the whole balance of ${token} that ${owner} holds`);
  });
};

export function unbounded(asset: string, from: string, to: string, display: string): Movement {
  return movement(asset, from, to, UNBOUNDED_AMOUNT, asset === 'HBAR' ? HBAR_DECIMALS : undefined, { unbounded: true, display });
}
