import type { proto } from '@hiero-ledger/proto';
import type { HandlerContext } from '../ledger/handler-context.js';
import { DEFAULT_AUTO_RENEW_SEC, type Ledger } from '../ledger/ledger.js';
import { LedgerStatusError } from '../ledger/status-error.js';
import type { ContractState } from './contract-state.js';
import { contractId, EvmAddressBook, fromHex, hex } from './evm-addresses.js';
import type { EvmAccountView, EvmOutcome, EvmWorld } from './evm-types.js';

const EMPTY = new Uint8Array(0);

/**
 * The ledger as the EVM reads it. Balances are remembered as first read, so what a run changed is
 * applied as a difference: a query payment settled while the EVM ran is not overwritten.
 */
export class LedgerEvmWorld implements EvmWorld {
  readonly book: EvmAddressBook;
  private readonly readBalances = new Map<string, bigint>();

  constructor(readonly ledger: Ledger) {
    this.book = new EvmAddressBook(ledger);
  }

  account(address: Uint8Array): EvmAccountView | undefined {
    const num = this.book.entityAt(address);
    const account = num === undefined ? undefined : this.ledger.accounts.get(num);
    if (!account || account.deleted) return undefined;
    const contract = this.ledger.contracts.get(account.num);
    if (!this.readBalances.has(hex(address))) this.readBalances.set(hex(address), account.balance);
    return { balance: account.balance, nonce: contract?.nonce ?? 0n, code: contract?.runtimeCode ?? EMPTY };
  }

  storage(address: Uint8Array, slot: Uint8Array): Uint8Array {
    const num = this.book.entityAt(address);
    const contract = num === undefined ? undefined : this.ledger.contracts.get(num);
    return contract?.storage.get(hex(slot)) ?? EMPTY;
  }

  /** How much a run changed the balance at `address` (40 hex), against what it read. */
  balanceDelta(address: string, final: bigint): bigint {
    return final - (this.readBalances.get(address) ?? 0n);
  }
}

/** What a new contract inherits: the HAPI create's fields, or for CREATE/CREATE2 those of its creator. */
export interface ContractTemplate {
  adminKey?: proto.IKey;
  memo: string;
  autoRenewPeriodSec: number;
  autoRenewAccount?: number;
  maxAutoAssociations: number;
  fileId?: string;
}

/** A top-level create: where it goes and what it was made from. */
export interface TopLevelCreate {
  num: number;
  address: Uint8Array;
  initcode: Uint8Array;
  template: ContractTemplate;
}

/**
 * Writes a successful run into the ledger: new contracts (each an account plus its EVM side), balance
 * changes as transfer legs, nonces, code and storage. Checks come first so a refusal changes nothing.
 * Returns the numbers of the contracts it created, in creation order.
 */
export function applyOutcome(ctx: HandlerContext, world: LedgerEvmWorld, outcome: EvmOutcome, topLevel?: TopLevelCreate): number[] {
  const { ledger } = ctx;
  const topHex = topLevel && hex(topLevel.address);
  // A CREATE whose frame reverted stays listed but left no account behind.
  const fresh = outcome.created.filter((address) => outcome.accounts.get(address)
    && (address === topHex || world.book.entityAt(fromHex(address)) === undefined));
  for (const [address, account] of outcome.accounts) {
    const known = fresh.includes(address) || world.book.entityAt(fromHex(address)) !== undefined;
    // Hedera would lazy-create a hollow account for HBAR sent to an unknown address; the devnet has none.
    if (!known && account && account.balance > 0n) throw new LedgerStatusError('INVALID_SOLIDITY_ADDRESS');
  }
  const created: number[] = [];
  for (const address of fresh) {
    const bytes = fromHex(address);
    const num = address === topHex ? topLevel!.num : ledger.nextEntityNum();
    const template = address === topHex ? topLevel!.template : inheritedTemplate(ledger, world, outcome.creators.get(address), topLevel);
    addContract(ctx, num, bytes, address === topHex ? topLevel!.initcode : EMPTY, outcome.code.get(address) ?? EMPTY, template);
    if (address !== topHex) ledger.accounts.get(num)!.alias = bytes;
    world.book.remember(bytes, num);
    created.push(num);
  }
  for (const [address, account] of outcome.accounts) {
    const num = world.book.entityAt(fromHex(address));
    const target = num === undefined ? undefined : ledger.accounts.get(num);
    if (!target) continue;
    const delta = world.balanceDelta(address, account?.balance ?? 0n);
    ctx.moveHbar(target, delta);
    const contract = ledger.contracts.get(target.num);
    if (!contract) continue;
    if (account) contract.nonce = account.nonce;
    else markDeleted(ctx, contract);
  }
  for (const [address, slots] of outcome.storage) {
    const num = world.book.entityAt(fromHex(address));
    const contract = num === undefined ? undefined : ledger.contracts.get(num);
    if (!contract) continue;
    for (const [slot, value] of slots) {
      const trimmed = trimLeadingZeros(value);
      if (trimmed.length) contract.storage.set(slot, trimmed);
      else contract.storage.delete(slot);
    }
  }
  return created;
}

function addContract(ctx: HandlerContext, num: number, address: Uint8Array, initcode: Uint8Array, code: Uint8Array, template: ContractTemplate): ContractState {
  const { ledger } = ctx;
  ledger.addAccount({
    num, key: template.adminKey ?? { contractID: contractId(num) }, balance: 0n, createdNs: ctx.consensusNs, memo: template.memo,
    autoRenewPeriodSec: template.autoRenewPeriodSec, maxAutoAssociations: template.maxAutoAssociations,
  });
  const contract: ContractState = {
    num, evmAddress: address, runtimeCode: code, initcode, storage: new Map(), nonce: 1n, memo: template.memo,
    autoRenewPeriodSec: template.autoRenewPeriodSec, maxAutoAssociations: template.maxAutoAssociations,
    expirySec: ledger.accounts.get(num)!.expirySec, createdNs: ctx.consensusNs, deleted: false,
    ...(template.adminKey ? { adminKey: template.adminKey } : {}),
    ...(template.autoRenewAccount ? { autoRenewAccount: template.autoRenewAccount } : {}),
    ...(template.fileId ? { fileId: template.fileId } : {}),
  };
  ledger.contracts.set(num, contract);
  return contract;
}

/** A contract made by CREATE/CREATE2 takes its creator's admin key, memo and renewal settings, as on Hedera. */
function inheritedTemplate(ledger: Ledger, world: LedgerEvmWorld, creatorHex: string | undefined, topLevel?: TopLevelCreate): ContractTemplate {
  if (topLevel && creatorHex === hex(topLevel.address)) return { ...topLevel.template, fileId: undefined };
  const num = creatorHex === undefined ? undefined : world.book.entityAt(fromHex(creatorHex));
  const creator = num === undefined ? undefined : ledger.contracts.get(num);
  return {
    memo: creator?.memo ?? '', autoRenewPeriodSec: creator?.autoRenewPeriodSec ?? DEFAULT_AUTO_RENEW_SEC, maxAutoAssociations: 0,
    ...(creator?.adminKey ? { adminKey: creator.adminKey } : {}),
    ...(creator?.autoRenewAccount ? { autoRenewAccount: creator.autoRenewAccount } : {}),
  };
}

function markDeleted(ctx: HandlerContext, contract: ContractState): void {
  contract.deleted = true;
  ctx.ledger.accounts.get(contract.num)!.deleted = true;
}

function trimLeadingZeros(value: Uint8Array): Uint8Array {
  let start = 0;
  while (start < value.length && value[start] === 0) start++;
  return value.subarray(start);
}
