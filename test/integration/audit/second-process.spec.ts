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
import { readJournalSnapshot } from '../../../src/audit/journal/journal-reader.js';

const CHILD = join(__dirname, 'hold-journal-child.js');

describe('a second process on the same audit journal folder', () => {
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
    it('starts with a stream journal of its own beside it, leaving the other process\'s journal alone', async () => {
      const kit = await kitOn(journalDir);
      expect((await kit.execute('echo_tool', { text: 'hi' })).raw.status).to.equal('SUCCESS');
      const [status] = kit.audit.pending();
      expect(status?.journal).to.equal(join(journalDir, 'hcs-0.0.1001.stream-2.jsonl'));
      expect(readJournalSnapshot(join(journalDir, 'hcs-0.0.1001.stream-2.jsonl'))?.entries).to.have.length(1);
      expect(readJournalSnapshot(join(journalDir, 'hcs-0.0.1001.jsonl'))?.entries).to.have.length(0);
      await kit.close();
    });

    it('starts with a journalDir of its own', async () => {
      const own = join(journalDir, 'second');
      const kit = await kitOn(own);
      expect((await kit.execute('echo_tool', { text: 'hi' })).raw.status).to.equal('SUCCESS');
      expect(kit.audit.pending()[0]?.journal).to.equal(join(own, 'hcs-0.0.1001.jsonl'));
      await kit.close();
    });
  });
});
