/**
 * What auditing costs a real agent: HBAR transfers (signed, submitted, receipt read) on the devnet
 * with latency injected into every gRPC call, through a kit with HcsAuditTrailHook (default options,
 * delivering to a topic on the same devnet) against the same kit without it, in one run. The devnet
 * runs in a worker thread, so what the network does with each transaction and message is not done on
 * the agent's event loop, as with a real network (on a machine with few cores it still takes CPU):
 *
 * - throughput with 32 callers: audited calls per second until the last entry is confirmed on the
 *   topic, over calls per second without auditing (target at 50 ms: at least 0.9), with the CPU time
 *   the process spent per call in each (on a busy machine the CPU figures move less than the rates),
 *   the median call in each, and the tail: how long after the round's last call its entry was
 *   confirmed (a submission and a receipt, two round trips). A round is long enough (about four
 *   seconds) that the tail, paid once per round, does not stand in for the throughput;
 * - HCS messages per call for one caller making transfers one after another (target at most 0.25).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountCreateTransaction, AccountId, Hbar, PrivateKey, TopicCreateTransaction, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { createDevnetClient } from '../src/devnet/devnet-client.js';
import { startWorkerDevnet } from './devnet-worker.js';
import { HcsAuditTrailHook } from '../src/hooks/index.js';
import { createAgentKit } from '../src/kit/create-agent-kit.js';
import type { AgentKit } from '../src/kit/agent-kit.js';
import { BaseTool } from '../src/lifecycle/base-tool.js';

/** The round trip issue 33 sets the throughput target at. */
export const AUDIT_TRANSFER_LATENCY_MS = 50;
const CALLERS = 32;
const CALLS_PER_ROUND = 960;
const ROUNDS = 5;
const WARMUP_CALLS = 160;
const SEQUENTIAL_CALLS = 24;

export interface AuditTransferBenchRow {
  case: 'audit_transfers';
  latency_ms: number;
  /** Median round: transfers per second without an audit hook. */
  no_audit_calls_per_s: number;
  /** Median round: audited transfers per second until the round's last entry is on the topic. */
  delivered_calls_per_s: number;
  /** delivered_calls_per_s / no_audit_calls_per_s (target at 50 ms: at least 0.9). */
  ratio: number;
  /** Process CPU time per call (user + system, every thread), median round. */
  no_audit_cpu_us_per_call: number;
  audited_cpu_us_per_call: number;
  /** The median call of the median round, without and with auditing. */
  no_audit_p50_call_ms: number;
  audited_p50_call_ms: number;
  /** Median round: from the last audited call's return until its entry was confirmed on the topic. */
  flush_tail_ms: number;
  /** HCS messages per call during the 32-caller rounds. */
  messages_per_call_32: number;
  /** HCS messages per call for one caller making transfers one after another (target at most 0.25). */
  messages_per_call_sequential: number;
  /** The median time one of those sequential calls took. */
  p50_call_ms_sequential: number;
}

class BenchTransferTool extends BaseTool<{ to: string; memo: string }, { to: AccountId; from: AccountId; memo: string }, TransferTransaction> {
  method = 'transfer_hbar_tool';
  name = 'Bench transfer';
  description = 'Sends one tinybar.';
  parameters = z.object({ to: z.string(), memo: z.string() }).strict();
  normalizeParams(params: { to: string; memo: string }, _context: unknown, client: Client) {
    return { to: AccountId.fromString(params.to), from: client.operatorAccountId!, memo: params.memo };
  }
  coreAction(params: { to: AccountId; from: AccountId; memo: string }) {
    return new TransferTransaction()
      .addHbarTransfer(params.to, Hbar.fromTinybars(1))
      .addHbarTransfer(params.from, Hbar.fromTinybars(-1))
      .setTransactionMemo(params.memo);
  }
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Round {
  perSecond: number;
  cpuUsPerCall: number;
  p50CallMs: number;
  /** From the last call's return until every entry was confirmed (0 without auditing). */
  tailMs: number;
}

/** `calls` transfers from `callers` callers, then (audited) the wait until every entry is on the topic. */
async function round(kit: AgentKit, to: string, calls: number, callers: number): Promise<Round> {
  let issued = 0;
  const callMs: number[] = [];
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (issued < calls) {
        const memo = `bench ${issued++}`;
        const called = process.hrtime.bigint();
        const result = await kit.execute('transfer_hbar_tool', { to, memo });
        callMs.push(Number(process.hrtime.bigint() - called) / 1e6);
        if (result.raw.status !== 'SUCCESS') throw new Error(`bench transfer failed: ${result.humanMessage}`);
      }
    }),
  );
  const lastCall = process.hrtime.bigint();
  for (const status of await kit.audit.flush(120_000)) {
    if (status.undelivered) throw new Error(`bench: ${status.undelivered} audit entries were not delivered (${status.lastError ?? 'no error'})`);
  }
  const end = process.hrtime.bigint();
  const used = process.cpuUsage(cpu);
  return { perSecond: calls / (Number(end - start) / 1e9), cpuUsPerCall: (used.user + used.system) / calls, p50CallMs: median(callMs), tailMs: Number(end - lastCall) / 1e6 };
}

