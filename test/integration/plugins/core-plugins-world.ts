import { expect } from 'chai';
import { AccountBalanceQuery, PrivateKey, Transaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import type { Context } from '../../../src/lifecycle/context.js';
import type { RawToolResult, ToolResult } from '../../../src/lifecycle/tool-result.js';
import { createAgentKit, type AgentKitOptions } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { AgentMode } from '../../../src/values/agent-mode.js';
import { MirrorClient } from '../../../src/mirror/mirror-client.js';
import { MirrorErrorCode } from '../../../src/mirror/mirror-error.js';
import coreAccountPlugin from '../../../plugins/core-account/index.js';
import coreConsensusPlugin from '../../../plugins/core-consensus/index.js';
import coreQueriesPlugin from '../../../plugins/core-queries/index.js';

/** An account on the devnet with a client and kit that sign as it. */
export interface Actor {
  accountId: string;
  privateKey: PrivateKey;
  client: Client;
  kit: AgentKit;
}

/**
 * One devnet per spec file with the operator's kit (account, consensus and query plugins, loaded as
 * plugins like anyone's), a mirror client for checking ledger effects, and more actors on demand.
 */
export interface CoreWorld {
  net: Devnet;
  client: Client;
  kit: AgentKit;
  mirror: MirrorClient;
  actor(hbar?: number, context?: Context): Promise<Actor>;
  /** A kit on the operator client with another context, e.g. RETURN_BYTES for an actor. */
  kitWith(context: Context, options?: Partial<AgentKitOptions>): Promise<AgentKit>;
  close(): Promise<void>;
}

export const CORE_PLUGINS = [coreAccountPlugin, coreConsensusPlugin, coreQueriesPlugin];

export async function startCoreWorld(): Promise<CoreWorld> {
  const net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
  const client = net.client();
  const kits: AgentKit[] = [];
  const clients: Client[] = [];
  const kitFor = async (forClient: Client, context: Context = {}, options: Partial<AgentKitOptions> = {}) => {
    const kit = await createAgentKit({ client: forClient, context, pluginsDir: null, plugins: CORE_PLUGINS, mirrorNodeUrl: net.mirrorUrl, ...options });
    kits.push(kit);
    return kit;
  };
  const kit = await kitFor(client);
  return {
    net,
    client,
    kit,
    mirror: new MirrorClient(net.mirrorUrl, { retries: 0 }),
    async actor(hbar = 50, context = {}) {
      const { accountId, privateKey } = await net.createAccount({ hbar, key: PrivateKey.generateED25519() });
      const actorClient = createDevnetClient(net.grpcAddress, accountId, privateKey);
      clients.push(actorClient);
      return { accountId, privateKey, client: actorClient, kit: await kitFor(actorClient, context) };
    },
    kitWith: (context, options) => kitFor(client, context, options),
    async close() {
      for (const each of kits) await each.close();
      for (const each of clients) each.close();
      await net.stop();
    },
  };
}

/** Asserts SUCCESS and returns raw; the humanMessage explains a failure. */
export function succeeded(result: ToolResult): RawToolResult {
  expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
  return result.raw;
}

/** Asserts the call was refused as invalid input before any transaction was built, and returns its issues. */
export function refusedInput(result: ToolResult): string[] {
  expect(result.raw.errorCode, result.humanMessage).to.equal('E_INVALID_PARAMS');
  expect(result.raw.stage).to.equal('normalizeParams');
  return result.raw.issues as string[];
}

export async function tinybarsOf(client: Client, accountId: string): Promise<bigint> {
  const balance = await new AccountBalanceQuery().setAccountId(accountId).execute(client);
  return BigInt(balance.hbars.toTinybars().toString());
}

/**
 * Checks a RETURN_BYTES result: frozen bytes that decode to a transaction of the expected class,
 * paid by `payer`, with an expiry, and that the network never saw (the mirror does not know its ID).
 */
export async function decodeReturnedBytes<T extends Transaction>(
  world: Pick<CoreWorld, 'mirror'>,
  result: ToolResult,
  kind: abstract new (...args: never[]) => T,
  payer: string,
): Promise<T> {
  const raw = succeeded(result);
  expect(raw.submitted).to.equal(false);
  expect(raw.bytes).to.be.instanceOf(Uint8Array);
  expect(raw.expiresAt, 'expiresAt').to.be.a('string');
  expect(Date.parse(String(raw.expiresAt))).to.be.greaterThan(Date.parse('2020-01-01T00:00:00Z'));
  expect(result.humanMessage).to.contain('nothing was submitted');
  const tx = Transaction.fromBytes(raw.bytes as Uint8Array);
  expect(tx).to.be.instanceOf(kind);
  expect(tx.isFrozen()).to.equal(true);
  expect(tx.transactionId?.accountId?.toString()).to.equal(payer);
  expect(String(raw.transactionId)).to.equal(tx.transactionId!.toString());
  const lookup = await world.mirror.getTransaction(String(raw.transactionId)).then(() => 'found', (error: { code?: string }) => error.code);
  expect(lookup, 'the transaction must not reach the network').to.equal(MirrorErrorCode.NOT_FOUND);
  return tx as T;
}

export { AgentMode };
