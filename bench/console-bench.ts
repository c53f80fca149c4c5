/**
 * The operator console's two numbers: how long a journal entry takes from being durable to reaching
 * a page over server-sent events (the folder watch, the read of the journal, the event), and how
 * long the pending-approvals list takes to answer with 1 000 requests waiting. Real parts: an
 * AuditJournal writing to a temporary folder, the console's HTTP server, a client on loopback.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIT_ENTRY_TYPE, AUDIT_ENTRY_VERSION, type AuditEntry } from '../src/audit/entries/audit-entry.js';
import { AuditJournal } from '../src/audit/journal/audit-journal.js';
import { MemoryOversight, startConsole, type RunningConsole } from '../src/console/index.js';
import { median } from './timing.js';

const ENTRIES = 100;
const PENDING = 1_000;
const LIST_READS = 50;

export interface ConsoleBenchRow {
  case: 'console';
  entries: number;
  /** From addEntry being called (the line written, then fsynced) to its `call` event read by an SSE client. */
  entry_to_sse_median_ms: number;
  entry_to_sse_p95_ms: number;
  entry_to_sse_max_ms: number;
  pending: number;
  /** GET /api/oversight (the pending list and the pause state) with PENDING requests waiting. */
  pending_list_median_ms: number;
  pending_list_p95_ms: number;
  pending_list_bytes: number;
}

export async function benchConsole(): Promise<ConsoleBenchRow> {
  const folder = mkdtempSync(join(tmpdir(), 'console-bench-'));
  const oversight = new MemoryOversight();
  const journal = await AuditJournal.open(join(folder, 'hcs-0.0.1001.jsonl'));
  const running = await startConsole({ journalDir: folder, port: 0, oversight });
  try {
    const latencies = await entryLatencies(running, journal);
    for (let n = 0; n < PENDING; n++) {
      oversight.request({ tool: 'transfer_hbar_tool', policy: 'Approval Policy', summary: `transfer_hbar_tool: 10 HBAR to 0.0.${1000 + n}`, why: 'it moves more than 5 HBAR', stage: 'postParamsNormalization', params: { transfers: [{ accountId: `0.0.${1000 + n}`, amount: 10 }], transactionMemo: `payment ${n}` }, movements: [{ from: '0.0.2', to: `0.0.${1000 + n}`, asset: 'HBAR', amount: '1000000000', display: '10 HBAR' }] });
    }
    const reads: number[] = [];
    let bytes = 0;
    for (let n = 0; n < LIST_READS; n++) {
      const started = process.hrtime.bigint();
      bytes = (await get(running, '/api/oversight')).length;
      reads.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    return {
      case: 'console',
      entries: ENTRIES,
      entry_to_sse_median_ms: round(median(latencies.map((ms) => ms * 1000)) / 1000),
      entry_to_sse_p95_ms: round(percentile(latencies, 0.95)),
      entry_to_sse_max_ms: round(Math.max(...latencies)),
      pending: PENDING,
      pending_list_median_ms: round(median(reads.map((ms) => ms * 1000)) / 1000),
      pending_list_p95_ms: round(percentile(reads, 0.95)),
      pending_list_bytes: bytes,
    };
  } finally {
    await running.close();
    await journal.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** One entry at a time: write it, wait for its event, note the time between. */
async function entryLatencies(running: RunningConsole, journal: AuditJournal): Promise<number[]> {
  const arrivals = new Map<string, (at: bigint) => void>();
  const stream = request(new URL('/api/events', running.url), { headers: { authorization: `Bearer ${running.token}` } });
  const opened = new Promise<void>((resolve, reject) => {
    stream.on('response', (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = process.hrtime.bigint();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.startsWith('event: oversight')) resolve();
          const id = /^event: call\ndata: \{"id":"([^"]+)"/.exec(frame)?.[1];
          if (id) arrivals.get(id)?.(at);
        }
      });
    });
    stream.on('error', reject);
  });
  stream.end();
  await opened;
  const latencies: number[] = [];
  for (let n = 1; n <= ENTRIES; n++) {
    const id = randomUUID();
    const seen = new Promise<bigint>((resolve) => arrivals.set(id, resolve));
    // From the start of the write: the folder watch fires once the line is written, before addEntry's fsync resolves.
    const written = process.hrtime.bigint();
    await journal.addEntry((seq) => entry(id, seq));
    latencies.push(Number((await seen) - written) / 1e6);
  }
  stream.destroy();
  return latencies;
}

function entry(id: string, seq: number): AuditEntry {
  return { type: AUDIT_ENTRY_TYPE, version: AUDIT_ENTRY_VERSION, id, seq, session: '0.0.2', timestamp: new Date().toISOString(), tool: 'transfer_hbar_tool', outcome: 'executed', stage: 'postToolExecution', params: { hbarTransfers: [{ accountId: '0.0.1002', amount: '5 tℏ' }], memo: `call ${seq}` }, paramsKind: 'normalised', transactionId: `0.0.2@1700000000.${seq}`, status: 'SUCCESS' };
}

function get(running: RunningConsole, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, running.url), { headers: { authorization: `Bearer ${running.token}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

function percentile(values: number[], at: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * at))]!;
}

const round = (ms: number): number => Math.round(ms * 100) / 100;
