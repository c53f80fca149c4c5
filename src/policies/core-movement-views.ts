import { isHbar, tinybarsOfHbar } from '../values/sdk-values.js';
import { CURRENT_TREASURY, NEW_ACCOUNT, canonicalAccountId, canonicalTokenId } from './account-ids.js';
import { decodeErcCall } from './erc-calls.js';
import type { Movement, MovementCall, MovementView } from '../values/movement.js';
import { HBAR_DECIMALS, UNBOUNDED_AMOUNT, displayToUnits, tinybarsOf, unitsOf } from './movement-amounts.js';
import { movement, movementsFromLines, type TransferLine } from './transfer-lines.js';

/**
 * The movements views of the core tools, by method name. Each reads this project's normalised
 * params and those of the Hedera Agent Kit's tool of the same name where its shape differs (plain
 * string IDs, an approved line kept apart, SDK allowance objects, `NftId`s). A shape a view cannot
 * read throws, which blocks the call: a value policy never reads "nothing moves" from params it
 * does not understand.
 */
type Params = Record<string, unknown>;

const hbarTransfers: MovementView = (params: Params) => {
  const lines = list(params, 'hbarTransfers').map((entry, at) => hbarLine(entry, () => `hbarTransfers[${at}]`));
  // The Hedera Agent Kit keeps the owner's approved debit apart from the credits.
  const approved = params.hbarApprovedTransfer as Params | undefined;
  if (approved !== undefined) lines.push(hbarLine({ accountId: approved.ownerAccountId, amount: approved.amount }, () => 'hbarApprovedTransfer'));
  return movementsFromLines('HBAR', lines, HBAR_DECIMALS, 'hbarTransfers');
};

const tokenTransfers: MovementView = (params: Params) => {
  const decimals = knownDecimals(params.decimals);
  const byToken = new Map<string, TransferLine[]>();
  const add = (tokenId: unknown, line: TransferLine, field: string) => {
    const token = canonicalTokenId(tokenId, `${field}.tokenId`);
    const lines = byToken.get(token);
    if (lines) lines.push(line);
    else byToken.set(token, [line]);
  };
  list(params, 'tokenTransfers').forEach((entry, at) => {
    const field = `tokenTransfers[${at}]`;
    add(entry.tokenId ?? params.tokenId, { account: entry.accountId, amount: unitsOf(entry.amount, `${field}.amount`) }, field);
  });
  const approved = params.approvedTransfer as Params | undefined;
  if (approved !== undefined) add(params.tokenId, { account: approved.ownerAccountId, amount: unitsOf(approved.amount, 'approvedTransfer.amount') }, 'approvedTransfer');
  return [...byToken].flatMap(([token, lines]) => movementsFromLines(token, lines, decimals, 'tokenTransfers'));
};

const nftTransfers: MovementView = (params: Params) =>
  list(params, 'transfers').map((entry, at) => {
    const field = `transfers[${at}]`;
    // This project's entries name token, serial, sender and receiver; the Hedera Agent Kit's an NftId and a receiver.
    const nftId = entry.nftId as Params | undefined;
    const token = canonicalTokenId(entry.tokenId ?? nftId?.tokenId, `${field}.tokenId`);
    const serial = serialOf(entry.serialNumber ?? nftId?.serial, `${field}.serialNumber`);
    const from = canonicalAccountId(entry.senderAccountId ?? params.senderAccountId ?? params.sourceAccountId, `${field}.senderAccountId`);
    const to = canonicalAccountId(entry.receiverAccountId ?? entry.receiver, `${field}.receiverAccountId`);
    return movement(token, from, to, 1n, 0, { serial, display: `NFT ${token} serial ${serial}` });
  });

const hbarApproval: MovementView = (params: Params) =>
  approvals(params, 'hbarApprovals').flatMap(({ entry, field }) => {
    const amount = tinybarsOf(entry.amount, `${field}.amount`);
    if (amount < 0n) throw new Error(`${field}.amount: an allowance cannot be negative`);
    const [owner, spender] = parties(entry, params, field);
    return amount === 0n ? [] : [movement('HBAR', owner, spender, amount, HBAR_DECIMALS)];
  });

const tokenApproval: MovementView = (params: Params) =>
  list(params, 'tokenApprovals').flatMap((entry, at) => {
    const field = `tokenApprovals[${at}]`;
    const token = canonicalTokenId(entry.tokenId, `${field}.tokenId`);
    const amount = unitsOf(entry.amount, `${field}.amount`);
    if (amount < 0n) throw new Error(`${field}.amount: an allowance cannot be negative`);
    const [owner, spender] = parties(entry, params, field);
    return amount === 0n ? [] : [movement(token, owner, spender, amount, knownDecimals(entry.decimals))];
  });