/**
 * One row at `latencyMs` of injected latency, on a fresh devnet.
 *
 * @example
 * const row = await benchAuditTransfers(50); // { ratio: 0.93, messages_per_call_sequential: 0.125, … }
 */
export async function benchAuditTransfers(latencyMs: number): Promise<AuditTransferBenchRow> {
  const net = await startWorkerDevnet();
  const journalDir = mkdtempSync(join(tmpdir(), 'audit-transfer-bench-'));
  const kits: AgentKit[] = [];
  try {
    const client = createDevnetClient(net.grpcAddress, '0.0.2', net.operatorKey);
    const created = await new AccountCreateTransaction().setKey(PrivateKey.generateED25519().publicKey).setInitialBalance(new Hbar(10)).execute(client);
    const to = (await created.getReceipt(client)).accountId!.toString();
    const newTopic = async (): Promise<string> => (await (await new TopicCreateTransaction().execute(client)).getReceipt(client)).topicId!.toString();
    const messageCount = async (topicId: string): Promise<number> => {
      const body = (await (await fetch(`${net.mirrorUrl}/api/v1/topics/${topicId}/messages?limit=1&order=desc`)).json()) as { messages: { sequence_number: number }[] };
      return body.messages[0]?.sequence_number ?? 0;
    };
    const kit = async (topicId?: string): Promise<AgentKit> => {
      const hooks = topicId ? [new HcsAuditTrailHook(['transfer_hbar_tool'], topicId, undefined, { journalDir })] : [];
      const made = await createAgentKit({ client, pluginsDir: null, plugins: [{ name: 'bench', tools: () => [new BenchTransferTool()] }], context: { hooks } });
      kits.push(made);
      return made;
    };
    const topics = { concurrent: await newTopic(), sequential: await newTopic() };
    if (latencyMs > 0) await net.inject(latencyMs);
    const plain = await kit();
    const audited = await kit(topics.concurrent);

    // Warm both paths; then alternate rounds, so load from elsewhere on the machine hits both alike.
    await round(plain, to, WARMUP_CALLS, CALLERS);
    await round(audited, to, WARMUP_CALLS, CALLERS);
    const before = await messageCount(topics.concurrent);
    const plainRounds: Round[] = [];
    const auditedRounds: Round[] = [];
    for (let at = 0; at < ROUNDS; at++) {
      plainRounds.push(await round(plain, to, CALLS_PER_ROUND, CALLERS));
      auditedRounds.push(await round(audited, to, CALLS_PER_ROUND, CALLERS));
    }
    const concurrentMessages = (await messageCount(topics.concurrent)) - before;

    // One caller, one transfer after another, with the hook's default linger; close() sends what lingers.
    const sequential = await kit(topics.sequential);
    const times: number[] = [];
    for (let at = 0; at < SEQUENTIAL_CALLS; at++) {
      const start = process.hrtime.bigint();
      const result = await sequential.execute('transfer_hbar_tool', { to, memo: `sequential ${at}` });
      if (result.raw.status !== 'SUCCESS') throw new Error(`bench transfer failed: ${result.humanMessage}`);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    await sequential.close();
    kits.pop();

    const noAudit = median(plainRounds.map((item) => item.perSecond));
    const delivered = median(auditedRounds.map((item) => item.perSecond));
    return {
      case: 'audit_transfers',
      latency_ms: latencyMs,
      no_audit_calls_per_s: Math.round(noAudit),
      delivered_calls_per_s: Math.round(delivered),
      ratio: Number((delivered / noAudit).toFixed(3)),
      no_audit_cpu_us_per_call: Math.round(median(plainRounds.map((item) => item.cpuUsPerCall))),
      audited_cpu_us_per_call: Math.round(median(auditedRounds.map((item) => item.cpuUsPerCall))),
      no_audit_p50_call_ms: Number(median(plainRounds.map((item) => item.p50CallMs)).toFixed(1)),
      audited_p50_call_ms: Number(median(auditedRounds.map((item) => item.p50CallMs)).toFixed(1)),
      flush_tail_ms: Math.round(median(auditedRounds.map((item) => item.tailMs))),
      messages_per_call_32: Number((concurrentMessages / (CALLS_PER_ROUND * ROUNDS)).toFixed(3)),
      messages_per_call_sequential: Number(((await messageCount(topics.sequential)) / SEQUENTIAL_CALLS).toFixed(3)),
      p50_call_ms_sequential: Number(median(times).toFixed(1)),
    };
  } finally {
    for (const made of kits) await made.close();
    await net.stop();
    rmSync(journalDir, { recursive: true, force: true });
  }
}
