import type { Client } from '@hiero-ledger/sdk';
import type { Context } from './context.js';
import type { DrivableTool } from './drivable-tool.js';
import { AgentHooksError, ErrorCode } from '../errors/index.js';
import type { ToolResult } from './tool-result.js';
import type { TransactionStrategy } from './context.js';

/**
 * The two things the lifecycle calls that live in layers above it: the transaction strategy a mode
 * selects (src/modes) and the standalone runner behind `tool.execute` (src/kit). Importing them here
 * would make lifecycle depend on modes, kit, DI, hooks and policies (docs/architecture.md), so the
 * upper layers bind them instead, once, when they load (src/kit/bind-lifecycle.ts, imported by the
 * package entry and by every kit assembly).
 */
export type StrategySelector = (context: Context) => TransactionStrategy;
export type StandaloneRunner = (tool: DrivableTool, client: Client, context: Context, params: unknown) => Promise<ToolResult>;

let selector: StrategySelector | undefined;
let standalone: StandaloneRunner | undefined;

export function bindStrategySelector(select: StrategySelector): void {
  selector = select;
}

export function bindStandaloneRunner(run: StandaloneRunner): void {
  standalone = run;
}

/** The strategy `context.mode` selects, as src/modes/strategy-for-mode.ts decides. */
export function strategyForMode(context: Context): TransactionStrategy {
  if (!selector) throw unbound('the transaction strategies (src/modes)');
  return selector(context);
}

/** `tool.execute(client, context, params)` outside a kit, run by src/kit/standalone-run.ts. */
export function runStandalone(tool: DrivableTool, client: Client, context: Context, params: unknown): Promise<ToolResult> {
  if (!standalone) return Promise.reject(unbound('the standalone runner (src/kit)'));
  return standalone(tool, client, context, params);
}

function unbound(what: string): AgentHooksError {
  // Reached only when a program imports src/lifecycle files directly, bypassing every entry.
  return new AgentHooksError(
    ErrorCode.CONFIG,
    `The lifecycle has no binding for ${what}: import the package entry ('hedera-agent-hooks') or src/kit/bind-lifecycle.js before running a tool.`,
  );
}