const nftApproval: MovementView = (params: Params) =>
  approvals(params, 'nftApprovals').flatMap(({ entry, field }) => {
    const token = canonicalTokenId(entry.tokenId, `${field}.tokenId`);
    const [owner, spender] = parties(entry, params, field);
    if (entry.allSerials === true) {
      return [movement(token, owner, spender, UNBOUNDED_AMOUNT, 0, { unbounded: true, display: `every NFT of ${token} that ${owner} holds, now and later` })];
    }
    const serials = entry.serialNumbers;
    if (!Array.isArray(serials)) throw new Error(`${field}.serialNumbers: expected a list of serial numbers (or allSerials: true)`);
    return serials.map((value, at) => {
      const serial = serialOf(value, `${field}.serialNumbers[${at}]`);
      return movement(token, owner, spender, 1n, 0, { serial, display: `NFT ${token} serial ${serial}` });
    });
  });

const accountCreation: MovementView = (params: Params, call?: MovementCall) => {
  // This project keeps the Hbar next to the Hedera Agent Kit's number; the Hedera Agent Kit has only a number (or string) of HBAR.
  const balance = isHbar(params.initialBalanceHbar) ? params.initialBalanceHbar : params.initialBalance;
  const amount = balance === undefined || balance === null ? 0n : isHbar(balance) ? tinybarsOf(balance, 'initialBalance') : displayToUnits(balance, HBAR_DECIMALS, 'initialBalance');
  if (amount === 0n) return [];
  if (!call?.payer) throw new Error('initialBalance: the account that pays for the new account is not known, so what the call moves cannot be read');
  return [movement('HBAR', canonicalAccountId(call.payer, 'payer'), NEW_ACCOUNT, amount, HBAR_DECIMALS)];
};

const accountDeletion: MovementView = (params: Params) => {
  const from = canonicalAccountId(params.accountId, 'accountId');
  const to = canonicalAccountId(params.transferAccountId, 'transferAccountId');
  return [movement('HBAR', from, to, UNBOUNDED_AMOUNT, HBAR_DECIMALS, { unbounded: true, display: `the whole HBAR balance of ${from}` })];
};

const treasuryChange: MovementView = (params: Params) => {
  if (params.treasuryAccountId === undefined || params.treasuryAccountId === null) return [];
  const token = canonicalTokenId(params.tokenId, 'tokenId');
  const to = canonicalAccountId(params.treasuryAccountId, 'treasuryAccountId');
  // A new treasury receives the old treasury's whole balance of the token.
  return [movement(token, CURRENT_TREASURY, to, UNBOUNDED_AMOUNT, undefined, { unbounded: true, display: `the treasury balance of ${token}` })];
};

/*
 * The EVM tools' views read the ABI-encoded call (`functionParameters`), which is what executes. The
 * token is its contract's ID; ERC-20 amounts are base units, an ERC-721 token ID is the serial.
 * An address becomes an account through the params' own resolution when they name the same address
 * (this project's tools look it up on the mirror), else the account the mirror resolved the alias to
 * (`call.evmAccounts`, inside the Hedera Agent Kit), else only a long-zero address can be read: an
 * EVM alias nobody resolved names an account only the network knows, and is refused.
 */
const erc20Transfer: MovementView = (params: Params, call?: MovementCall) => {
  const asset = canonicalTokenId(params.contractId, 'contractId');
  const { to, amount } = decodeErcCall(params.functionParameters, 'transfer');
  if (amount === 0n) return [];
  // ERC-20 transfer() moves the caller's tokens, and the caller is the account that pays.
  const from = canonicalAccountId(params.senderAccountId ?? call?.payer, 'senderAccountId');
  const recipient = accountAt(to, params.recipientAddress, params.recipientAccountId, 'recipientAddress', call);
  return [movement(asset, from, recipient, amount, knownDecimals(params.decimals))];
};

const erc721Transfer: MovementView = (params: Params, call?: MovementCall) => {
  const asset = canonicalTokenId(params.contractId, 'contractId');
  const { from, to, tokenId } = decodeErcCall(params.functionParameters, 'transferFrom');
  if (tokenId > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`functionParameters: token ID ${tokenId} is beyond what a movement can name`);
  const serial = Number(tokenId);
  const owner = accountAt(from, params.fromAddress, params.fromAccountId, 'fromAddress', call);
  const receiver = accountAt(to, params.toAddress, params.toAccountId, 'toAddress', call);
  // ERC-721 token IDs start where the collection starts them (0 is common), unlike HTS serials.
  return [movement(asset, owner, receiver, 1n, 0, { serial, display: `ERC-721 token ${serial} of ${asset}` })];
};

