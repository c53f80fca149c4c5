// A child process for the journal crash test: writes entries and delivers them (as the publisher
// records it) as fast as it can, so the journal compacts every few milliseconds, until killed.
// Each line it prints names what the journal has just said is durable: `durable <id>…` once
// addEntry resolved, `delivered <id>…` once complete() did.
import { randomUUID } from 'node:crypto';
import { AUDIT_ENTRY_TYPE, type AuditEntry } from '../../../src/audit/audit-entry.js';
import { AuditJournal } from '../../../src/audit/audit-journal.js';

const entry = (seq: number): AuditEntry => ({
  type: AUDIT_ENTRY_TYPE, version: 1, id: randomUUID(), seq, session: 'crash', timestamp: new Date().toISOString(),
  tool: 't', outcome: 'executed', stage: 'postToolExecution', params: { padding: 'x'.repeat(200) }, paramsKind: 'normalised',
});

async function main(): Promise<void> {
  const journal = await AuditJournal.open(process.env.JOURNAL_PATH!, undefined, { compactAfter: Number(process.env.COMPACT_AFTER) });
  process.stdout.write('ready\n');
  const rounds = Number(process.env.ROUNDS ?? Infinity);
  const write = async (): Promise<void> => {
    for (let round = 0; round < rounds; round++) {
      const written = await Promise.all(Array.from({ length: 8 }, () => journal.addEntry(entry)));
      process.stdout.write(`durable ${written.map((item) => item.id).join(' ')}\n`);
    }
  };
  let writing = true;
  const deliver = async (): Promise<void> => {
    while (writing || journal.unassignedEntries().length) {
      const group = journal.unassignedEntries().slice(0, 3).map((item) => item.id);
      if (!group.length) {
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      const job = await journal.addJob(group, [`message ${group.join(',')}`]);
      await journal.plan(job.job, 'message-0', `0.0.2@${Date.now()}.1`);
      await journal.done(job.job, 'message-0', '1');
      await journal.complete(job.job);
      process.stdout.write(`delivered ${group.join(' ')}\n`);
    }
  };
  await Promise.all([write().finally(() => (writing = false)), deliver()]);
  await journal.close();
  process.stdout.write('done\n');
}

main().catch((error) => {
  process.stderr.write(`journal crash child failed: ${(error as Error).stack}\n`);
  process.exit(2);
});
