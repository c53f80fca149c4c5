import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditJournal } from '../../../src/audit/journal/audit-journal.js';
import { readJournalSnapshot } from '../../../src/audit/journal/journal-reader.js';
import { segmentsFolder } from '../../../src/audit/journal/journal-segments.js';

const CHILD = join(__dirname, 'journal-crash-child.js');

/** Runs the child until it finishes, or SIGKILLs it `killAfterMs` after it is ready; returns its complete lines. */
function runChild(env: NodeJS.ProcessEnv, killAfterMs: number | null): Promise<{ killed: boolean; lines: string[]; errors: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (killAfterMs !== null && !timer && output.includes('ready\n')) timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    });
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (timer) clearTimeout(timer);
      // A line cut by the kill is not a claim: only whole lines count.
      resolve({ killed: signal === 'SIGKILL', lines: output.slice(0, output.lastIndexOf('\n') + 1).split('\n').filter(Boolean), errors });
    });
  });
}

describe('audit journal compaction across crashes', function () {
  this.timeout(120_000);
  let dir: string;
  let path: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'journal-crash-'));
    path = join(dir, 'hcs-0.0.1.jsonl');
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  describe('when the writer is SIGKILLed at random points while it compacts every few milliseconds, with jobs in flight', () => {
    it('keeps every entry it called durable exactly once, every delivery it recorded, and its stream ID', async () => {
      const durable = new Set<string>();
      const delivered = new Set<string>();
      const streams = new Set<string>();
      const record = (lines: string[]): void => {
        for (const line of lines) {
          const [kind, ...ids] = line.split(' ');
          for (const id of ids) (kind === 'durable' ? durable : kind === 'delivered' ? delivered : kind === 'stream' ? streams : new Set()).add(id);
        }
      };
      let kills = 0;
      for (let run = 0; run < 12; run++) {
        const { killed, lines, errors } = await runChild({ JOURNAL_PATH: path, COMPACT_AFTER: '20' }, 100 + Math.floor(Math.random() * 500));
        expect(errors, errors).to.equal('');
        if (killed) kills++;
        record(lines);
      }
      // A last run that is not killed ends with a clean close.
      const last = await runChild({ JOURNAL_PATH: path, COMPACT_AFTER: '20', ROUNDS: '20' }, null);
      expect(last.lines.at(-1), last.errors).to.equal('done');
      record(last.lines);
      expect(kills).to.be.at.least(8);
      expect(delivered.size).to.be.greaterThan(100);

      const snapshot = readJournalSnapshot(path)!;
      expect(snapshot.problems).to.deep.equal([]);
      expect(snapshot.archived, 'entries were compacted').to.be.greaterThan(0);
      const journaled = new Set(snapshot.entries.map((item) => item.id));
      expect([...durable].filter((id) => !journaled.has(id)), 'durable entries missing').to.deep.equal([]);
      expect([...delivered].filter((id) => !snapshot.delivered.has(id)), 'deliveries forgotten').to.deep.equal([]);
      const seqs = snapshot.entries.map((item) => item.seq);
      expect(new Set(seqs).size, 'sequence numbers given twice').to.equal(seqs.length);
      // Every run went on in the stream the first one made, however many compactions lay between.
      expect([...streams], 'stream IDs').to.deep.equal([snapshot.stream]);

      const journal = await AuditJournal.open(path);
      const undelivered = journal.undeliveredEntries().map((item) => item.id);
      await journal.close();
      // What the publisher would send again: only entries not delivered, so nothing goes out twice.
      expect(undelivered.filter((id) => snapshot.delivered.has(id))).to.deep.equal([]);
      expect(undelivered.length + snapshot.delivered.size).to.equal(snapshot.entries.length);
      expect(existsSync(`${path}.compact.tmp`)).to.equal(false);
      expect(readdirSync(segmentsFolder(path)).filter((name) => !/^\d{6}\.jsonl$/.test(name))).to.deep.equal([]);
    });
  });
});
