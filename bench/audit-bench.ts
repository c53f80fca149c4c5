/**
 * Audit latency: what an audit hook adds to a tool call on the devnet. The journaled hook
 * (HcsAuditTrailHook) adds a journal write; the baseline hook submits the entry and waits for its
 * consensus receipt inside the call, as the seed's hook does. Both are measured in one run against
 * the same calls with no hook, interleaved so drift hits all three alike.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountId, Hbar, TopicCreateTransaction, TopicMessageSubmitTransaction, TransferTransaction, type Client, type TopicId } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { startDevnet } from '../src/devnet/index.js';
import { AbstractHook } from '../src/hooks/abstract-hook.js';
import { HcsAuditTrailHook } from '../src/hooks/index.js';
import { createAgentKit } from '../src/kit/create-agent-kit.js';
import type { AgentKit } from '../src/kit/agent-kit.js';
import { BaseTool } from '../src/lifecycle/base-tool.js';
import type { PostSecondaryActionParams } from '../src/lifecycle/stage-events.js';
import { toJson } from '../src/lifecycle/to-json.js';

const ROUNDS = 150;
const WARMUP = 15;
const SUSTAINED_CALLS = 400;
const IN_FLIGHT = 16;

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

/** The seed's way: submit the entry and wait for the receipt inside the call. */
class ReceiptWaitingAuditHook extends AbstractHook {
  override relevantTools = ['transfer_hbar_tool'];
  constructor(private readonly topicId: TopicId) {
    super();
  }
  override async postToolExecutionHook(params: PostSecondaryActionParams): Promise<void> {
    const entry = toJson({ tool: params.method, timestamp: new Date().toISOString(), params: params.normalisedParams, result: params.toolResult.raw });
    const response = await new TopicMessageSubmitTransaction().setTopicId(this.topicId).setMessage(entry).execute(params.client);
    await response.getReceipt(params.client);
  }
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
 * const row = await benchAudit(); // { p50_added_ms, p99_added_ms, baseline_p50_added_ms, … }
 */
export async function benchAudit(): Promise<{
  p50_added_ms: number;
  p99_added_ms: number;
  baseline_p50_added_ms: number;
  baseline_p99_added_ms: number;
  calls_per_s: number;
  messages_per_call: number;
}> {
  const net = await startDevnet();
  const journalDir = mkdtempSync(join(tmpdir(), 'audit-bench-'));
  const kits: AgentKit[] = [];
  try {
    const client = net.client();
    const newTopic = async (): Promise<TopicId> => (await (await new TopicCreateTransaction().execute(client)).getReceipt(client)).topicId!;
    const { accountId: to } = await net.createAccount({ hbar: 0 });
    const kitWith = async (hooks: unknown[]): Promise<AgentKit> => {
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [{ name: 'bench', tools: () => [new BenchTransferTool()] }], context: { hooks } });
      kits.push(kit);
      return kit;
    };
    const plain = await kitWith([]);
    const journaled = await kitWith([new HcsAuditTrailHook(['transfer_hbar_tool'], (await newTopic()).toString(), undefined, { journalDir })]);
    const waiting = await kitWith([new ReceiptWaitingAuditHook(await newTopic())]);

    // Each round times the same call three ways back to back; the added latency of a round is the
    // audited call's time minus the plain call's, and the percentiles are taken over those differences.
    const added = { journaled: [] as number[], waiting: [] as number[] };
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      const plainMs = await timed(plain, to);
      const journaledMs = await timed(journaled, to);
      const waitingMs = await timed(waiting, to);
      if (round < WARMUP) continue;
      added.journaled.push(journaledMs - plainMs);
      added.waiting.push(waitingMs - plainMs);
    }
    await journaled.audit.flush(30_000);
    for (const list of Object.values(added)) list.sort((a, b) => a - b);

    // Sustained: many audited calls in flight, counted until every entry is confirmed on the topic.
    const topic = await newTopic();
    const sustained = await kitWith([new HcsAuditTrailHook(['transfer_hbar_tool'], topic.toString(), undefined, { journalDir })]);
    const start = process.hrtime.bigint();
    let issued = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (issued < SUSTAINED_CALLS) {
          issued++;
          await sustained.execute('transfer_hbar_tool', { to });
        }
      }),
    );
    const [status] = await sustained.audit.flush(60_000);
    if (status!.undelivered) throw new Error(`bench: ${status!.undelivered} audit entries were not delivered`);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const info = (await (await fetch(`${net.mirrorUrl}/api/v1/topics/${topic.toString()}/messages?limit=1&order=desc`)).json()) as { messages: { sequence_number: number }[] };
    const messages = info.messages[0]?.sequence_number ?? 0;

    return {
      p50_added_ms: round3(percentile(added.journaled, 50)),
      p99_added_ms: round3(percentile(added.journaled, 99)),
      baseline_p50_added_ms: round3(percentile(added.waiting, 50)),
      baseline_p99_added_ms: round3(percentile(added.waiting, 99)),
      calls_per_s: Math.round(SUSTAINED_CALLS / seconds),
      messages_per_call: round3(messages / SUSTAINED_CALLS),
    };
  } finally {
    for (const kit of kits) await kit.close();
    await net.stop();
    rmSync(journalDir, { recursive: true, force: true });
  }
}
