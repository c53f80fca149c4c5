/**
 * Audit throughput: this project's HcsAuditTrailHook against the real Hedera Agent Kit's
 * HcsAuditTrailHook, on the same no-I/O tool (bench/audit-contenders.ts), with 0, 5 and 50 ms of
 * latency injected into every gRPC call of the devnet, all in one run:
 *
 * - delivered calls/s with 32 callers: audited calls per second until the last entry is confirmed
 *   on the topic (the real kit's hook confirms inside each call, so for it that is calls/s);
 * - HCS messages per audited call, with 32 callers and with one caller at 10 calls/s;
 * - the median time one call takes at 10 calls/s (what the hook makes a caller wait).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TopicCreateTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../src/devnet/index.js';
import { ownContender, realKitContender, type AuditContender } from './audit-contenders.js';

export const AUDIT_LATENCIES_MS = [0, 5, 50] as const;
const CALLERS = 32;
const CONCURRENT_CALLS = 640;
const ROUNDS = 3;
const SEQUENTIAL_CALLS = 30;
const SEQUENTIAL_INTERVAL_MS = 100;
const WARMUP_CALLS = 200;

export interface AuditBenchRow {
  case: 'audit';
  latency_ms: number;
  delivered_calls_per_s: number;
  real_kit_calls_per_s: number;
  messages_per_call_32: number;
  real_kit_messages_per_call_32: number;
  messages_per_call_sequential: number;
  real_kit_messages_per_call_sequential: number;
  p50_call_ms_sequential: number;
  real_kit_p50_call_ms_sequential: number;
}

const round3 = (value: number): number => Math.round(value * 1000) / 1000;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** How many messages a topic holds: its last sequence number, from the mirror. */
async function messageCount(net: Devnet, topicId: string): Promise<number> {
  const body = (await (await fetch(`${net.mirrorUrl}/api/v1/topics/${topicId}/messages?limit=1&order=desc`)).json()) as { messages: { sequence_number: number }[] };
  return body.messages[0]?.sequence_number ?? 0;
}

async function newTopic(client: Client): Promise<string> {
  return (await (await new TopicCreateTransaction().execute(client)).getReceipt(client)).topicId!.toString();
}

/** `calls` calls from `callers` concurrent callers, then the wait until all are delivered; calls per second. */
async function concurrentRate(contender: AuditContender, calls: number, callers: number): Promise<number> {
  let issued = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (issued < calls) {
        issued++;
        await contender.call();
      }
    }),
  );
  await contender.delivered(120_000);
  return calls / (Number(process.hrtime.bigint() - start) / 1e9);
}

/** One caller starting a call every `intervalMs` (or when the previous one returns, if later); the median call time. */
async function sequentialCalls(contender: AuditContender, calls: number, intervalMs: number): Promise<number> {
  const times: number[] = [];
  const start = Date.now();
  for (let at = 0; at < calls; at++) {
    const wait = start + at * intervalMs - Date.now();
    if (wait > 0) await sleep(wait);
    const begin = process.hrtime.bigint();
    await contender.call();
    times.push(Number(process.hrtime.bigint() - begin) / 1e6);
  }
  await contender.delivered(120_000);
  return [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

/** The median of `values`. */
function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/** Both contenders at one injected latency, on a fresh devnet. */
async function benchAt(latencyMs: number, journalDir: string): Promise<AuditBenchRow> {
  const net = await startDevnet();
  const contenders: AuditContender[] = [];
  try {
    const client = net.client();
    if (latencyMs > 0) net.faults.inject({ rpc: '*', latencyMs });
    const own = async (topicId: string): Promise<AuditContender> => {
      const contender = await ownContender(client, topicId, { journalDir });
      contenders.push(contender);
      return contender;
    };
    const topics = { own32: await newTopic(client), kit32: await newTopic(client), ownSeq: await newTopic(client), kitSeq: await newTopic(client) };
    const own32 = await own(topics.own32);
    const kit32 = realKitContender(client, topics.kit32);
    // The real kit at 50 ms is slow: fewer calls measure it as well.
    const kitCalls = latencyMs >= 50 ? CONCURRENT_CALLS / 4 : CONCURRENT_CALLS / 2;

    // Warm both code paths (JIT, gRPC channel); then alternate rounds, so load from elsewhere on
    // the machine hits both alike, and take each one's median round.
    await concurrentRate(own32, WARMUP_CALLS, 8);
    await concurrentRate(kit32, WARMUP_CALLS, 8);
    const counted = { own: await messageCount(net, topics.own32), kit: await messageCount(net, topics.kit32) };
    const rates = { own: [] as number[], kit: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      rates.own.push(await concurrentRate(own32, CONCURRENT_CALLS, CALLERS));
      rates.kit.push(await concurrentRate(kit32, kitCalls, CALLERS));
    }
    const ownMessages = (await messageCount(net, topics.own32)) - counted.own;
    const kitMessages = (await messageCount(net, topics.kit32)) - counted.kit;

    const ownP50 = await sequentialCalls(await own(topics.ownSeq), SEQUENTIAL_CALLS, SEQUENTIAL_INTERVAL_MS);
    const kitP50 = await sequentialCalls(realKitContender(client, topics.kitSeq), SEQUENTIAL_CALLS, SEQUENTIAL_INTERVAL_MS);

    return {
      case: 'audit',
      latency_ms: latencyMs,
      delivered_calls_per_s: Math.round(median(rates.own)),
      real_kit_calls_per_s: Math.round(median(rates.kit)),
      messages_per_call_32: round3(ownMessages / (CONCURRENT_CALLS * ROUNDS)),
      real_kit_messages_per_call_32: round3(kitMessages / (kitCalls * ROUNDS)),
      messages_per_call_sequential: round3((await messageCount(net, topics.ownSeq)) / SEQUENTIAL_CALLS),
      real_kit_messages_per_call_sequential: round3((await messageCount(net, topics.kitSeq)) / SEQUENTIAL_CALLS),
      p50_call_ms_sequential: round3(ownP50),
      real_kit_p50_call_ms_sequential: round3(kitP50),
    };
  } finally {
    for (const contender of contenders) await contender.close();
    await net.stop();
  }
}

/**
 * One row per injected latency (0, 5, 50 ms).
 *
 * @example
 * for (const row of await benchAudit()) console.log(row.latency_ms, row.delivered_calls_per_s / row.real_kit_calls_per_s);
 */
export async function benchAudit(latencies: readonly number[] = AUDIT_LATENCIES_MS): Promise<AuditBenchRow[]> {
  const journalDir = mkdtempSync(join(tmpdir(), 'audit-bench-'));
  try {
    const rows: AuditBenchRow[] = [];
    for (const latencyMs of latencies) rows.push(await benchAt(latencyMs, journalDir));
    return rows;
  } finally {
    rmSync(journalDir, { recursive: true, force: true });
  }
}
