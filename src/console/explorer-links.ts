/** Networks the console can link into an explorer for. */
export const CONSOLE_NETWORKS = ['mainnet', 'testnet', 'previewnet', 'devnet', 'local'] as const;
export type ConsoleNetwork = (typeof CONSOLE_NETWORKS)[number];

/** Where the console sends a person who clicks a transaction or a topic; undefined when no link can be made. */
export interface ExplorerLinks {
  transaction(transactionId: string): string | undefined;
  topic(topicId: string): string | undefined;
}

/**
 * Hashscan for the public networks; for the embedded devnet or a local network, the mirror's own
 * REST answers (there is no explorer for them, and the mirror is the record). No network named:
 * no links, rather than links to a network the trail is not on.
 */
export function explorerLinks(network: ConsoleNetwork | undefined, mirrorUrl: string | undefined): ExplorerLinks {
  if (network === 'mainnet' || network === 'testnet' || network === 'previewnet') {
    const base = `https://hashscan.io/${network}`;
    return {
      transaction: (id) => withPathId(id, (path) => `${base}/transaction/${path}`),
      topic: (id) => (isEntityId(id) ? `${base}/topic/${id}` : undefined),
    };
  }
  if ((network === 'devnet' || network === 'local') && mirrorUrl) {
    const base = mirrorUrl.replace(/\/+$/, '');
    return {
      transaction: (id) => withPathId(id, (path) => `${base}/api/v1/transactions/${path}`),
      topic: (id) => (isEntityId(id) ? `${base}/api/v1/topics/${id}/messages` : undefined),
    };
  }
  return { transaction: () => undefined, topic: () => undefined };
}

/** `0.0.2@1700000000.5` → `0.0.2-1700000000-000000005`, the path form both the mirror and hashscan take; anything else: no link. */
function withPathId(id: string, url: (path: string) => string): string | undefined {
  const match = /^(\d+\.\d+\.\d+)@(\d+)\.(\d{1,9})(?:\?scheduled)?(?:\/\d+)?$/.exec(id);
  return match ? url(`${match[1]}-${match[2]}-${match[3]!.padStart(9, '0')}`) : undefined;
}

function isEntityId(id: string): boolean {
  return /^\d+\.\d+\.\d+$/.test(id);
}
