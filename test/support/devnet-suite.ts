import type { Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';

/** What {@link devnetSuite} hands a describe block; read its fields inside tests, after `before` ran. */
export interface DevnetSuite {
  readonly net: Devnet;
  /** a client of the operator 0.0.2 */
  readonly client: Client;
}

/**
 * Starts one devnet before the tests of the calling describe block and stops it after them.
 *
 * @example
 * const suite = devnetSuite();
 * it('…', async () => { await new AccountBalanceQuery().setAccountId(suite.net.operatorId).execute(suite.client); });
 */
export function devnetSuite(): DevnetSuite {
  let net: Devnet | undefined;
  let client: Client | undefined;
  before(async () => {
    net = await startDevnet();
    client = net.client();
  });
  after(async () => { await net?.stop(); });
  return {
    get net() { return net!; },
    get client() { return client!; },
  };
}
