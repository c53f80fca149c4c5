import { expect } from 'chai';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@hiero-ledger/sdk';
import { AuditJournal } from '../../../src/audit/journal/audit-journal.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { ToolErrorParams } from '../../../src/lifecycle/stage-events.js';
import { offlineClient } from '../../support/offline-client.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';

/** What the journal's lock says: if this process can open the journal again, the hook let it go. */
async function expectReleased(path: string): Promise<void> {
  const journal = await AuditJournal.open(path);
  await journal.close();
}

describe('audit hooks give their journal back', () => {
  let journalDir: string;
  const clients: Client[] = [];

  beforeEach(() => {
    journalDir = mkdtempSync(join(tmpdir(), 'audit-leaks-'));
  });

  afterEach(() => {
    clients.splice(0).forEach((client) => client.close());
    rmSync(journalDir, { recursive: true, force: true });
  });

  describe('when a hook without delivery is closed while its journal is still opening', () => {
    it('waits for the open and closes the journal, releasing its lock', async () => {
      const client = offlineClient();
      clients.push(client);
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('p', new EchoTool())] });
      const hook = new HcsAuditTrailHook(['echo_tool'], '0.0.1001', undefined, { journalDir, deliver: false });
      kit.use(hook); // starts opening the journal in the background
      await kit.close();
      await expectReleased(join(journalDir, 'hcs-0.0.1001.jsonl'));
    });
  });

  describe('when opening fails after the journal file was locked', () => {
    it('releases the lock, so the next attempt reports the same cause and not "in use by" this process', async () => {
      // No loggingClient and no kit: the publisher cannot be built once the journal is open.
      const hook = new HcsAuditTrailHook(['echo_tool'], '0.0.1001', undefined, { journalDir, deliver: false });
      const failure = { method: 'echo_tool', stage: 'preToolExecution', error: new Error('boom'), rawParams: {}, context: {} } as unknown as ToolErrorParams;
      for (let attempt = 0; attempt < 2; attempt++) {
        const error = await hook.toolErrorHook(failure).then(() => undefined, (thrown: Error) => thrown);
        expect(error?.message).to.contain('has no client yet');
        expect(error?.message).not.to.contain('in use by');
      }
      const path = join(journalDir, 'hcs-0.0.1001.jsonl');
      expect(existsSync(path)).to.equal(true);
      await expectReleased(path);
    });
  });
});
