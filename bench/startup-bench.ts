/**
 * Start-up with many hooks: creating a kit (the core plugins, in RETURN_BYTES mode, offline) whose
 * context holds 100 or 1 000 hooks that each name a tool the kit does not have, as a shared hook
 * list does, next to the real Hedera Agent Kit building its tools and API with the same hooks.
 * The kit checks every hook's tool names at start and warns on unknown ones (to a logger that
 * keeps the warnings, so they are made); the warning must cost microseconds, not the start-up.
 * The two are timed in alternating rounds; medians of wall time are reported.
 */
import { Client, LedgerId, PrivateKey } from '@hiero-ledger/sdk';
import * as realKit from '@hashgraph/hedera-agent-kit';
import * as realKitPlugins from '@hashgraph/hedera-agent-kit/plugins';
import { AgentMode, createAgentKit } from '../src/index.js';
import { NoopHook } from './dispatch-bench.js';
import { median } from './timing.js';

export const STARTUP_HOOK_COUNTS = [100, 1000] as const;

export interface StartupResult {
  case: 'startup';
  hooks: number;
  /** Median milliseconds to create this kit with `hooks` hooks naming tools it does not have. */
  create_ms: number;
  /** The same for the real kit (ToolDiscovery + HederaAgentAPI), same hooks, same run. */
  real_kit_create_ms: number;
  /** create_ms / real_kit_create_ms. */
  ratio: number;
  /** Warnings the kit logged (the first 16 hook-and-name pairs one by one, then one summary). */
  warnings: number;
}

/** One row: `rounds` alternating creations of each kit with `count` hooks. */
export async function benchStartup(count: number, rounds = 21): Promise<StartupResult> {
  const client = Client.forNetwork({ '127.0.0.1:9': '0.0.3' }, { scheduleNetworkUpdate: false })
    .setOperator('0.0.2', PrivateKey.generateED25519())
    .setLedgerId(LedgerId.TESTNET);
  let warnings = 0;
  const logger = { debug() {}, error() {}, warn: () => void warnings++ };
  const ours = async (): Promise<number> => {
    const hooks = Array.from({ length: count }, (_, i) => new NoopHook(`other_tool_${i}`));
    const start = process.hrtime.bigint();
    const kit = await createAgentKit({ client, context: { mode: AgentMode.RETURN_BYTES, accountId: '0.0.2', hooks }, logger });
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    await kit.close();
    return elapsed;
  };
  const real = async (): Promise<number> => {
    const hooks = Array.from({ length: count }, (_, i) => new NoopHook(`other_tool_${i}`));
    const context = { mode: AgentMode.RETURN_BYTES, accountId: '0.0.2', hooks } as never;
    const start = process.hrtime.bigint();
    const configuration = { plugins: (realKitPlugins as any).allCorePlugins, context };
    const tools = (realKit as any).ToolDiscovery.createFromConfiguration(configuration).getAllTools(context, configuration);
    new (realKit as any).HederaAgentAPI(client, context, tools);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  await ours();
  await real();
  const oursMs: number[] = [];
  const realMs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      oursMs.push(await ours());
      realMs.push(await real());
    } else {
      realMs.push(await real());
      oursMs.push(await ours());
    }
  }
  client.close();
  const ms = (values: number[]) => median(values.map((v) => v * 1000)) / 1000;
  const create = ms(oursMs);
  const baseline = ms(realMs);
  return { case: 'startup', hooks: count, create_ms: create, real_kit_create_ms: baseline, ratio: Number((create / baseline).toFixed(2)), warnings: warnings / (rounds + 1) };
}
