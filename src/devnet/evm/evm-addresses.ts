import type { proto } from '@hiero-ledger/proto';
import type { Ledger } from '../ledger/ledger.js';
import { toBig, toLong } from '../ledger/numbers.js';
import type { AccountState } from '../ledger/state-types.js';
import type { ContractState } from './contract-state.js';

/**
 * EVM addresses of Hedera entities. An entity always answers to its "long-zero" address (12 zero bytes,
 * then its number); an account with an ECDSA alias and a contract made by CREATE/CREATE2 also have a
 * 20-byte EVM alias, which is the address they act under (msg.sender, address(this)).
 */

export const ADDRESS_BYTES = 20;

export function longZeroAddress(num: number): Uint8Array {
  const address = new Uint8Array(ADDRESS_BYTES);
  new DataView(address.buffer).setBigUint64(12, BigInt(num));
  return address;
}

/** The entity number of a long-zero address (shard and realm 0), else undefined. */
export function longZeroNum(address: Uint8Array): number | undefined {
  if (address.length !== ADDRESS_BYTES || address.subarray(0, 12).some((byte) => byte !== 0)) return undefined;
  const num = new DataView(address.buffer, address.byteOffset, address.byteLength).getBigUint64(12);
  return num > 0n && num <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(num) : undefined;
}

export const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
export const fromHex = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'hex'));

/** The address an account acts under in the EVM: its contract or ECDSA alias, else its long-zero address. */
export function evmAddressOf(ledger: Ledger, account: AccountState): Uint8Array {
  const contract = ledger.contracts.get(account.num);
  if (contract) return contract.evmAddress;
  if (account.alias?.length === ADDRESS_BYTES) return account.alias;
  return longZeroAddress(account.num);
}

/**
 * Resolves EVM addresses to entity numbers. The alias index is built on first use, once per
 * transaction or query, since a run reads many addresses and the ledger keeps aliases unindexed.
 */
export class EvmAddressBook {
  private aliases?: Map<string, number>;

  constructor(private readonly ledger: Ledger) {}

  entityAt(address: Uint8Array): number | undefined {
    const alias = this.aliasIndex().get(hex(address));
    if (alias !== undefined) return alias;
    const num = longZeroNum(address);
    return num !== undefined && this.ledger.accounts.has(num) ? num : undefined;
  }

  /** Call after creating entities so later look-ups see their aliases. */
  remember(address: Uint8Array, num: number): void {
    this.aliasIndex().set(hex(address), num);
  }

  private aliasIndex(): Map<string, number> {
    if (!this.aliases) {
      this.aliases = new Map();
      for (const account of this.ledger.accounts.values()) {
        if (account.alias?.length === ADDRESS_BYTES) this.aliases.set(hex(account.alias), account.num);
      }
    }
    return this.aliases;
  }
}

/**
 * The contract a ContractID names, by number or EVM address; undefined when there is none (an account
 * that is not a contract does not count).
 */
export function contractFor(ledger: Ledger, id: proto.IContractID | null | undefined, book = new EvmAddressBook(ledger)): ContractState | undefined {
  if (!id) return undefined;
  if (toBig(id.shardNum) !== 0n || toBig(id.realmNum) !== 0n) return undefined;
  if (id.evmAddress?.length) {
    if (id.evmAddress.length !== ADDRESS_BYTES) return undefined;
    const num = book.entityAt(id.evmAddress);
    return num === undefined ? undefined : ledger.contracts.get(num);
  }
  const num = toBig(id.contractNum);
  return num > 0n && num <= BigInt(Number.MAX_SAFE_INTEGER) ? ledger.contracts.get(Number(num)) : undefined;
}

export const contractId = (num: number): proto.IContractID => ({ shardNum: toLong(0n), realmNum: toLong(0n), contractNum: toLong(BigInt(num)) });
