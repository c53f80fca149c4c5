import type { Client } from '@hiero-ledger/sdk';
import { AgentHooksError, ErrorCode } from '../../../src/authoring/index.js';

/**
 * Where the ERC-20 and ERC-721 factories are, by network: the Hedera Agent Kit's deployments on testnet,
 * and 0.0.1012 / 0.0.1013 on a local node, where the devnet has them from its start (docs/devnet.md).
 */
const FACTORIES = {
  erc20: { testnet: '0.0.6471814', localNode: '0.0.1012' },
  erc721: { testnet: '0.0.6510666', localNode: '0.0.1013' },
} as const;

/**
 * The factory contract for the client's network (its ledger ID, as the Hedera Agent Kit decides);
 * a network with none is refused before anything is built.
 *
 * @example
 * factoryFor('erc20', client.setLedgerId(LedgerId.LOCAL_NODE), 'create_erc20_tool'); // '0.0.1012'
 */
export function factoryFor(kind: keyof typeof FACTORIES, client: Client, tool: string): string {
  const ledger = client.ledgerId;
  if (ledger?.isTestnet()) return FACTORIES[kind].testnet;
  if (ledger?.isLocalNode()) return FACTORIES[kind].localNode;
  const standard = kind === 'erc20' ? 'ERC-20' : 'ERC-721';
  throw new AgentHooksError(
    ErrorCode.CONFIG,
    `${tool}: no ${standard} factory is known for ${ledger ? `the ${ledger.toString()} network` : 'a client without a ledger ID'}; ` +
      `there is one on testnet (${FACTORIES[kind].testnet}) and on a local node (${FACTORIES[kind].localNode}, also the devnet's). ` +
      'For a local node, set client.setLedgerId(LedgerId.LOCAL_NODE) (clients from the devnet have it already). Nothing was built or sent.',
  );
}
