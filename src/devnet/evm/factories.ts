import type { Ledger } from '../ledger/ledger.js';
import { DEFAULT_AUTO_RENEW_SEC } from '../ledger/ledger.js';
import { ERC20Factory, ERC721Factory, type CompiledContract } from './compiled-contracts.js';
import { contractId, fromHex, hex, longZeroAddress } from './evm-addresses.js';

/**
 * Where the Hedera Agent Kit looks for its token factories on a local node (LedgerId LOCAL_NODE):
 * `create_erc20_tool` calls 0.0.1012 and `create_erc721_tool` 0.0.1013. The devnet answers at the same
 * numbers; the numbers before them are still handed out to new entities in order.
 */
export const ERC20_FACTORY_NUM = 1012;
export const ERC721_FACTORY_NUM = 1013;

/** A contract the devnet has from its start. */
export interface GenesisContract {
  /** `0.0.N` */
  contractId: string;
  /** `0x` + its long-zero EVM address */
  evmAddress: string;
}

/** The factories the devnet deploys at start. */
export interface DevnetContracts {
  erc20Factory: GenesisContract;
  erc721Factory: GenesisContract;
}

/**
 * Places a contract in the genesis state: its runtime bytecode, as the EVM would have stored it by
 * running the creation bytecode (the factories have no constructor and no immutables, so the two are
 * the same; a test checks it), without loading the EVM at start.
 */
function placeGenesisContract(ledger: Ledger, num: number, compiled: CompiledContract, createdNs: bigint): GenesisContract {
  const address = longZeroAddress(num);
  const account = ledger.addAccount({ num, key: { contractID: contractId(num) }, balance: 0n, createdNs });
  ledger.contracts.set(num, {
    num, evmAddress: address, runtimeCode: fromHex(compiled.deployedBytecode), initcode: fromHex(compiled.bytecode),
    storage: new Map(), nonce: 1n, memo: '', autoRenewPeriodSec: DEFAULT_AUTO_RENEW_SEC, maxAutoAssociations: 0,
    expirySec: account.expirySec, createdNs, deleted: false,
  });
  return { contractId: `0.0.${num}`, evmAddress: `0x${hex(address)}` };
}

export function deployFactories(ledger: Ledger): DevnetContracts {
  const now = ledger.nowNs();
  return {
    erc20Factory: placeGenesisContract(ledger, ERC20_FACTORY_NUM, ERC20Factory, now),
    erc721Factory: placeGenesisContract(ledger, ERC721_FACTORY_NUM, ERC721Factory, now),
  };
}
