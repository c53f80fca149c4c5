/**
 * Journal cost at scale: whether an audit journal with a long delivered history costs more to open,
 * to hold, or per call than an empty one. The history is written through the journal's own API
 * (each entry, then the job, plan, done and complete records the publisher writes for its message),
 * many at a time so they share fsyncs; nothing is published for it, since only the journal's cost is
 * measured. Both journals then back an HcsAuditTrailHook on the devnet, delivering as usual, and the
 * same audited call is timed on each in alternating blocks of one run.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { AccountId, Hbar, TopicCreateTransaction, TransferTransaction, type Client, type TopicId } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { AUDIT_ENTRY_TYPE, AUDIT_ENTRY_VERSION, type AuditEntry } from '../src/audit/entries/audit-entry.js';
import { AuditJournal } from '../src/audit/journal/audit-journal.js';
import { AUDIT_MESSAGE_PROTOCOL, AUDIT_MESSAGE_VERSION } from '../src/audit/codecs/hcs-message-codec.js';
import { startDevnet } from '../src/devnet/index.js';
import { HcsAuditTrailHook } from '../src/hooks/index.js';
import type { AgentKit } from '../src/kit/agent-kit.js';
import { createAgentKit } from '../src/kit/create-agent-kit.js';
import { BaseTool } from '../src/lifecycle/base-tool.js';

const HISTORY = 100_000;
/** Entries made durable together: one group commit, like a busy agent's concurrent calls. */
const BATCH = 1_000;
const OPENS = 5;
/** Calls timed per kit, in blocks; the first block of each is warm-up. */
const CALLS = 150;
const BLOCK = 10;

export interface JournalBenchRow {
  case: 'journal';
  history_entries: number;
  build_s: number;
  /** Bytes of the journal's files after the history was written (hot file plus any segments). */
  hot_file_bytes: number;
  segment_files: number;
  segment_bytes: number;
  open_ms: number;
  empty_open_ms: number;
  /** Heap the opened journal keeps (heapUsed after a full GC, minus before opening; ± 0.5 MB of noise). */
  heap_after_open_mb: number;
  empty_heap_after_open_mb: number;
  /** The whole process's heapUsed after a full GC, with the 100k journal open (the devnet included). */
  process_heap_mb: number;
  p50_ms: number;
  empty_p50_ms: number;
  p99_ms: number;
  empty_p99_ms: number;
  p50_ratio: number;
}

class BenchTransferTool extends BaseTool<{ to: string }, { to: AccountId; from: AccountId }, TransferTransaction> {
  method = 'transfer_hbar_tool';
  name = 'Bench transfer';
  description = 'Sends one tinybar.';
  parameters = z.object({ to: z.string() }).strict();
  normalizeParams(params: { to: string }, _context: unknown, client: Client) {
    return { to: AccountId.fromString(params.to), from: client.operatorAccountId! };
  }
  coreAction(params: { to: AccountId; from: AccountId }) {
    return new TransferTransaction().addHbarTransfer(params.to, Hbar.fromTinybars(1)).addHbarTransfer(params.from, Hbar.fromTinybars(-1));
  }
}

/** An entry shaped like the hook's for a transfer (about 450 bytes of JSON). */
function historicEntry(seq: number): AuditEntry {
  return {
    type: AUDIT_ENTRY_TYPE,
    version: AUDIT_ENTRY_VERSION,
    id: randomUUID(),
    seq,
    session: '0.0.2',
    timestamp: new Date(Date.UTC(2025, 0, 1) + seq * 1_000).toISOString(),
    tool: 'transfer_hbar_tool',
    outcome: 'executed',
    stage: 'postToolExecution',
    params: { transfers: [{ accountId: '0.0.1001', amount: '0.00000001 ℏ' }], sourceAccountId: '0.0.2', transactionMemo: `bench history ${seq}` },
    paramsKind: 'normalised',
    transactionId: `0.0.2@${1_735_689_600 + seq}.000000001`,
    status: 'SUCCESS',
  };
}

/**
 * Writes `count` delivered entries with every record delivery writes for them, one plain HCS
 * message per entry (packing them with compression, as the hook does, costs about 1.6 ms per entry:
 * minutes for the whole history, and the journal's cost does not depend on the message's form).
 */
async function writeHistory(path: string, count: number): Promise<void> {
  const journal = await AuditJournal.open(path);
  try {
    for (let done = 0; done < count; done += BATCH) {
      const entries = await Promise.all(Array.from({ length: Math.min(BATCH, count - done) }, () => journal.addEntry(historicEntry)));
      const message = (entry: AuditEntry): string => JSON.stringify({ p: AUDIT_MESSAGE_PROTOCOL, v: AUDIT_MESSAGE_VERSION, e: [entry] });
      const jobs = await Promise.all(entries.map((entry) => journal.addJob([entry.id], [message(entry)])));
      await Promise.all(jobs.map((job, at) => journal.plan(job.job, 'message-0', `0.0.2@${1_735_689_600 + done + at}.000000002`)));
      await Promise.all(jobs.map((job, at) => journal.done(job.job, 'message-0', String(done + at + 1))));
      await Promise.all(jobs.map((job) => journal.complete(job.job)));
    }
  } finally {
    await journal.close();
  }
}

