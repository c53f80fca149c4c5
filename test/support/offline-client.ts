import { Client, PrivateKey } from '@hiero-ledger/sdk';

/**
 * An SDK client for unit tests that never reach a network: it points at a loopback port nothing
 * listens on, so transactions can be built and frozen, and it schedules no background timers.
 */
export function offlineClient(): Client {
  const client = Client.forNetwork({ '127.0.0.1:9': '0.0.3' }, { scheduleNetworkUpdate: false });
  client.setOperator('0.0.2', PrivateKey.generateED25519());
  return client;
}