/** A mint to the minter itself moves nothing; to anyone else it hands them a new token of the collection. */
const erc721Mint: MovementView = (params: Params, call?: MovementCall) => {
  const asset = canonicalTokenId(params.contractId, 'contractId');
  const { to } = decodeErcCall(params.functionParameters, 'safeMint');
  const minter = canonicalAccountId(params.minterAccountId ?? call?.payer, 'minterAccountId');
  const receiver = accountAt(to, params.toAddress, params.toAccountId, 'toAddress', call);
  return receiver === minter ? [] : [movement(asset, minter, receiver, 1n, 0, { display: `a newly minted ERC-721 token of ${asset}` })];
};

/** Every core tool that moves value, with its view. */
export const CORE_MOVEMENT_VIEWS: Readonly<Record<string, MovementView>> = Object.freeze({
  transfer_hbar_tool: hbarTransfers,
  transfer_hbar_with_allowance_tool: hbarTransfers,
  airdrop_fungible_token_tool: tokenTransfers,
  transfer_fungible_token_tool: tokenTransfers,
  transfer_fungible_token_with_allowance_tool: tokenTransfers,
  transfer_non_fungible_token_tool: nftTransfers,
  transfer_non_fungible_token_with_allowance_tool: nftTransfers,
  approve_hbar_allowance_tool: hbarApproval,
  approve_token_allowance_tool: tokenApproval,
  approve_nft_allowance_tool: nftApproval,
  create_account_tool: accountCreation,
  delete_account_tool: accountDeletion,
  update_token_tool: treasuryChange,
  transfer_erc20_tool: erc20Transfer,
  transfer_erc721_tool: erc721Transfer,
  mint_erc721_tool: erc721Mint,
});

function list(params: unknown, name: string): Params[] {
  const value = (params as Params | null | undefined)?.[name];
  if (!Array.isArray(value)) throw new Error(`cannot read what the call moves: the normalised params have no "${name}" list`);
  value.forEach((entry, at) => {
    if (entry === null || typeof entry !== 'object') throw new Error(`${name}[${at}]: expected an object, got ${String(entry)}`);
  });
  return value as Params[];
}

/** The Hedera Agent Kit lists allowance objects; this project's params are the one approval itself. */
function approvals(params: Params, name: string): { entry: Params; field: string }[] {
  if (params === null || typeof params !== 'object') throw new Error('cannot read what the call moves: the normalised params are not an object');
  if (params[name] === undefined) return [{ entry: params, field: 'params' }];
  return list(params, name).map((entry, at) => ({ entry, field: `${name}[${at}]` }));
}

function parties(entry: Params, params: Params, field: string): [string, string] {
  return [
    canonicalAccountId(entry.ownerAccountId ?? params.ownerAccountId, `${field}.ownerAccountId`),
    canonicalAccountId(entry.spenderAccountId ?? params.spenderAccountId, `${field}.spenderAccountId`),
  ];
}

/** The field is named only when reading fails: building its text for every line was a measurable share of a call. */
function hbarLine(entry: Params, field: () => string): TransferLine {
  return { account: entry.accountId, amount: isHbar(entry.amount) ? tinybarsOfHbar(entry.amount) : tinybarsOf(entry.amount, `${field()}.amount`) };
}

/**
 * The account of a called address: the params' resolution when it names this address, else the
 * mirror's resolution of the alias, else the address read as an account ID.
 */
function accountAt(address: string, namedAddress: unknown, namedAccount: unknown, field: string, call: MovementCall | undefined): string {
  const named = typeof namedAddress === 'string' && namedAddress.replace(/^0x/i, '').toLowerCase() === address.slice(2);
  if (named && namedAccount !== undefined && namedAccount !== null) return canonicalAccountId(namedAccount, `${field} (its account)`);
  const resolved = call?.evmAccounts?.get(address);
  if (resolved !== undefined) return canonicalAccountId(resolved, `${field} (the account of its alias)`);
  return canonicalAccountId(address, field);
}

function serialOf(value: unknown, field: string): number {
  const serial = unitsOf(value, field);
  if (serial < 1n || serial > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`${field}: ${serial} is not an NFT serial number`);
  return Number(serial);
}

function knownDecimals(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 18 ? value : undefined;
}

export type { Movement };
