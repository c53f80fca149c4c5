import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PrivateKey } from '@hiero-ledger/sdk';
import type { CliIo } from '../../../src/cli/cli-io.js';
import { ExitCode } from '../../../src/cli/exit-codes.js';
import { runCli } from '../../../src/cli/program.js';
import { probeLocalNode } from '../../../src/config/local-node-probe.js';

/** A loopback port that nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('network "local" when no node is running', () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(path.join(tmpdir(), 'agent-hooks-local-'));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  describe('when a command runs on it', () => {
    it('fails at once with exit 1, naming the address and how to start a node', async () => {
      const grpcAddress = `127.0.0.1:${await closedPort()}`;
      writeFileSync(path.join(cwd, 'agent-hooks.config.json'), JSON.stringify({ network: 'local', local: { grpcAddress, mirrorUrl: 'http://127.0.0.1:1' } }));
      let stderr = '';
      const env = { HEDERA_OPERATOR_ID: '0.0.2', HEDERA_OPERATOR_KEY: PrivateKey.generateED25519().toStringDer() };
      const io: CliIo = { stdout: () => undefined, stderr: (text) => void (stderr += text), env, cwd };
      const code = await runCli(['call', 'transfer_hbar_tool', '{"transfers":[{"accountId":"0.0.98","amount":1}]}'], io);
      expect(code).to.equal(ExitCode.FAILED);
      expect(stderr).to.contain(`no node answers at ${grpcAddress} (ECONNREFUSED)`);
      expect(stderr).to.contain('agent-hooks devnet');
      expect(stderr).to.not.contain(env.HEDERA_OPERATOR_KEY);
    });
  });

  describe('when a node listens', () => {
    it('lets the kit be built', async () => {
      const server = createServer((socket) => socket.destroy());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        await probeLocalNode(`127.0.0.1:${(server.address() as AddressInfo).port}`, 'agent-hooks.config.json');
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });
  });
});