/** A full GC, so heap figures are what is kept rather than garbage not yet collected. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

async function openCost(path: string, gc: () => void): Promise<{ ms: number; heapMb: number; processMb: number }> {
  const times: number[] = [];
  for (let at = 0; at < OPENS; at++) {
    const start = process.hrtime.bigint();
    const journal = await AuditJournal.open(path);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    await journal.close();
  }
  gc();
  const before = process.memoryUsage().heapUsed;
  const journal = await AuditJournal.open(path);
  gc();
  const after = process.memoryUsage().heapUsed;
  await journal.close();
  return { ms: percentile(times.sort((a, b) => a - b), 50), heapMb: (after - before) / 2 ** 20, processMb: after / 2 ** 20 };
}

function filesUnder(folder: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timed(kit: AgentKit, to: string): Promise<number> {
  const start = process.hrtime.bigint();
  const result = await kit.execute('transfer_hbar_tool', { to });
  if (result.raw.status !== 'SUCCESS') throw new Error(`bench call failed: ${result.humanMessage}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const round3 = (value: number): number => Math.round(value * 1000) / 1000;

/**
 * @example
 * const row = await benchJournal(); // { open_ms, heap_after_open_mb, p50_ms, empty_p50_ms, p50_ratio, … }
 */
export async function benchJournal(): Promise<JournalBenchRow> {
  const gc = collector();
  const net = await startDevnet();
  const root = mkdtempSync(join(tmpdir(), 'journal-bench-'));
  const kits: AgentKit[] = [];
  try {
    const client = net.client();
    const newTopic = async (): Promise<TopicId> => (await (await new TopicCreateTransaction().execute(client)).getReceipt(client)).topicId!;
    const { accountId: to } = await net.createAccount({ hbar: 0 });
    const [fullTopic, emptyTopic] = [await newTopic(), await newTopic()];
    const fullDir = join(root, 'full');
    const emptyDir = join(root, 'empty');
    const fullPath = join(fullDir, `hcs-${fullTopic.toString()}.jsonl`);
    const emptyPath = join(emptyDir, `hcs-${emptyTopic.toString()}.jsonl`);

    const started = process.hrtime.bigint();
    await writeHistory(fullPath, HISTORY);
    const buildSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    await writeHistory(emptyPath, 0);
    const hotBytes = statSync(fullPath).size;
    const all = filesUnder(fullDir);
    const segments = { files: all.files - 1, bytes: all.bytes - hotBytes };

    const full = await openCost(fullPath, gc);
    const empty = await openCost(emptyPath, gc);

    const kitFor = async (topicId: TopicId, journalDir: string): Promise<AgentKit> => {
      const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], topicId.toString(), undefined, { journalDir });
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [{ name: 'bench', tools: () => [new BenchTransferTool()] }], context: { hooks: [hook] } });
      kits.push(kit);
      return kit;
    };
    const onFull = await kitFor(fullTopic, fullDir);
    const onEmpty = await kitFor(emptyTopic, emptyDir);
    // Blocks, not single calls, alternate: a call's cost includes the delivery work it starts in the
    // background, and flushing both kits before each block keeps that work from landing on the other's calls.
    const times = { full: [] as number[], empty: [] as number[] };
    for (let block = 0; block <= CALLS / BLOCK; block++) {
      for (const which of block % 2 ? (['full', 'empty'] as const) : (['empty', 'full'] as const)) {
        await Promise.all([onFull.audit.flush(30_000), onEmpty.audit.flush(30_000)]);
        for (let call = 0; call < BLOCK; call++) {
          const ms = await timed(which === 'full' ? onFull : onEmpty, to);
          if (block > 0) times[which].push(ms);
        }
      }
    }
    for (const list of Object.values(times)) list.sort((a, b) => a - b);
    const p50 = percentile(times.full, 50);
    const emptyP50 = percentile(times.empty, 50);
    return {
      case: 'journal',
      history_entries: HISTORY,
      build_s: round3(buildSeconds),
      hot_file_bytes: hotBytes,
      segment_files: segments.files,
      segment_bytes: segments.bytes,
      open_ms: round3(full.ms),
      empty_open_ms: round3(empty.ms),
      heap_after_open_mb: round3(full.heapMb),
      empty_heap_after_open_mb: round3(empty.heapMb),
      process_heap_mb: round3(full.processMb),
      p50_ms: round3(p50),
      empty_p50_ms: round3(emptyP50),
      p99_ms: round3(percentile(times.full, 99)),
      empty_p99_ms: round3(percentile(times.empty, 99)),
      p50_ratio: round3(p50 / emptyP50),
    };
  } finally {
    for (const kit of kits) await kit.close();
    await net.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
