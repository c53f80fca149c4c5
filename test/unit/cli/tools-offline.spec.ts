import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { PrivateKey } from '@hiero-ledger/sdk';
import { ExitCode } from '../../../src/cli/exit-codes.js';
import { createKitFromConfig } from '../../../src/config/create-kit-from-config.js';
import { parseConfig } from '../../../src/config/load-config.js';
import { closedPort, runCliIn } from '../../support/cli-run.js';

describe('agent-hooks tools without an operator', () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(path.join(tmpdir(), 'agent-hooks-tools-'));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  describe('when the config names a real network and no operator variables are set', () => {
    it('lists the tools and names the network, without asking for credentials', async () => {
      writeFileSync(path.join(cwd, 'agent-hooks.config.json'), JSON.stringify({ network: 'testnet' }));
      const run = await runCliIn(cwd, {}, 'tools');
      expect(run.code, run.stderr).to.equal(ExitCode.OK);
      expect(run.stdout).to.match(/^transfer_hbar_tool +Transfers HBAR/m);
      expect(run.stderr).to.contain('tool(s) on network "testnet"');
      expect(run.stderr).to.not.contain('HEDERA_OPERATOR');
    });
  });

  describe('when network "local" points at a node that is not running', () => {
    it('still lists them: listing reaches no network', async () => {
      const local = { grpcAddress: `127.0.0.1:${await closedPort()}`, mirrorUrl: 'http://127.0.0.1:1' };
      writeFileSync(path.join(cwd, 'agent-hooks.config.json'), JSON.stringify({ network: 'local', local, tools: ['transfer_hbar_tool'] }));
      const run = await runCliIn(cwd, {}, 'tools', '--json');
      expect(run.code, run.stdout).to.equal(ExitCode.OK);
      expect((JSON.parse(run.stdout) as { method: string }[]).map((tool) => tool.method)).to.deep.equal(['transfer_hbar_tool']);
    });
  });

  describe('when the kit for listing is built with an operator and an audit hook configured', () => {
    it('can reach nothing: no nodes, no operator on the client, and the hook is not attached', async () => {
      const journalDir = path.join(cwd, 'audit');
      const loaded = parseConfig({ network: 'testnet', hooks: [{ hook: 'HcsAuditTrailHook', args: [['*'], '0.0.1234', null, { journalDir }] }] }, 'test', cwd);
      const env = { HEDERA_OPERATOR_ID: '0.0.4321', HEDERA_OPERATOR_KEY: PrivateKey.generateED25519().toStringDer() };
      const configured = await createKitFromConfig(loaded, { env, offline: true });
      try {
        expect(Object.keys(configured.client.network)).to.deep.equal([]);
        expect(configured.client.operatorAccountId).to.equal(null);
        expect(configured.kit.context.accountId).to.equal('0.0.4321');
        expect(configured.kit.listTools().length).to.be.greaterThan(0);
      } finally {
        await configured.close();
      }
      // An attached audit hook opens (and creates) its journal at once, to deliver earlier entries.
      expect(existsSync(journalDir)).to.equal(false);
    });
  });

  describe('when operator variables are set but malformed', () => {
    it('refuses them rather than ignoring them', async () => {
      writeFileSync(path.join(cwd, 'agent-hooks.config.json'), JSON.stringify({ network: 'testnet' }));
      const run = await runCliIn(cwd, { HEDERA_OPERATOR_ID: 'alice', HEDERA_OPERATOR_KEY: 'nope' }, 'tools');
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stderr).to.contain('HEDERA_OPERATOR_ID: "alice" is not an account ID');
    });
  });
});
