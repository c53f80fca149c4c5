import { expect } from 'chai';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { ErrorCode } from '../../../src/errors/index.js';
import { NodeUnreachableError, reachAnyNode } from '../../../src/modes/node-reachability.js';
import { closedPort } from '../../support/cli-run.js';

async function refusal(addresses: string[]): Promise<NodeUnreachableError> {
  const error = await reachAnyNode(addresses, { network: 'testnet', hint: 'Check the connection.' }).then(() => undefined, (thrown: unknown) => thrown);
  expect(error).to.be.instanceOf(NodeUnreachableError);
  return error as NodeUnreachableError;
}

describe('reachAnyNode', () => {
  describe('when no address accepts a connection', () => {
    it('says no node could be reached and that nothing was submitted, with why for each', async () => {
      const address = `127.0.0.1:${await closedPort()}`;
      const error = await refusal([address]);
      expect(error.code).to.equal(ErrorCode.NODE_UNREACHABLE);
      expect(error.message).to.equal(`no node of network "testnet" could be reached (${address}: ECONNREFUSED); nothing was submitted. Check the connection.`);
      expect(error.unreachable).to.deep.equal([{ address, why: 'ECONNREFUSED' }]);
    });

    it('sums up many addresses by reason', async () => {
      const addresses = [`127.0.0.1:${await closedPort()}`, `127.0.0.1:${await closedPort()}`];
      expect((await refusal(addresses)).message).to.contain('(2 addresses: ECONNREFUSED (2))');
    });

    it('refuses a client without node addresses', async () => {
      expect((await refusal([])).message).to.contain('(the client has no node addresses)');
    });
  });

  describe('when one of them listens', () => {
    let server: Server;
    before(async () => {
      server = createServer((socket) => socket.destroy());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('resolves with that address', async () => {
      const open = `127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect(await reachAnyNode([`127.0.0.1:${await closedPort()}`, open], { network: 'local', hint: '' })).to.equal(open);
    });
  });
});
