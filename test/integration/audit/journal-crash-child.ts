// A child process for the journal crash test: writes entries and delivers them (as the pipelined
// publisher records it: a job with its transaction ID in one write, several jobs in flight, each
// ending with its `done` and `complete` side by side) as fast as it can, so the journal compacts
// every few milliseconds, until killed. Each line it prints names what the journal has just said is
// durable: `stream <id>` once the stream ID is, `durable <id>…` once addEntry resolved,
// `delivered <id>…` once complete() did.
import { randomUUID } from 'node:crypto';
import { AUDIT_ENTRY_TYPE, type AuditEntry } from '../../../src/audit/entries/audit-entry.js';
import { AuditJournal } from '../../../src/audit/journal/audit-journal.js';

const entry = (seq: number): AuditEntry => ({
  type: AUDIT_ENTRY_TYPE, version: 1, id: randomUUID(), seq, session: 'crash', timestamp: new Date().toISOString(),
  tool: 't', outcome: 'executed', stage: 'postToolExecution', params: { padding: 'x'.repeat(200) }, paramsKind: 'normalised',
});

const IN_FLIGHT = 4;
const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function main(): Promise<void> {
  const journal = await AuditJournal.open(process.env.JOURNAL_PATH!, undefined, { compactAfter: Number(process.env.COMPACT_AFTER) });
  process.stdout.write(`stream ${await journal.streamId()}\n`);
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
    const inFlight = new Set<Promise<void>>();
    while (writing || journal.unassignedEntries().length || inFlight.size) {
      const group = journal.unassignedEntries().slice(0, 3).map((item) => item.id);
      if (!group.length || inFlight.size >= IN_FLIGHT) {
        await Promise.race([tick(), ...inFlight]);
        continue;
      }
      const job = await journal.addPlannedJob(group, [`message ${group.join(',')}`], [{ step: 'message-0', transactionId: `0.0.2@${Date.now()}.1` }]);
      const landing = (async (): Promise<void> => {
        await tick(); // the message is "on the network" while other jobs form and land
        await Promise.all([journal.done(job.job, 'message-0', '1'), journal.complete(job.job)]);
        process.stdout.write(`delivered ${group.join(' ')}\n`);
      })();
      inFlight.add(landing);
      void landing.finally(() => inFlight.delete(landing));
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
