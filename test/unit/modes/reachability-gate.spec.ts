import { expect } from 'chai';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Client, LedgerId } from '@hiero-ledger/sdk';
import { ErrorCode } from '../../../src/errors/index.js';
import { REACHABLE_FOR_MS, ReachabilityGate, UNREACHABLE_FOR_MS } from '../../../src/modes/reachability-gate.js';

/** A loopback listener that counts the connections it accepted. */
class CountingNode {
  connections = 0;
  private server: Server | undefined;
  port = 0;

  async listen(port = 0): Promise<this> {
    const server = createServer((socket) => {
      this.connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

const clientOf = (port: number): Client => Client.forNetwork({ [`127.0.0.1:${port}`]: '0.0.3' }, { scheduleNetworkUpdate: false }).setLedgerId(LedgerId.LOCAL_NODE);
const failureOf = (work: Promise<unknown>): Promise<Error & { code?: string }> => work.then(() => expect.fail('resolved'), (error: Error) => error);
/** Until a counted connection arrived at the server (the probe's socket may be accepted after it resolved). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('ReachabilityGate', () => {
  let node: CountingNode;
  let client: Client;
  let clock: number;
  const gate = () => new ReachabilityGate({ now: () => clock });

  beforeEach(async () => {
    clock = 1_000_000;
    node = await new CountingNode().listen();
    client = clientOf(node.port);
  });
  afterEach(async () => {
    client.close();
    await node.close();
  });

  describe('when a node accepts connections', () => {
    it(`probes once per ${REACHABLE_FOR_MS} ms, not on every call`, async () => {
      const checks = gate();
      await checks.ensureReachable(client);
      await checks.ensureReachable(client);
      clock += REACHABLE_FOR_MS - 1;
      await checks.ensureReachable(client);
      await settle();
      expect(node.connections).to.equal(1);
      clock += 1;
      await checks.ensureReachable(client);
      await settle();
      expect(node.connections).to.equal(2);
    });

    it('lets concurrent calls share one probe', async () => {
      const checks = gate();
      await Promise.all([checks.ensureReachable(client), checks.ensureReachable(client), checks.ensureReachable(client)]);
      await settle();
      expect(node.connections).to.equal(1);
    });

    it('probes again after forget (a connection failure) and when the client names other nodes', async () => {
      const checks = gate();
      await checks.ensureReachable(client);
      checks.forget(client);
      await checks.ensureReachable(client);
      await settle();
      expect(node.connections).to.equal(2);
      const other = await new CountingNode().listen();
      try {
        client.setNetwork({ [`127.0.0.1:${other.port}`]: '0.0.3' });
        await checks.ensureReachable(client);
        await settle();
        expect(other.connections).to.equal(1);
      } finally {
        await other.close();
      }
    });
  });

  describe('when no node accepts connections', () => {
    it('fails with E_NODE_UNREACHABLE naming the ledger, each node tried and why, and that nothing was submitted', async () => {
      const port = node.port;
      await node.close();
      const error = await failureOf(gate().ensureReachable(client));
      expect(error.code).to.equal(ErrorCode.NODE_UNREACHABLE);
      expect(error.message).to.match(new RegExp(`^no node of network "local-node" could be reached \\(127\\.0\\.0\\.1:${port}: ECONNREFUSED\\); nothing was submitted\\. `));
      expect(error.message).to.contain('a retry is safe');
    });

    it(`keeps that verdict for ${UNREACHABLE_FOR_MS} ms only, so a node that came back is used soon`, async () => {
      const port = node.port;
      await node.close();
      const checks = gate();
      await failureOf(checks.ensureReachable(client));
      node = await new CountingNode().listen(port);
      clock += UNREACHABLE_FOR_MS - 1;
      expect((await failureOf(checks.ensureReachable(client))).code).to.equal(ErrorCode.NODE_UNREACHABLE);
      await settle();
      expect(node.connections, 'no probe while the verdict holds').to.equal(0);
      clock += 1;
      await checks.ensureReachable(client);
      await settle();
      expect(node.connections).to.equal(1);
    });

    it('names a client without a ledger ID as unnamed, and refuses a client with no nodes at all', async () => {
      const bare = Client.forNetwork({}, { scheduleNetworkUpdate: false });
      try {
        expect((await failureOf(gate().ensureReachable(bare))).message).to.equal(
          'no node of network "unnamed" could be reached (the client has no node addresses); nothing was submitted. Check that the node runs and that no proxy or firewall blocks outgoing TCP to it; a retry is safe.',
        );
      } finally {
        bare.close();
      }
    });
  });
});
