import type { Client } from '@hiero-ledger/sdk';
import type { CallOptions } from './call-options.js';
import type { Context } from './context.js';
import type { DrivableTool } from './drivable-tool.js';
import { AgentHooksError, ErrorCode, nothingSent } from '../errors/index.js';
import { LIFECYCLE_DIR } from './lifecycle-dir.cjs';
import type { ToolResult } from './tool-result.js';
import type { TransactionStrategy } from './context.js';

/**
 * The two things the lifecycle calls that live in layers above it: the transaction strategy a mode
 * selects (src/modes) and the standalone runner behind `tool.execute` (src/kit). Importing them here
 * would make lifecycle depend on modes, kit, DI, hooks and policies (docs/architecture.md), so the
 * upper layers bind them instead, when they load (src/kit/bind-lifecycle.ts, imported by the
 * package entry and by every kit assembly).
 */
export type StrategySelector = (context: Context) => TransactionStrategy;
export type StandaloneRunner = (tool: DrivableTool, client: Client, context: Context, params: unknown, options?: CallOptions) => Promise<ToolResult>;

interface Bindings {
  selector?: StrategySelector;
  standalone?: StandaloneRunner;
}

/**
 * Where the bindings are kept: on the global object, under a registered symbol, never in a variable
 * of this module. One build can be loaded twice in a process: tsx's loader (`npx tsx`, `node --import
 * tsx`) compiles what `require()` loads (the kit requires its core tools) into a second copy of every
 * file it reaches, beside the ES-module copy the app imported, and a bundler may do the same. A
 * module variable set in the first copy is missing in the second, so a tool of the second copy failed
 * every call. A registered symbol is the same in every copy. BaseTool reaches these from code the kit
 * does not run (the real Hedera Agent Kit, `tool.execute`, an override calling `super` with a
 * context of its own), so nothing the kit hands a call could carry them to every such path.
 *
 * The key names this build's lifecycle folder: copies of one build share a slot, while the CommonJS
 * and ES-module builds, and two installs of the package in one process, each keep their own, so no
 * tool ever sends through the strategies of another build or version.
 */
const SLOT = Symbol.for(`hedera-agent-hooks lifecycle bindings ${LIFECYCLE_DIR}`);

function bindings(): Bindings {
  const holder = globalThis as { [SLOT]?: Bindings };
  let found = holder[SLOT];
  if (!found) {
    found = {};
    Object.defineProperty(globalThis, SLOT, { value: found, enumerable: false, configurable: false, writable: false });
  }
  return found;
}

/** Binds the strategy selector for every copy of this build's lifecycle; binding it again replaces it (the same function, from any copy). */
export function bindStrategySelector(select: StrategySelector): void {
  bindings().selector = select;
}

/** Binds the standalone runner for every copy of this build's lifecycle. */
export function bindStandaloneRunner(run: StandaloneRunner): void {
  bindings().standalone = run;
}

/** The strategy `context.mode` selects, as src/modes/strategy-for-mode.ts decides. */
export function strategyForMode(context: Context): TransactionStrategy {
  const selector = bindings().selector;
  if (!selector) throw unbound('the transaction strategies (src/modes)');
  return selector(context);
}

/** `tool.execute(client, context, params, options?)` outside a kit, run by src/kit/standalone-run.ts. */
export function runStandalone(tool: DrivableTool, client: Client, context: Context, params: unknown, options?: CallOptions): Promise<ToolResult> {
  const standalone = bindings().standalone;
  if (!standalone) return Promise.reject(unbound('the standalone runner (src/kit)'));
  // Left out when not given, so a runner bound by an older copy of this build gets the arguments it knows.
  return options === undefined ? standalone(tool, client, context, params) : standalone(tool, client, context, params, options);
}

function unbound(what: string): AgentHooksError {
  // Reached only when no entry of this build was ever loaded: a program that imports src/lifecycle
  // files directly, or a tool of one build (CommonJS, ES module) run by a kit of the other.
  return nothingSent(
    new AgentHooksError(
      ErrorCode.CONFIG,
      `The lifecycle in ${LIFECYCLE_DIR} has no binding for ${what}: no entry of this build of hedera-agent-hooks was loaded. Import the package entry ('hedera-agent-hooks') of the build the tool comes from, or src/kit/bind-lifecycle.js, before running a tool. Nothing was sent.`,
    ),
  );
}
