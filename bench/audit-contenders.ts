/*
 * The two audit trails the audit bench compares, each driving the same tool in its own kit:
 * this project's HcsAuditTrailHook in this kit, and the real Hedera Agent Kit's HcsAuditTrailHook
 * (a devDependency, 4.1.0) in that kit's BaseTool.execute.
 *
 * The tool does no network I/O of its own, so what a call costs is what its audit trail costs: the
 * figures are the audit trails', not the network's. It answers like a transfer would (a status and
 * a transaction ID shaped like one), so its entries are as large as a transfer's.
 */
import type { Client } from '@hiero-ledger/sdk';
import { BaseTool as KitBaseTool, type Context as KitContext } from '@hashgraph/hedera-agent-kit';
import { HcsAuditTrailHook as KitHcsAuditTrailHook } from '@hashgraph/hedera-agent-kit/hooks';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { HcsAuditTrailHook } from '../src/hooks/index.js';
import { createAgentKit } from '../src/kit/create-agent-kit.js';
import { BaseTool } from '../src/lifecycle/base-tool.js';
import type { AuditTrailOptions } from '../src/hooks/audit-trail-base.js';
import type { ToolResult } from '../src/lifecycle/tool-result.js';

export const BENCH_METHOD = 'transfer_hbar_tool';
export const BENCH_PARAMS = { to: '0.0.1001', tinybars: 1 };

/** One audit trail under test: a call, and a wait until everything it audited is on the topic. */
export interface AuditContender {
  call(): Promise<void>;
  /** Resolves once every audited call so far is confirmed on the topic; throws if that times out. */
  delivered(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

let counter = 0;
/** A transaction ID shaped like the SDK's, unique per call; nothing is submitted under it. */
function benchTransactionId(): string {
  const now = Date.now();
  return `0.0.2@${Math.floor(now / 1000)}.${String((now % 1000) * 1_000_000 + (counter++ % 1_000_000)).padStart(9, '0')}`;
}

class BenchTool extends BaseTool<{ to: string; tinybars: number }, { to: string; tinybars: number }, ToolResult> {
  method = BENCH_METHOD;
  name = 'Bench transfer';
  description = 'Answers like a one-tinybar transfer without touching the network.';
  parameters = z.object({ to: z.string(), tinybars: z.number().int() }).strict();
  normalizeParams(params: { to: string; tinybars: number }) {
    return { ...params };
  }
  coreAction() {
    return { raw: { status: 'SUCCESS', transactionId: benchTransactionId() }, humanMessage: 'sent' };
  }
  override formatResult(result: ToolResult): ToolResult {
    return result;
  }
}

class KitBenchTool extends KitBaseTool {
  method = BENCH_METHOD;
  name = 'Bench transfer';
  description = 'Answers like a one-tinybar transfer without touching the network.';
  // zod/v3 is the same API as that kit's own zod 3 copy, but a different declaration: cast for the types.
  parameters = z3.object({ to: z3.string(), tinybars: z3.number().int() }).strict() as unknown as KitBaseTool['parameters'];
  async normalizeParams(params: { to: string; tinybars: number }) {
    return { ...params };
  }
  async coreAction() {
    return { raw: { status: 'SUCCESS', transactionId: benchTransactionId() }, humanMessage: 'sent' };
  }
  override async shouldSecondaryAction() {
    return false;
  }
}

/** This project's hook in this kit; `delivered` is `kit.audit.flush`. */
export async function ownContender(client: Client, topicId: string, options: AuditTrailOptions): Promise<AuditContender> {
  const hook = new HcsAuditTrailHook([BENCH_METHOD], topicId, undefined, options);
  const kit = await createAgentKit({ client, pluginsDir: null, plugins: [{ name: 'bench', tools: () => [new BenchTool()] }], context: { hooks: [hook] } });
  return {
    async call() {
      const result = await kit.execute(BENCH_METHOD, BENCH_PARAMS);
      if (result.raw.status !== 'SUCCESS') throw new Error(`bench call failed: ${result.humanMessage}`);
    },
    async delivered(timeoutMs) {
      const [status] = await kit.audit.flush(timeoutMs);
      if (status!.undelivered) throw new Error(`bench: ${status!.undelivered} audit entries were not delivered within ${timeoutMs} ms (${status!.lastError ?? 'no error'})`);
    },
    close: async () => {
      await kit.close();
    },
  };
}

/**
 * The real kit's hook, given the client as its loggingClient (without one it prints a line per
 * call). It submits each entry and waits for the receipt inside the call, so a call that returned
 * is delivered; it logs failures and swallows them, so the bench counts the topic's messages.
 */
export function realKitContender(client: Client, topicId: string): AuditContender {
  const context = { hooks: [new KitHcsAuditTrailHook([BENCH_METHOD], topicId, client as never)] } as unknown as KitContext;
  const tool = new KitBenchTool();
  return {
    async call() {
      await tool.execute(client as never, context, BENCH_PARAMS);
    },
    async delivered() {},
    async close() {},
  };
}
