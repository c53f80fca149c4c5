import { EVM, EVMMockBlockchain, NobleBN254, type EVMResult, type Message } from '@ethereumjs/evm';
import { createCustomCommon, Hardfork, Mainnet, type Common } from '@ethereumjs/common';
import { SimpleStateManager } from '@ethereumjs/statemanager';
import { Account, Address, bytesToHex, createZeroAddress, KECCAK256_NULL } from '@ethereumjs/util';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { EvmCall, EvmOutcome, EvmWorld } from './evm-types.js';

/**
 * The only module that loads @ethereumjs: the rest of the devnet imports it lazily (see evm-loader.ts),
 * so a devnet that never runs a contract never pays for loading an EVM.
 */

/** Hedera's chain ID for a local node (0x12a), which CHAINID answers. */
export const LOCAL_CHAIN_ID = 298n;

/** Hedera services run the Cancun EVM (v0.50 and later). Each EVM gets a copy: it subscribes to and tunes its Common. */
const baseCommon: Common = createCustomCommon({ chainId: Number(LOCAL_CHAIN_ID) }, Mainnet, { hardfork: Hardfork.Cancun });
const bn254 = new NobleBN254();

const codeHashes = new WeakMap<Uint8Array, Uint8Array>();

export function keccak256(bytes: Uint8Array): Uint8Array {
  return keccak_256(bytes);
}

const BLOOM_BYTES = 256;

/** The 2048-bit Ethereum log bloom of the given logs (address and topics of each). */
export function logsBloom(logs: ReadonlyArray<{ address: Uint8Array; topics: Uint8Array[] }>): Uint8Array {
  const bloom = new Uint8Array(BLOOM_BYTES);
  for (const log of logs) {
    for (const item of [log.address, ...log.topics]) {
      const hash = keccak_256(item);
      for (let i = 0; i < 6; i += 2) {
        const bit = ((hash[i] << 8) | hash[i + 1]) & 2047;
        bloom[BLOOM_BYTES - 1 - (bit >> 3)] |= 1 << (bit & 7);
      }
    }
  }
  return bloom;
}

function codeHash(code: Uint8Array): Uint8Array {
  if (!code.length) return KECCAK256_NULL;
  let hash = codeHashes.get(code);
  if (!hash) codeHashes.set(code, (hash = keccak_256(code)));
  return hash;
}

/**
 * The EVM's view of state: whatever this run wrote (the checkpoint stack the library keeps), and
 * below it the ledger as it was. Nothing here writes to the ledger; the caller applies the outcome.
 */
class LedgerBackedState extends SimpleStateManager {
  constructor(private readonly world: EvmWorld, common: Common) {
    super({ common });
  }

  override async getAccount(address: Address): Promise<Account | undefined> {
    const top = this.topAccountStack();
    const key = address.toString();
    if (top.has(key)) return top.get(key);
    const found = this.world.account(address.bytes);
    return found && new Account(found.nonce, found.balance, undefined, codeHash(found.code));
  }

  override async getCode(address: Address): Promise<Uint8Array> {
    const written = this.topCodeStack().get(address.toString());
    if (written) return written;
    if (this.topAccountStack().has(address.toString()) && !(await this.getAccount(address))) return new Uint8Array(0);
    return this.world.account(address.bytes)?.code ?? new Uint8Array(0);
  }

  override async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    const slot = `${address.toString()}_${bytesToHex(key)}`;
    const written = this.topStorageStack().get(slot);
    if (written) return written;
    return this.world.storage(address.bytes, key);
  }

  /** What the run changed, once the EVM has committed or reverted its own checkpoints. */
  changes(): Pick<EvmOutcome, 'accounts' | 'code' | 'storage'> {
    const accounts: EvmOutcome['accounts'] = new Map();
    for (const [address, account] of this.topAccountStack()) {
      accounts.set(address.slice(2), account ? { balance: account.balance, nonce: account.nonce } : null);
    }
    const code: EvmOutcome['code'] = new Map();
    for (const [address, bytes] of this.topCodeStack()) code.set(address.slice(2), bytes);
    const storage: EvmOutcome['storage'] = new Map();
    for (const [slotKey, value] of this.topStorageStack()) {
      const [address, slot] = slotKey.split('_');
      const slots = storage.get(address.slice(2)) ?? new Map<string, Uint8Array>();
      slots.set(slot.slice(2), value);
      storage.set(address.slice(2), slots);
    }
    return { accounts, code, storage };
  }
}

/**
 * An EVM whose top-level CREATE lands at the address Hedera assigned (the new entity's long-zero
 * address); nested CREATE and CREATE2 keep Ethereum's addresses, as Hedera's do.
 */
class HederaAddressedEvm extends EVM {
  /** created address → creating address (40 hex each), to give a new contract its creator's settings */
  readonly creators = new Map<string, string>();

  constructor(common: Common, stateManager: SimpleStateManager, private readonly topLevelAddress?: Uint8Array) {
    super({ common, stateManager, bn254, blockchain: new EVMMockBlockchain() });
  }

  protected override async _generateAddress(message: Message): Promise<Address> {
    const address = message.depth === 0 && this.topLevelAddress ? new Address(this.topLevelAddress) : await super._generateAddress(message);
    this.creators.set(address.toString().slice(2), message.caller.toString().slice(2));
    return address;
  }
}

/** Runs one top-level call or create against `world` and reports what it would change. */
export async function runEvm(world: EvmWorld, call: EvmCall): Promise<EvmOutcome> {
  const common = baseCommon.copy();
  const state = new LedgerBackedState(world, common);
  const evm = new HederaAddressedEvm(common, state, call.to ? undefined : call.createAt);
  const block = {
    header: {
      number: call.block.number, coinbase: createZeroAddress(), timestamp: call.block.timestampSec, difficulty: 0n,
      prevRandao: new Uint8Array(32), gasLimit: call.block.gasLimit, baseFeePerGas: 0n, getBlobGasPrice: () => 0n,
    },
  };
  const caller = new Address(call.caller);
  const result: EVMResult = await evm.runCall({
    caller, origin: caller, to: call.to ? new Address(call.to) : undefined, data: call.data, value: call.value,
    gasLimit: call.gasLimit, gasPrice: call.gasPrice, isStatic: call.isStatic, block, skipNonceIncrement: true,
  });
  const exec = result.execResult;
  const error = exec.exceptionError?.error;
  return {
    success: !error,
    error,
    returnValue: exec.returnValue,
    executionGasUsed: exec.executionGasUsed,
    gasRefund: exec.gasRefund ?? 0n,
    logs: error ? [] : (exec.logs ?? []).map(([address, topics, data]) => ({ address, topics, data })),
    created: error ? [] : [...(exec.createdAddresses ?? [])].map((address) => address.slice(2)),
    creators: evm.creators,
    ...(error ? { accounts: new Map(), code: new Map(), storage: new Map() } : state.changes()),
  };
}
