import { EthereumTransactionData } from '@hiero-ledger/sdk';
import { NEW_ACCOUNT, canonicalAccountId } from '../policies/account-ids.js';
import { HBAR_DECIMALS } from '../policies/movement-amounts.js';
import { movement } from '../policies/transfer-lines.js';
import type { Movement } from '../values/movement.js';
import { NEW_KEY_HOLDER } from './described-body.js';
import { accountOf, contractOf, wholeOf } from './proto-values.js';
import { unbounded } from './transfer-values.js';

type Reader = (data: any, payer: string, field: string) => Movement[];

/** Weibars in one tinybar: an Ethereum transaction's value is in weibars (18 decimals), HBAR has 8. */
const WEIBARS_PER_TINYBAR = 10n ** 10n;

/**
 * The ERC calls through which a call moves the caller's tokens when its target is a token (HTS
 * answers ERC-20/721 calls at a token's address, and a contract ID and a token ID share numbers):
 * `transfer`, `transferFrom`, `approve`, `setApprovalForAll`. Selectors: keccak-256 of each signature.
 */
const SELECTORS = { transfer: 'a9059cbb', transferFrom: '23b872dd', approve: '095ea7b3', setApprovalForAll: 'a22cb465' } as const;

/** The HBAR a call sends with it, and the tokens its calldata moves when the target is a token. */
export const contractCall: Reader = (data, payer, field) => {
  const contract = contractOf(data.contractID, `${field}.contractID`);
  const amount = wholeOf(data.amount, `${field}.amount`);
  const sent = amount > 0n ? [movement('HBAR', payer, contract, amount, HBAR_DECIMALS)] : [];
  return [...sent, ...tokenCallMovements(contract, payer, data.functionParameters, `${field}.functionParameters`)];
};

/** The initial balance goes from the payer to the contract created. */
export const contractCreateInstance: Reader = (data, payer, field) => {
  const amount = wholeOf(data.initialBalance, `${field}.initialBalance`);
  return amount > 0n ? [movement('HBAR', payer, NEW_ACCOUNT, amount, HBAR_DECIMALS)] : [];
};

/** A deleted contract's whole balance goes to the transfer account or contract. */
export const contractDeleteInstance: Reader = (data, _payer, field) => {
  const contract = contractOf(data.contractID, `${field}.contractID`);
  const to = data.transferAccountID ? accountOf(data.transferAccountID, `${field}.transferAccountID`) : contractOf(data.transferContractID, `${field}.transferContractID`);
  return [unbounded('HBAR', contract, to, `the whole HBAR balance of contract ${contract}`)];
};

/**
 * An Ethereum transaction's value (weibars, rounded up to tinybars) to its `to` address, and the
 * tokens its calldata moves at a token's address. The value is counted against the payer: the
 * signer cannot tell which account signed the Ethereum transaction. A `to` that is not a long-zero
 * address names an account only the network can look up, so the body is refused; calldata kept in a
 * file (`callData`) cannot be read from the bytes at all. An EIP-7702 authorisation delegates the
 * signer's account to code: that hands the account over.
 */
export const ethereumTransaction: Reader = (data, payer, field) => {
  if (data.callData) throw new Error(`${field}.callData: the Ethereum transaction is kept in a file, so what it moves cannot be read from the bytes`);
  const raw: Uint8Array | undefined = data.ethereumData;
  if (!raw || raw.length === 0) throw new Error(`${field}.ethereumData: empty`);
  let decoded: EthereumTransactionData;
  try {
    decoded = EthereumTransactionData.fromBytes(raw);
  } catch (error) {
    throw new Error(`${field}.ethereumData: not an RLP-encoded Ethereum transaction (${error instanceof Error ? error.message : String(error)})`);
  }
  const fields = decoded as unknown as { to?: Uint8Array; value?: Uint8Array; callData?: Uint8Array; authorizationList?: unknown[] };
  const to = fields.to && fields.to.length ? canonicalAccountId(`0x${Buffer.from(fields.to).toString('hex')}`, `${field}.ethereumData.to`) : NEW_ACCOUNT;
  const weibars = fields.value && fields.value.length ? BigInt(`0x${Buffer.from(fields.value).toString('hex')}`) : 0n;
  const tinybars = (weibars + WEIBARS_PER_TINYBAR - 1n) / WEIBARS_PER_TINYBAR;
  const movements: Movement[] = tinybars > 0n ? [movement('HBAR', payer, to, tinybars, HBAR_DECIMALS)] : [];
  if ((fields.authorizationList ?? []).length > 0) movements.push(unbounded('HBAR', payer, NEW_KEY_HOLDER, 'control of the Ethereum signer\'s account (EIP-7702 delegation)'));
  if (to !== NEW_ACCOUNT) movements.push(...tokenCallMovements(to, payer, fields.callData, `${field}.ethereumData.callData`));
  return movements;
};

/** The tokens an ERC call at `target` moves from `caller`, when its selector is one of SELECTORS. */
function tokenCallMovements(target: string, caller: string, calldata: Uint8Array | null | undefined, field: string): Movement[] {
  if (!calldata || calldata.length < 4) return [];
  const hex = Buffer.from(calldata).toString('hex');
  const selector = hex.slice(0, 8);
  const word = (at: number) => {
    const text = hex.slice(8 + at * 64, 8 + at * 64 + 64);
    if (text.length !== 64) throw new Error(`${field}: the call 0x${selector} has too few ABI words to read what it moves`);
    return text;
  };
  const address = (at: number) => canonicalAccountId(`0x${word(at).slice(24)}`, `${field} (argument ${at + 1})`);
  const number = (at: number) => BigInt(`0x${word(at)}`);
  switch (selector) {
    case SELECTORS.transfer:
      return nonZero(target, caller, address(0), number(1));
    case SELECTORS.transferFrom:
      return nonZero(target, address(0), address(1), number(2));
    case SELECTORS.approve:
      return nonZero(target, caller, address(0), number(1));
    case SELECTORS.setApprovalForAll:
      return number(1) !== 0n ? [unbounded(target, caller, address(0), `every serial of ${target} that ${caller} holds`)] : [];
    default:
      return [];
  }
}

function nonZero(token: string, from: string, to: string, amount: bigint): Movement[] {
  return amount > 0n ? [movement(token, from, to, amount, undefined)] : [];
}
