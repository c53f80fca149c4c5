import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PrivateKey } from '@hiero-ledger/sdk';
import type { CliErrorDocument } from '../../../src/cli/cli-error.js';
import { ExitCode } from '../../../src/cli/exit-codes.js';
import { closedPort, runCliIn } from '../../support/cli-run.js';

/** Every key the documented error object may have. */
const ERROR_KEYS = ['code', 'message', 'exitCode', 'problems', 'source', 'submitted'];

interface Case {
  what: string;
  argv: string[];
  config?: unknown | (() => Promise<unknown>);
  configText?: string;
  env?: NodeJS.ProcessEnv;
  exitCode: ExitCode;
  code: string | RegExp;
}

const operator = { HEDERA_OPERATOR_ID: '0.0.2', HEDERA_OPERATOR_KEY: PrivateKey.generateED25519().toStringDer() };
const oneTransfer = '{"transfers":[{"accountId":"0.0.98","amount":1}]}';

const cases: Case[] = [
  { what: 'an unknown command', argv: ['fly'], exitCode: ExitCode.USAGE, code: 'E_USAGE' },
  { what: 'parameters that are not JSON', argv: ['call', 'transfer_hbar_tool', '{x'], exitCode: ExitCode.USAGE, code: 'E_USAGE' },
  { what: 'a config file that is not JSON', argv: ['tools'], configText: '{ "network": ', exitCode: ExitCode.USAGE, code: 'E_CONFIG' },
  { what: 'an invalid config', argv: ['tools'], config: { mode: 'sometimes' }, exitCode: ExitCode.USAGE, code: 'E_CONFIG' },
  { what: 'a real network without an operator', argv: ['call', 'transfer_hbar_tool', oneTransfer], config: { network: 'testnet' }, exitCode: ExitCode.USAGE, code: 'E_CONFIG' },
  { what: 'an unknown LOG_LEVEL', argv: ['tools'], env: { LOG_LEVEL: 'loud' }, exitCode: ExitCode.USAGE, code: 'E_USAGE' },
  { what: 'an unknown tool', argv: ['call', 'transfer_hbar', '{}'], exitCode: ExitCode.USAGE, code: 'E_UNKNOWN_TOOL' },
  { what: 'invalid parameters', argv: ['call', 'transfer_hbar_tool', '{"transfers":[{"accountId":"0.0.5","amount":-1}]}'], exitCode: ExitCode.USAGE, code: 'E_INVALID_PARAMS' },
  {
    what: 'a call a policy blocks',
    argv: ['call', 'delete_account_tool', '{"accountId":"0.0.1001"}'],
    config: { policies: [{ policy: 'RejectToolPolicy', args: [['delete_account_tool']] }] },
    exitCode: ExitCode.BLOCKED,
    code: 'E_POLICY_BLOCKED',
  },
  { what: 'a transaction the ledger refuses', argv: ['call', 'transfer_hbar_tool', '{"transfers":[{"accountId":"0.0.987654","amount":1}]}'], exitCode: ExitCode.FAILED, code: 'INVALID_ACCOUNT_ID' },
  {
    what: 'a network with no node answering',
    argv: ['call', 'transfer_hbar_tool', oneTransfer],
    config: async () => ({ network: 'local', local: { grpcAddress: `127.0.0.1:${await closedPort()}`, mirrorUrl: 'http://127.0.0.1:1' } }),
    env: operator,
    exitCode: ExitCode.FAILED,
    code: 'E_NODE_UNREACHABLE',
  },
  { what: 'a malformed audit topic', argv: ['audit', 'verify', '--topic', 'abc'], exitCode: ExitCode.USAGE, code: 'E_USAGE' },
];

describe('agent-hooks --json failures', () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(path.join(tmpdir(), 'agent-hooks-json-error-'));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  for (const each of cases) {
    describe(`when given ${each.what}`, () => {
      it(`prints one document with { error: { code, message, exitCode } } on stdout and exits ${each.exitCode}`, async () => {
        const config = typeof each.config === 'function' ? await (each.config as () => Promise<unknown>)() : each.config;
        if (each.configText !== undefined || config !== undefined) writeFileSync(path.join(cwd, 'agent-hooks.config.json'), each.configText ?? JSON.stringify(config));
        const run = await runCliIn(cwd, each.env ?? {}, ...each.argv, '--json');
        expect(run.code, run.stdout + run.stderr).to.equal(each.exitCode);
        const { error } = JSON.parse(run.stdout) as CliErrorDocument;
        expect(error, run.stdout).to.be.an('object');
        expect(error.code).to.match(typeof each.code === 'string' ? new RegExp(`^${each.code}$`) : each.code);
        expect(error.message).to.be.a('string').and.not.equal('');
        expect(error.message).to.not.match(/\n\s+at /);
        expect(error.exitCode).to.equal(run.code);
        expect(Object.keys(error).filter((key) => !ERROR_KEYS.includes(key)), 'undocumented keys').to.deep.equal([]);
      });
    });
  }

  describe('when the configuration is invalid', () => {
    it('lists every problem and names the file', async () => {
      writeFileSync(path.join(cwd, 'agent-hooks.config.json'), JSON.stringify({ mode: 'sometimes', tools: [] }));
      const run = await runCliIn(cwd, {}, 'tools', '--json');
      const { error } = JSON.parse(run.stdout) as CliErrorDocument;
      expect(error.source).to.equal(path.join(cwd, 'agent-hooks.config.json'));
      expect(error.problems).to.have.length(2);
      expect(error.message).to.contain('(and 1 more problem)');
    });
  });

  describe('when no node could be reached', () => {
    it('says that nothing was submitted', async () => {
      const local = { grpcAddress: `127.0.0.1:${await closedPort()}`, mirrorUrl: 'http://127.0.0.1:1' };
      writeFileSync(path.join(cwd, 'agent-hooks.config.json'), JSON.stringify({ network: 'local', local }));
      const run = await runCliIn(cwd, operator, 'call', 'transfer_hbar_tool', oneTransfer, '--json');
      const { error } = JSON.parse(run.stdout) as CliErrorDocument;
      expect(error.submitted).to.equal(false);
      expect(error.message).to.contain('nothing was submitted');
    });
  });
});
