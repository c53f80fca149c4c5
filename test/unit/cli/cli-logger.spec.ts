import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import type { CliIo } from '../../../src/cli/cli-io.js';
import { Output } from '../../../src/cli/cli-io.js';
import { cliLogLevel, createCliLogger } from '../../../src/cli/cli-logger.js';
import { CommandContext } from '../../../src/cli/command-context.js';
import { ExitCode } from '../../../src/cli/exit-codes.js';
import { UsageError } from '../../../src/cli/usage-error.js';
import type { Logger } from '../../../src/lifecycle/logger.js';
import { KeyRedactor } from '../../../src/secrets/key-redactor.js';
import { REDACTED } from '../../../src/values/private-key-patterns.js';
import { redactingLogger } from '../../../src/secrets/redacting-logger.js';
import { runCliIn } from '../../support/cli-run.js';

function capture(): { io: CliIo; stderr: () => string } {
  let stderr = '';
  return { io: { stdout: () => undefined, stderr: (text) => void (stderr += text), env: {}, cwd: process.cwd() }, stderr: () => stderr };
}

describe("the CLI's logger", () => {
  describe('when choosing the level', () => {
    it('is quiet by default (warnings and errors), debug with --verbose, else LOG_LEVEL', () => {
      expect(cliLogLevel(undefined, {})).to.equal('warn');
      expect(cliLogLevel(true, { LOG_LEVEL: 'error' })).to.equal('debug');
      expect(cliLogLevel(false, { LOG_LEVEL: ' Info ' })).to.equal('info');
      expect(cliLogLevel(false, { LOG_LEVEL: 'silent' })).to.equal('silent');
    });

    it('refuses an unknown LOG_LEVEL, naming the accepted ones', () => {
      expect(() => cliLogLevel(false, { LOG_LEVEL: 'loud' })).to.throw(UsageError, 'LOG_LEVEL "loud" is not a level; use one of trace, debug, info, warn, error, fatal, silent');
    });
  });

  describe('when writing for people', () => {
    it('writes one line per entry with its fields, and drops lines below the level', () => {
      const { io, stderr } = capture();
      const logger = createCliLogger(io, { level: 'warn', json: false });
      logger.debug({ hidden: true }, 'not shown');
      logger.warn({ journal: '/srv/audit', undelivered: 2 }, 'entries not yet delivered');
      expect(stderr()).to.equal('warning: entries not yet delivered (journal: /srv/audit, undelivered: 2)\n');
    });
  });

  describe('when writing with --json', () => {
    it("writes pino's JSON lines", () => {
      const { io, stderr } = capture();
      createCliLogger(io, { level: 'debug', json: true }).debug({ node: '127.0.0.1:50211' }, 'reached');
      expect(JSON.parse(stderr())).to.deep.include({ level: 20, node: '127.0.0.1:50211', msg: 'reached' });
    });
  });

  describe('when a line carries a private key', () => {
    const key = PrivateKey.generateED25519();

    it('is cut by the redacting logger in front of pino', () => {
      const { io, stderr } = capture();
      const redactor = new KeyRedactor();
      redactor.protectKey(key);
      const logger: Logger = redactingLogger(createCliLogger(io, { level: 'debug', json: false }), redactor);
      logger.warn({ detail: `key ${key.toStringRaw()}` }, `saw ${key.toStringDer()}`);
      expect(stderr()).to.equal(`warning: saw ${REDACTED} (detail: key ${REDACTED})\n`);
    });

    it("is cut in the command's own lines before any kit exists", () => {
      const { io, stderr } = capture();
      const ctx = new CommandContext(io, new Command(), new Output(io, false));
      ctx.logger.warn({ detail: key.toStringDer() }, `saw ${key.toStringDer()}`);
      expect(stderr()).to.contain(REDACTED).and.to.not.contain(key.toStringDer());
    });
  });

  describe('when a command runs', () => {
    let cwd: string;
    beforeEach(() => {
      cwd = mkdtempSync(path.join(tmpdir(), 'agent-hooks-log-'));
    });
    afterEach(() => rmSync(cwd, { recursive: true, force: true }));

    it('logs no debug lines by default, and does with --verbose or LOG_LEVEL=debug', async () => {
      const quiet = await runCliIn(cwd, {}, 'tools');
      expect(quiet.code).to.equal(ExitCode.OK);
      expect(quiet.stderr).to.not.match(/^debug: /m);
      for (const [env, argv] of [[{}, ['tools', '--verbose']], [{ LOG_LEVEL: 'debug' }, ['tools']]] as const) {
        const loud = await runCliIn(cwd, env, ...argv);
        expect(loud.code).to.equal(ExitCode.OK);
        expect(loud.stderr).to.match(/^debug: configuration loaded \(source: \(defaults\)/m);
        expect(loud.stderr).to.match(/^debug: kit ready \(network: devnet, chosenBy: default/m);
      }
    });
  });
});
