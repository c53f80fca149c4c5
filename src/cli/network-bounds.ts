import type { Client } from '@hiero-ledger/sdk';

/**
 * The CLI's retry bounds for a real or local network. The SDK's defaults suit long-running services
 * (10 attempts and a two-minute request timeout on public networks, 1000 attempts on loopback); a
 * command that waits that long on a node that stopped answering looks hung. The gRPC deadline per
 * attempt stays the SDK's 10 s. A call that runs out of them after reaching a node is reported as
 * UNKNOWN with its transaction ID, never as "not submitted".
 */
export const CLI_MAX_ATTEMPTS = 5;
export const CLI_REQUEST_TIMEOUT_MS = 30_000;

export function applyCliNetworkBounds(client: Client): void {
  client.setMaxAttempts(CLI_MAX_ATTEMPTS);
  client.setRequestTimeout(CLI_REQUEST_TIMEOUT_MS);
}
