import { expect } from 'chai';
import {
  AccountCreateTransaction, ContractCallQuery, ContractFunctionParameters, ContractId, Hbar, LedgerId, PrivateKey, Status, type Client,
} from '@hiero-ledger/sdk';
import { startDevnet, type Devnet, type DevnetOptions } from '../../../src/devnet/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import type { Context } from '../../../src/lifecycle/context.js';
import type { ToolResult } from '../../../src/lifecycle/tool-result.js';
import { createAgentKit, type AgentKitOptions } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { MirrorClient } from '../../../src/mirror/mirror-client.js';
import coreEvmPlugin from '../../../plugins/core-evm/index.js';
import coreQueriesPlugin from '../../../plugins/core-queries/index.js';

/** An ECDSA account with an EVM alias (what it acts under in the EVM), a client and a kit that sign as it. */
export interface EvmActor {
  accountId: string;
  privateKey: PrivateKey;
  /** `0x` and the 40 hex digits of its alias */
  evmAddress: string;
  client: Client;
  kit: AgentKit;
}

/**
 * A devnet whose operator 0.0.2 has an ECDSA key (the EVM tools refuse any other), with the
 * operator's kit (core-evm and core-queries plugins) on a client that says it is a local node, so the
 * tools find the devnet's factories at 0.0.1012 and 0.0.1013.
 */
export interface EvmWorld {
  net: Devnet;
  client: Client;
  kit: AgentKit;
  mirror: MirrorClient;
  /** the operator's EVM address: its long-zero address (it has no alias) */
  operatorEvm: string;
  ecdsaActor(hbar?: number, context?: Context): Promise<EvmActor>;
  kitWith(context: Context, options?: Partial<AgentKitOptions>, client?: Client): Promise<AgentKit>;
  /** `balanceOf(holder)` of an ERC-20 (by `0.0.N` or EVM address), as ContractCallQuery reads it from the ledger */
  balanceOf(token: string, holder: string): Promise<bigint>;
  /** `ownerOf(tokenId)` of an ERC-721 (`0x` + 40 hex), or undefined when the token does not exist */
  ownerOf(collection: string, tokenId: number): Promise<string | undefined>;
  close(): Promise<void>;
}

export const EVM_PLUGINS = [coreEvmPlugin, coreQueriesPlugin];

export async function startEvmWorld(options: DevnetOptions = {}): Promise<EvmWorld> {
  const net = await startDevnet({ grpcPort: 0, mirrorPort: 0, operatorKey: PrivateKey.generateECDSA(), ...options });
  const client = net.client().setLedgerId(LedgerId.LOCAL_NODE);
  const kits: AgentKit[] = [];
  const clients: Client[] = [];
  const kitFor = async (forClient: Client, context: Context = {}, more: Partial<AgentKitOptions> = {}) => {
    const kit = await createAgentKit({ client: forClient, context, pluginsDir: null, plugins: EVM_PLUGINS, mirrorNodeUrl: net.mirrorUrl, ...more });
    kits.push(kit);
    return kit;
  };
  const call = (contract: string, name: string, args: ContractFunctionParameters) =>
    new ContractCallQuery().setContractId(contractOf(contract)).setGas(100_000).setFunction(name, args).execute(client);
  return {
    net,
    client,
    kit: await kitFor(client),
    mirror: new MirrorClient(net.mirrorUrl, { retries: 0 }),
    operatorEvm: `0x${ContractId.fromString(net.operatorId).toEvmAddress()}`,
    async ecdsaActor(hbar = 100, context = {}) {
      const privateKey = PrivateKey.generateECDSA();
      const receipt = await (await new AccountCreateTransaction().setECDSAKeyWithAlias(privateKey.publicKey).setInitialBalance(new Hbar(hbar)).execute(client)).getReceipt(client);
      const accountId = receipt.accountId!.toString();
      const actorClient = createDevnetClient(net.grpcAddress, accountId, privateKey).setLedgerId(LedgerId.LOCAL_NODE);
      clients.push(actorClient);
      return { accountId, privateKey, evmAddress: `0x${privateKey.publicKey.toEvmAddress()}`, client: actorClient, kit: await kitFor(actorClient, context) };
    },
    kitWith: (context, more, forClient = client) => kitFor(forClient, context, more),
    async balanceOf(token, holder) {
      return BigInt((await call(token, 'balanceOf', new ContractFunctionParameters().addAddress(holder))).getUint256(0).toFixed());
    },
    async ownerOf(collection, tokenId) {
      try {
        return `0x${(await call(collection, 'ownerOf', new ContractFunctionParameters().addUint256(tokenId))).getAddress(0)}`;
      } catch (error) {
        // ownerOf reverts for a token that was never minted.
        if ((error as { status?: unknown }).status === Status.ContractRevertExecuted) return undefined;
        throw error;
      }
    },
    async close() {
      for (const each of kits) await each.close();
      for (const each of clients) each.close();
      await net.stop();
    },
  };
}

/** Asserts SUCCESS and returns raw; the humanMessage explains a failure. */
export function succeeded(result: ToolResult): ToolResult['raw'] {
  expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
  return result.raw;
}

/** A contract by `0.0.N` or by EVM address. */
function contractOf(contract: string): ContractId {
  return contract.startsWith('0x') ? ContractId.fromEvmAddress(0, 0, contract.slice(2)) : ContractId.fromString(contract);
}

/** The long-zero EVM address of an entity `0.0.N`. */
export function longZero(id: string): string {
  return `0x${ContractId.fromString(id).toEvmAddress()}`;
}
