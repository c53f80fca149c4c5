import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CliIo } from '../../../src/cli/cli-io.js';
import { runCli } from '../../../src/cli/program.js';
import { parseConfig } from '../../../src/config/load-config.js';
import type { AuditParticipant } from '../../../src/audit/delivery/audit-participant.js';

const BASE = path.join(path.sep, 'srv', 'agent');

function journalOf(hooks: unknown[]): string {
  const [hook] = parseConfig({ hooks }, 'agent-hooks.config.json', BASE).listeners as AuditParticipant[];
  return hook!.auditStatus().journal;
}

describe('audit journals of hooks named in a config file', () => {
  describe('when the file gives a relative journalDir', () => {
    it('takes it from the config file folder, as it does plugin folders', () => {
      expect(journalOf([{ hook: 'HcsAuditTrailHook', args: [['*'], '0.0.1234', null, { journalDir: './audit' }] }])).to.equal(path.join(BASE, 'audit', 'hcs-0.0.1234.jsonl'));
      expect(journalOf([{ hook: 'HolAuditTrailHook', args: [{ relevantTools: ['*'], sessionId: '0.0.77', journalDir: 'trail' }] }])).to.equal(path.join(BASE, 'trail', 'hol-0.0.77.jsonl'));
    });
  });

  describe('when the file gives no journalDir', () => {
    it('puts the default .agent-hooks/audit in the config file folder, not wherever the process was started', () => {
      expect(journalOf([{ hook: 'HcsAuditTrailHook', args: [['*'], '0.0.1234'] }])).to.equal(path.join(BASE, '.agent-hooks', 'audit', 'hcs-0.0.1234.jsonl'));
      expect(journalOf([{ hook: 'HolAuditTrailHook', args: [{ relevantTools: ['*'], sessionId: '0.0.77' }] }])).to.equal(path.join(BASE, '.agent-hooks', 'audit', 'hol-0.0.77.jsonl'));
    });
  });

  describe('when the journalDir is absolute', () => {
    it('keeps it', () => {
      const absolute = path.join(path.sep, 'var', 'lib', 'audit');
      expect(journalOf([{ hook: 'HcsAuditTrailHook', args: [['*'], '0.0.1234', null, { journalDir: absolute }] }])).to.equal(path.join(absolute, 'hcs-0.0.1234.jsonl'));
    });
  });
});

describe('agent-hooks audit verify with a config file elsewhere', () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(path.join(tmpdir(), 'agent-hooks-journal-'));
    mkdirSync(path.join(cwd, 'project'));
    writeFileSync(path.join(cwd, 'project', 'agent-hooks.config.json'), '{}');
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  async function verify(...extra: string[]): Promise<string> {
    let stderr = '';
    const io: CliIo = { stdout: () => undefined, stderr: (text) => void (stderr += text), env: {}, cwd };
    // Nothing listens on port 1: the command says where it looks, then fails to read the mirror.
    await runCli(['audit', 'verify', '--topic', '0.0.1234', '--mirror', 'http://127.0.0.1:1', '--config', 'project/agent-hooks.config.json', ...extra], io);
    return stderr;
  }

  describe('when no --journal is given', () => {
    it('reads the default journal from the config file folder, where the configured hooks write it', async () => {
      expect(await verify()).to.contain(`the journal in ${path.join(cwd, 'project', '.agent-hooks', 'audit')} `);
    });
  });

  describe('when --journal is given', () => {
    it('takes it from the working folder, as typed', async () => {
      expect(await verify('--journal', 'mine')).to.contain(`the journal in ${path.join(cwd, 'mine')} `);
    });
  });
});
