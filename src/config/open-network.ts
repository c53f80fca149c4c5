import { AccountId, Client, LedgerId, type PrivateKey } from '@hiero-ledger/sdk';
import type { Devnet, DevnetOptions } from '../devnet/index.js';
import type { NetworkChoice } from './network-choice.js';
import { reachAnyNode } from '../modes/node-reachability.js';

/** The client a network choice leads to, and what to close when done. */
export interface OpenedNetwork {
  client: Client;
  /** The embedded devnet, when one was started. */
  devnet?: Devnet;
  /** The key the client signs with, so the kit can cut pieces of it too (the client does not expose it). */
  operatorKey?: PrivateKey;
  /** The mirror to read: explicit, the local node's or the devnet's; unset, the kit uses the public mirror of the client's network. */
  mirrorNodeUrl?: string;
  /** Closes the client and stops the devnet. */
  close(): Promise<void>;
}

export interface OpenNetworkOptions {
  /** Options of the devnet started for network `devnet`. */
  devnet?: DevnetOptions;
  /**
   * Build a client that cannot reach anything, for listing tools: no devnet is started, no node
   * probed, and the client has no nodes and no operator, so nothing can be sent or paid for.
   */
  offline?: boolean;
  /** Names the config in the hint when a local node does not answer. */
  source?: string;
}

/**
 * Opens the network a {@link NetworkChoice} names. A `local` node is probed first, so a stopped
 * `agent-hooks devnet` shows at once as "no node could be reached" instead of after the SDK's
 * two-minute request timeout.
 *
 * @example
 * const opened = await openNetwork(chooseNetwork({ env: process.env, source: 'environment' }));
 * try { … opened.client … } finally { await opened.close(); }
 */
export async function openNetwork(choice: NetworkChoice, options: OpenNetworkOptions = {}): Promise<OpenedNetwork> {
  if (options.offline) return clientOnly(Client.forNetwork({}, { scheduleNetworkUpdate: false }), { ...choice, operator: undefined });
  if (choice.network === 'devnet') {
    // Loaded on demand: applications on a real network never load the devnet's servers.
    const { startDevnet } = await import('../devnet/index.js');
    const devnet = await startDevnet(options.devnet);
    return {
      client: devnet.client(),
      devnet,
      operatorKey: devnet.operatorKey,
      mirrorNodeUrl: choice.mirrorNodeUrl ?? devnet.mirrorUrl,
      close: () => devnet.stop(),
    };
  }
  let client: Client;
  if (choice.network === 'local') {
    const { grpcAddress, nodeAccountId } = choice.local!;
    const where = options.source ? ` in ${options.source}` : '';
    await reachAnyNode([grpcAddress], { network: 'local', hint: `Start it (e.g. agent-hooks devnet) or correct local.grpcAddress${where}.` });
    // Named as a local node, as a devnet client is: tools choose factories and mirrors by the ledger ID.
    client = Client.forNetwork({ [grpcAddress]: AccountId.fromString(nodeAccountId) }, { scheduleNetworkUpdate: false }).setLedgerId(LedgerId.LOCAL_NODE);
  } else {
    client = Client.forName(choice.network);
  }
  return clientOnly(client, { ...choice, mirrorNodeUrl: choice.mirrorNodeUrl ?? choice.local?.mirrorUrl });
}

function clientOnly(client: Client, choice: NetworkChoice): OpenedNetwork {
  if (choice.operator) client.setOperator(choice.operator.accountId, choice.operator.privateKey);
  return {
    client,
    ...(choice.operator ? { operatorKey: choice.operator.privateKey } : {}),
    ...(choice.mirrorNodeUrl ? { mirrorNodeUrl: choice.mirrorNodeUrl } : {}),
    close: async () => client.close(),
  };
}
