import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@hiero-ledger/sdk';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { offlineClient } from '../../support/offline-client.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';

const CHILD = join(__dirname, 'hold-journal-child.js');

describe('a second process on the same audit journal', () => {
  let journalDir: string;
  let child: ChildProcess;
  let client: Client;

  beforeEach(async () => {
    journalDir = mkdtempSync(join(tmpdir(), 'audit-second-'));
    client = offlineClient();
    child = spawn(process.execPath, [CHILD], { env: { ...process.env, HOLD_JOURNAL_DIR: journalDir }, stdio: ['pipe', 'pipe', 'inherit'] });
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    expect(line.toString()).to.contain('ready');
  });

  afterEach(async () => {
    child.stdin!.end();
    if (child.exitCode === null) await once(child, 'exit');
    client.close();
    rmSync(journalDir, { recursive: true, force: true });
  });

  const kitOn = (dir: string) =>
    createAgentKit({
      client,
      pluginsDir: null,
      plugins: [pluginOf('p', new EchoTool())],
      context: { hooks: [new HcsAuditTrailHook(['echo_tool'], '0.0.1001', undefined, { journalDir: dir, deliver: false })] },
    });

  describe('when another process (e.g. agent-hooks mcp) holds it', () => {
    it('refuses at kit start, not per call, naming that process and how to give this one its own journalDir', async () => {
      const message = await kitOn(journalDir).then(
        () => expect.fail('a second kit started on a journal in use'),
        (error: Error) => error.message,
      );
      expect(message).to.contain(`is in use by process ${child.pid}.`).and.contain('journalDir');
    });

    it('starts with a journalDir of its own', async () => {
      const own = join(journalDir, 'second');
      const kit = await kitOn(own);
      expect((await kit.execute('echo_tool', { text: 'hi' })).raw.status).to.equal('SUCCESS');
      await kit.close();
    });
  });
});
