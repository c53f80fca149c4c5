import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PrivateKey } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { ExitCode } from '../../../src/cli/exit-codes.js';
import { runCliIn } from '../../support/cli-run.js';

describe('agent-hooks and the network it runs on', () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(path.join(tmpdir(), 'agent-hooks-network-'));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));
  const operator = { HEDERA_OPERATOR_ID: '0.0.2', HEDERA_OPERATOR_KEY: PrivateKey.generateED25519().toStringDer() };

  describe('when HEDERA_NETWORK=testnet and there is no config file', () => {
    it('lists the tools of testnet, not of a devnet', async () => {
      const run = await runCliIn(cwd, { HEDERA_NETWORK: 'testnet' }, 'tools');
      expect(run.code, run.stderr).to.equal(ExitCode.OK);
      expect(run.stderr).to.contain('on network "testnet"');
    });

    it('asks for the operator before a call, instead of calling on a devnet', async () => {
      const run = await runCliIn(cwd, { HEDERA_NETWORK: 'testnet' }, 'call', 'get_hbar_balance_query_tool', '{}');
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stderr).to.contain('HEDERA_OPERATOR_ID: not set');
    });
  });

  describe("when an MCP client's env block sets the operator and the config names no network", () => {
    it('refuses to drop the operator for a devnet, saying how to choose', async () => {
      writeFileSync(path.join(cwd, 'agent-hooks.config.json'), JSON.stringify({ policies: [{ policy: 'MaxRecipientsPolicy', args: [2] }] }));
      const run = await runCliIn(cwd, operator, 'call', 'get_hbar_balance_query_tool', '{}');
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stderr).to.contain('HEDERA_OPERATOR_ID and HEDERA_OPERATOR_KEY are set but no network is chosen');
      expect(run.stderr).to.not.contain(operator.HEDERA_OPERATOR_KEY);
    });
  });

  describe('when the devnet is chosen explicitly with operator variables set', () => {
    it('runs on the devnet and warns that they are unused', async () => {
      const run = await runCliIn(cwd, { HEDERA_NETWORK: 'devnet', ...operator }, 'call', 'get_hbar_balance_query_tool', '{}');
      expect(run.code, run.stderr).to.equal(ExitCode.OK);
      expect(run.stderr).to.match(/^warning: HEDERA_OPERATOR_ID and HEDERA_OPERATOR_KEY are set but not used: network "devnet" \(from HEDERA_NETWORK\)/m);
    });
  });

  describe('when the operator key is 0x-prefixed ECDSA hex', () => {
    let devnet: Devnet;
    const key = PrivateKey.generateECDSA();
    before(async () => {
      devnet = await startDevnet({ operatorKey: key });
    });
    after(() => devnet.stop());

    it('signs with it, as createKitFromEnv does', async () => {
      writeFileSync(path.join(cwd, 'agent-hooks.config.json'), JSON.stringify({ network: 'local', local: { grpcAddress: devnet.grpcAddress, mirrorUrl: devnet.mirrorUrl } }));
      const run = await runCliIn(cwd, { HEDERA_OPERATOR_ID: '0.0.2', HEDERA_OPERATOR_KEY: `0x${key.toStringRaw()}` }, 'call', 'create_account_tool', '{"initialBalance":1}', '--json');
      expect(run.code, run.stdout + run.stderr).to.equal(ExitCode.OK);
      expect(JSON.parse(run.stdout).raw.status).to.equal('SUCCESS');
    });
  });
});
