import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CliIo } from '../../../src/cli/cli-io.js';
import { ExitCode } from '../../../src/cli/exit-codes.js';
import { runCli } from '../../../src/cli/program.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe('runCli', () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(path.join(tmpdir(), 'agent-hooks-cli-'));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  async function cli(...argv: string[]): Promise<Run> {
    let stdout = '';
    let stderr = '';
    const io: CliIo = { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), env: {}, cwd };
    const code = await runCli(argv, io);
    return { code, stdout, stderr };
  }

  function writeConfig(config: unknown): void {
    writeFileSync(path.join(cwd, 'agent-hooks.config.json'), JSON.stringify(config));
  }

  const guarded = {
    policies: [
      { policy: 'MaxRecipientsPolicy', args: [2] },
      { policy: 'RejectToolPolicy', args: [['delete_account_tool']] },
    ],
  };

  describe('when asked for help', () => {
    it('prints the commands and exit codes, and exits 0', async () => {
      const run = await cli('--help');
      expect(run.code).to.equal(ExitCode.OK);
      for (const command of ['demo', 'tools', 'call', 'devnet', 'audit', 'mcp']) expect(run.stdout).to.contain(command);
      expect(run.stdout).to.contain('3 blocked by a policy');
    });

    it('has help on every command', async () => {
      for (const argv of [['call', '--help'], ['tools', '--help'], ['demo', '--help'], ['devnet', '--help'], ['mcp', '--help'], ['audit', 'verify', '--help']]) {
        const run = await cli(...argv);
        expect(run.code, argv.join(' ')).to.equal(ExitCode.OK);
        expect(run.stdout, argv.join(' ')).to.match(/^Usage: agent-hooks /);
      }
    });
  });

  describe('when the command line is wrong', () => {
    it('exits with the usage code for an unknown command', async () => {
      const run = await cli('fly');
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stderr).to.contain("unknown command 'fly'");
    });

    it('exits with the usage code for a missing argument', async () => {
      const run = await cli('call');
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stderr).to.contain("missing required argument 'tool'");
    });
  });

  describe('tools', () => {
    it('lists the core tools with descriptions', async () => {
      const run = await cli('tools');
      expect(run.code).to.equal(ExitCode.OK);
      expect(run.stdout).to.match(/^transfer_hbar_tool +Transfers HBAR/m);
      expect(run.stdout).to.match(/^create_topic_tool /m);
    });

    it('prints names, plugins and input schemas with --json', async () => {
      const run = await cli('tools', '--json');
      expect(run.code).to.equal(ExitCode.OK);
      const tools = JSON.parse(run.stdout) as { method: string; plugin: string; inputSchema: { type: string; required: string[] } }[];
      const transfer = tools.find((tool) => tool.method === 'transfer_hbar_tool')!;
      expect(transfer.plugin).to.equal('core-account');
      expect(transfer.inputSchema.type).to.equal('object');
      expect(transfer.inputSchema.required).to.include('transfers');
    });

    it('lists only the configured tools', async () => {
      writeConfig({ tools: ['transfer_hbar_tool', 'get_hbar_balance_query_tool'] });
      const run = await cli('tools', '--json');
      expect((JSON.parse(run.stdout) as { method: string }[]).map((tool) => tool.method)).to.have.members(['transfer_hbar_tool', 'get_hbar_balance_query_tool']);
    });
  });

  describe('call', () => {
    it('executes a call on the devnet and prints the transaction', async () => {
      const run = await cli('call', 'create_account_tool', '{"initialBalance":1}');
      expect(run.code, run.stderr).to.equal(ExitCode.OK);
      expect(run.stdout).to.match(/transaction: 0\.0\.2@\d+\.\d+/);
    });

    it('prints the whole result with --json', async () => {
      const run = await cli('call', 'create_account_tool', '{"initialBalance":1}', '--json');
      expect(run.code).to.equal(ExitCode.OK);
      const result = JSON.parse(run.stdout) as { raw: { status: string; accountId: string; transactionId: string }; humanMessage: string };
      expect(result.raw.status).to.equal('SUCCESS');
      expect(result.raw.accountId).to.match(/^0\.0\.\d+$/);
      expect(result.humanMessage).to.be.a('string').and.not.empty;
    });

    it('exits 3 when a policy blocks, naming the policy and stage', async () => {
      writeConfig(guarded);
      const transfers = ['0.0.3', '0.0.4', '0.0.5'].map((accountId) => ({ accountId, amount: 1 }));
      const run = await cli('call', 'transfer_hbar_tool', JSON.stringify({ transfers }));
      expect(run.code).to.equal(ExitCode.BLOCKED);
      expect(run.stdout).to.contain('refused by the policy "Max Recipients Policy" at the postParamsNormalization stage');
      expect(run.stdout).to.contain('error code:  E_POLICY_BLOCKED');
    });

    it('exits 3 with the block in JSON for a rejected tool', async () => {
      writeConfig(guarded);
      const run = await cli('--json', 'call', 'delete_account_tool', '{"accountId":"0.0.1001"}');
      expect(run.code).to.equal(ExitCode.BLOCKED);
      expect(JSON.parse(run.stdout).raw.blockedBy).to.deep.include({ policy: 'Reject Tool Call', stage: 'preToolExecution' });
    });

    it('exits 1 when the ledger rejects the transaction, with its status', async () => {
      const run = await cli('call', 'transfer_hbar_tool', '{"transfers":[{"accountId":"0.0.987654","amount":1}]}');
      expect(run.code).to.equal(ExitCode.FAILED);
      expect(run.stdout).to.contain('error code:  INVALID_ACCOUNT_ID');
    });

    it('exits 2 for an unknown tool, suggesting the closest', async () => {
      const run = await cli('call', 'transfer_hbar', '{}');
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stdout).to.contain('Unknown tool "transfer_hbar"').and.to.contain('transfer_hbar_tool');
    });

    it('exits 2 for invalid JSON, saying what to pass', async () => {
      const run = await cli('call', 'transfer_hbar_tool', '{transfers: 1}');
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stderr).to.match(/^error: argument <json> is not valid JSON \(.+\); pass the parameters as one JSON object/);
      expect(run.stderr).to.not.match(/\n\s+at /);
    });

    it('exits 2 for JSON that is not an object', async () => {
      const run = await cli('call', 'transfer_hbar_tool', '[1]', '--json');
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(JSON.parse(run.stdout).error.message).to.equal('argument <json> must be a JSON object of parameters, got an array');
    });

    it('exits 2 for invalid parameters, naming the field', async () => {
      const run = await cli('call', 'transfer_hbar_tool', '{"transfers":[{"accountId":"0.0.5","amount":-1}]}');
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stdout).to.contain('transfers[0].amount');
    });
  });

  describe('when the configuration brings its own plugin folder', () => {
    it('loads it relative to the config file, and only it without the core plugins', async () => {
      mkdirSync(path.join(cwd, 'my-plugins'));
      const baseTool = require.resolve('../../../src/lifecycle/base-tool.js');
      writeFileSync(
        path.join(cwd, 'my-plugins', 'shout.cjs'),
        [
          `const { BaseTool } = require(${JSON.stringify(baseTool)});`,
          `const { z } = require(${JSON.stringify(require.resolve('zod'))});`,
          'class ShoutTool extends BaseTool {',
          "  method = 'shout_tool'; name = 'Shout'; description = 'Upper-cases the text.';",
          '  parameters = z.object({ text: z.string() }).strict();',
          '  normalizeParams(params) { return params; }',
          '  coreAction(params) { return params.text.toUpperCase(); }',
          '}',
          "module.exports = { name: 'shout-plugin', tools: () => [new ShoutTool()] };",
        ].join('\n'),
      );
      writeConfig({ corePlugins: false, plugins: ['./my-plugins'] });
      const listed = await cli('tools', '--json');
      expect((JSON.parse(listed.stdout) as { method: string }[]).map((tool) => tool.method)).to.deep.equal(['shout_tool']);
      const called = await cli('call', 'shout_tool', '{"text":"hi"}');
      expect(called.code).to.equal(ExitCode.OK);
      expect(called.stdout).to.contain('"HI"');
    });
  });

  describe('when the mode is returnBytes', () => {
    it('prints the unsubmitted transaction bytes and exits 0', async () => {
      writeConfig({ mode: 'returnBytes', accountId: '0.0.2' });
      const run = await cli('call', 'create_account_tool', '{"initialBalance":1}');
      expect(run.code, run.stdout + run.stderr).to.equal(ExitCode.OK);
      expect(run.stdout).to.match(/ {2}bytes: {7}[A-Za-z0-9+/]+=*\n/);
    });
  });

  describe('when the configuration is invalid', () => {
    it('exits 2 listing every problem by field', async () => {
      writeConfig({ network: 'moon', policies: [{ policy: 'MaxRecipientsPolicy', args: ['five'] }] });
      const run = await cli('tools');
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stderr).to.contain('Invalid configuration').and.to.contain('- network (line 1, column 2): one of devnet, local, testnet, mainnet, previewnet');
      expect(run.stderr).to.match(/- policies\[0\]\.args\[0\] \(line 1, column \d+\): MaxRecipientsPolicy: 'maxRecipients' must be a positive integer/);
    });

    it('gives the problems as a list with --json', async () => {
      writeConfig({ mode: 'sometimes' });
      const run = await cli('--json', 'call', 'get_hbar_balance_query_tool');
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(JSON.parse(run.stdout).error).to.deep.include({ code: 'E_CONFIG', exitCode: ExitCode.USAGE, problems: ['mode (line 1, column 2): "sometimes" is not a mode; use "autonomous" or "returnBytes"'] });
    });

    it('exits 2 when a real network is chosen without an operator in the environment', async () => {
      writeConfig({ network: 'testnet' });
      const run = await cli('call', 'transfer_hbar_tool', '{"transfers":[{"accountId":"0.0.98","amount":1}]}');
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stderr).to.contain('HEDERA_OPERATOR_ID: not set').and.to.contain('HEDERA_OPERATOR_KEY: not set');
    });

    it('says a missing HEDERA_OPERATOR_KEY is a missing variable, with the forms it accepts, not a bad file', async () => {
      writeConfig({ network: 'testnet' });
      const run = await cli('call', 'transfer_hbar_tool', '{"transfers":[{"accountId":"0.0.98","amount":1}]}');
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stderr).to.not.contain('Invalid configuration');
      expect(run.stderr).to.contain('Missing or invalid environment variables');
      expect(run.stderr).to.match(/HEDERA_OPERATOR_KEY: not set \(network "testnet", chosen by \S+agent-hooks\.config\.json, signs as an operator\); set it to the operator's private key: DER-encoded hex, 0x-prefixed ECDSA hex, or raw hex with HEDERA_OPERATOR_KEY_TYPE=ed25519\|ecdsa/);
    });

    it('exits 2 naming the field for a tool no plugin defines', async () => {
      writeConfig({ tools: ['transfer_hbar_tool', 'teleport_tool'] });
      const run = await cli('tools');
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stderr).to.contain('- tools: Unknown tool "teleport_tool"');
    });

    it('exits 2 naming the field for a plugin folder that does not exist', async () => {
      writeConfig({ plugins: ['./nowhere'] });
      const run = await cli('tools');
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stderr).to.match(/- plugins\[0\]: Plugins folder ".*nowhere" does not exist/);
    });

    it('exits 2 when --config points nowhere', async () => {
      const run = await cli('tools', '--config', 'nope.json');
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stderr).to.contain('config file not found');
    });
  });

  describe('demo', () => {
    it('runs the scripted session and verifies the audit trail (JSON report)', async () => {
      const run = await cli('demo', '--json');
      expect(run.code, run.stdout).to.equal(ExitCode.OK);
      const report = JSON.parse(run.stdout) as {
        ok: boolean;
        calls: { outcome: string; status?: string; expected: string }[];
        audit: { entries: { outcome: string; status?: string }[]; problems: string[] };
      };
      expect(report.ok).to.equal(true);
      expect(report.calls.map((call) => call.outcome)).to.deep.equal(['executed', 'executed', 'blocked', 'blocked', 'executed']);
      expect(report.audit.entries).to.have.length(5);
      expect(report.audit.problems).to.deep.equal([]);
    });

    it('reports each call as its audit entry does: a transfer the ledger refused is executed, with its failure status', async () => {
      const run = await cli('demo', '--json');
      const report = JSON.parse(run.stdout) as { calls: { outcome: string; status?: string }[]; audit: { entries: { outcome: string; status?: string }[] } };
      expect(report.calls[4]).to.deep.include({ outcome: 'executed', status: 'INVALID_ACCOUNT_ID' });
      expect(report.calls.map(({ outcome, status }) => ({ outcome, status }))).to.deep.equal(
        report.audit.entries.map(({ outcome, status }) => ({ outcome, status: outcome === 'executed' ? status : undefined })),
      );
    });
  });
});
