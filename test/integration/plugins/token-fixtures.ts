import { expect } from 'chai';
import { PrivateKey, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import type { Context } from '../../../src/lifecycle/context.js';
import type { ToolResult } from '../../../src/lifecycle/tool-result.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { MirrorClient } from '../../../src/mirror/mirror-client.js';
import coreTokenPlugin from '../../../plugins/core-token/index.js';

/** An account on the devnet with a kit whose operator (and signer) it is. */
export interface Actor {
  accountId: string;
  privateKey: PrivateKey;
  client: Client;
  kit: AgentKit;
}

/**
 * One devnet with the operator's kit (core-token plugin only, so other plugins in progress cannot
 * disturb these tests), a mirror client for checking ledger effects, and helpers for more actors.
 */
export interface TokenWorld {
  net: Devnet;
  kit: AgentKit;
  mirror: MirrorClient;
  /** A funded account with its own kit, for calls its key must sign (associate, approve, …). */
  actor(hbar?: number, context?: Context): Promise<Actor>;
  /** A kit for the operator client with a different context (e.g. RETURN_BYTES). */
  kitWith(context: Context): Promise<AgentKit>;
  close(): Promise<void>;
}

export async function startTokenWorld(): Promise<TokenWorld> {
  const net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
  const operatorClient = net.client();
  const kits: AgentKit[] = [];
  const clients: Client[] = [];
  const kitFor = async (client: Client, context: Context = {}) => {
    const kit = await createAgentKit({ client, context, pluginsDir: null, plugins: [coreTokenPlugin], mirrorNodeUrl: net.mirrorUrl });
    kits.push(kit);
    return kit;
  };
  const kit = await kitFor(operatorClient);
  return {
    net,
    kit,
    mirror: new MirrorClient(net.mirrorUrl, { retries: 0 }),
    async actor(hbar = 50, context = {}) {
      const { accountId, privateKey } = await net.createAccount({ hbar, key: PrivateKey.generateED25519() });
      const client = createDevnetClient(net.grpcAddress, accountId, privateKey);
      clients.push(client);
      return { accountId, privateKey, client, kit: await kitFor(client, context) };
    },
    kitWith: (context) => kitFor(operatorClient, context),
    async close() {
      for (const each of kits) await each.close();
      for (const client of clients) client.close();
      await net.stop();
    },
  };
}

/** Asserts a SUCCESS result and returns its raw part, showing the humanMessage when it failed. */
export function succeeded(result: ToolResult): ToolResult['raw'] {
  expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
  return result.raw;
}

/** The balance (smallest units) the mirror reports for one token of one account; undefined when not associated. */
export async function tokenBalance(mirror: MirrorClient, accountId: string, tokenId: string): Promise<number | undefined> {
  const { tokens } = await mirror.getAccountTokens(accountId);
  return tokens.find((entry) => entry.token_id === tokenId)?.balance;
}
