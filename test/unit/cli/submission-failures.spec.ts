import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { PrivateKey } from '@hiero-ledger/sdk';
import { Command } from 'commander';
import { Output, type CliIo } from '../../../src/cli/cli-io.js';
import { CommandContext } from '../../../src/cli/command-context.js';
import { ExitCode } from '../../../src/cli/exit-codes.js';
import { CLI_MAX_ATTEMPTS, CLI_REQUEST_TIMEOUT_MS } from '../../../src/cli/network-bounds.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { closedPort, runCliIn } from '../../support/cli-run.js';

const transfer = '{"transfers":[{"accountId":"0.0.98","amount":1}]}';

describe('agent-hooks call when the network fails', () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(path.join(tmpdir(), 'agent-hooks-submit-'));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));
  const writeConfig = (config: unknown) => writeFileSync(path.join(cwd, 'agent-hooks.config.json'), JSON.stringify(config));

  describe('when no node accepts a connection', () => {
    it('says at once that no node could be reached and nothing was submitted, and exits 1', async () => {
      const grpcAddress = `127.0.0.1:${await closedPort()}`;
      writeConfig({ network: 'local', local: { grpcAddress, mirrorUrl: 'http://127.0.0.1:1' } });
      const key = PrivateKey.generateED25519().toStringDer();
      const run = await runCliIn(cwd, { HEDERA_OPERATOR_ID: '0.0.2', HEDERA_OPERATOR_KEY: key }, 'call', 'transfer_hbar_tool', transfer);
      expect(run.code).to.equal(ExitCode.FAILED);
      expect(run.stderr).to.match(new RegExp(`^error: no node of network "local" could be reached \\(${grpcAddress.replace(/\./g, '\\.')}: ECONNREFUSED\\); nothing was submitted\\. Start it \\(e\\.g\\. agent-hooks devnet\\)`, 'm'));
      expect(run.stderr).to.not.contain('Check the account').and.to.not.contain(key);
    });
  });

  describe('when the node stops accepting connections after the kit opened', () => {
    it("fails through the kit's execute strategy, saying nothing was submitted, and exits 1", async () => {
      // Accepts the one connection of the CLI's start-up check, then stops listening.
      const node = createServer((socket) => {
        socket.destroy();
        node.close();
      });
      await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
      const grpcAddress = `127.0.0.1:${(node.address() as AddressInfo).port}`;
      writeConfig({ network: 'local', local: { grpcAddress, mirrorUrl: 'http://127.0.0.1:1' } });
      const env = { HEDERA_OPERATOR_ID: '0.0.2', HEDERA_OPERATOR_KEY: PrivateKey.generateED25519().toStringDer() };
      const run = await runCliIn(cwd, env, 'call', 'transfer_hbar_tool', transfer, '--json');
      expect(run.code, run.stdout + run.stderr).to.equal(ExitCode.FAILED);
      const document = JSON.parse(run.stdout) as { raw: Record<string, unknown>; error: { code: string; submitted?: boolean; message: string } };
      expect(document.raw).to.include({ status: 'ERROR', errorCode: 'E_NODE_UNREACHABLE', submitted: false });
      expect(document.error).to.include({ code: 'E_NODE_UNREACHABLE', submitted: false });
      expect(document.error.message).to.contain(`(${grpcAddress}: ECONNREFUSED); nothing was submitted`).and.not.contain('Check the account');
    });
  });

  describe('when the kit runs on a network other than the embedded devnet', () => {
    it("bounds the SDK's retries so a silent node ends the command in seconds, not minutes", async () => {
      writeConfig({ network: 'testnet' });
      let stderr = '';
      const io: CliIo = { stdout: () => undefined, stderr: (text) => void (stderr += text), env: { HEDERA_OPERATOR_ID: '0.0.2', HEDERA_OPERATOR_KEY: PrivateKey.generateED25519().toStringDer() }, cwd };
      const configured = await new CommandContext(io, new Command(), new Output(io, false)).openKit();
      try {
        expect(configured.network).to.equal('testnet');
        expect(configured.client.maxAttempts).to.equal(CLI_MAX_ATTEMPTS);
        expect(configured.client.requestTimeout).to.equal(CLI_REQUEST_TIMEOUT_MS);
      } finally {
        await configured.close();
      }
      expect(stderr).to.equal('');
    });
  });

  describe('when a node received the transaction but the answers fail', () => {
    let devnet: Devnet;
    before(async () => {
      devnet = await startDevnet();
    });
    after(() => devnet.stop());
    afterEach(() => devnet.faults.clear());

    it('never claims that nothing was submitted: the outcome is open, with the transaction ID', async () => {
      writeConfig({ network: 'local', local: { grpcAddress: devnet.grpcAddress, mirrorUrl: devnet.mirrorUrl } });
      devnet.faults.inject({ rpc: 'cryptoTransfer', grpcError: 'UNAVAILABLE' });
      devnet.faults.inject({ rpc: 'getTransactionReceipts', grpcError: 'UNAVAILABLE' });
      const env = { HEDERA_OPERATOR_ID: devnet.operatorId, HEDERA_OPERATOR_KEY: devnet.operatorKey.toStringDer() };
      const run = await runCliIn(cwd, env, 'call', 'transfer_hbar_tool', transfer, '--json');
      expect(run.code, run.stdout).to.equal(ExitCode.FAILED);
      const result = JSON.parse(run.stdout) as { raw: { status: string; transactionId?: string }; humanMessage: string; error: { code: string } };
      expect(result.raw.status).to.equal('UNKNOWN');
      expect(result.raw.transactionId).to.match(/^0\.0\.2@/);
      expect(result.error.code).to.equal('UNKNOWN');
      expect(run.stdout.toLowerCase()).to.not.contain('nothing was submitted');
    });
  });
});
