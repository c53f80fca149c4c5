import type { Client } from '@hiero-ledger/sdk';
import { container as rootContainer } from 'tsyringe';
import { listenersFrom } from '../listeners/listener-sources.js';
import type { CallOptions } from '../lifecycle/call-options.js';
import type { Context } from '../lifecycle/context.js';
import { prepareCall } from './call-options.js';
import type { DrivableTool } from '../lifecycle/drivable-tool.js';
import { ListenerIndex } from '../lifecycle/listener-index.js';
import { silentLogger } from '../lifecycle/logger.js';
import { StageBus } from '../lifecycle/stage-bus.js';
import type { ToolResult } from '../lifecycle/tool-result.js';
import { ToolRunner } from '../lifecycle/tool-runner.js';
import { refuseOwnKeyMaterial } from '../secrets/input-screen.js';
import { callMovements } from '../policies/movements.js';
import { kitRedactor } from '../secrets/kit-redactor.js';
import type { KeyRedactor } from '../secrets/key-redactor.js';

/** Kept equal to the kit's default (DEFAULT_POLICY_TIMEOUT_MS), which lives with createAgentKit. */
const POLICY_TIMEOUT_MS = 5_000;

interface CachedRunner {
  hooks: readonly unknown[];
  runner: ToolRunner;
}

const runners = new WeakMap<readonly unknown[], CachedRunner>();
let bareRunner: ToolRunner | undefined;
/** Outside a kit the only key known is the client's operator key (by its public key). */
const redactors = new WeakMap<Client, KeyRedactor>();

/**
 * Runs one of this project's tools the way the Hedera Agent Kit runs its own: `tool.execute(client,
 * context, params)` with the hooks and policies of `context.hooks`. The listeners are indexed once
 * per hooks list and re-indexed when the list's contents change, so a policy pushed onto the array
 * later is never missed (that would fail open).
 */
export function runStandalone(tool: DrivableTool, client: Client, context: Context, params: unknown, options?: CallOptions): Promise<ToolResult> {
  let call;
  try {
    // A per-call snapshot, frozen: no listener can change the mode or strategy this call goes out with.
    call = prepareCall('tool.execute', Object.freeze({ ...context }), options, 3);
  } catch (error) {
    return Promise.reject(error);
  }
  return runnerFor(context.hooks).run(tool, params, call.context, client, call.facts).then((result) => redactorFor(client).redactValue(result));
}

function redactorFor(client: Client): KeyRedactor {
  if (client === null || typeof client !== 'object') return kitRedactor([], [], 'secretKeys');
  let redactor = redactors.get(client);
  if (!redactor) redactors.set(client, (redactor = kitRedactor([client], [], 'secretKeys')));
  return redactor;
}

function runnerFor(hooks: readonly unknown[] | undefined): ToolRunner {
  if (!Array.isArray(hooks) || hooks.length === 0) return (bareRunner ??= newRunner([]));
  const cached = runners.get(hooks);
  if (cached && sameItems(cached.hooks, hooks)) return cached.runner;
  const runner = newRunner(hooks);
  runners.set(hooks, { hooks: [...hooks], runner });
  return runner;
}

function newRunner(hooks: readonly unknown[]): ToolRunner {
  const index = new ListenerIndex();
  const container = rootContainer.createChildContainer();
  hooks.forEach((source, at) => {
    for (const listener of listenersFrom(source, container, `context.hooks[${at}]`).listeners) index.add(listener);
  });
  return new ToolRunner(index, new StageBus(), {
    policyTimeoutMs: POLICY_TIMEOUT_MS,
    logger: silentLogger,
    screenInput: (method, rawParams, client) => refuseOwnKeyMaterial(method, rawParams, redactorFor(client)),
    movementsOf: callMovements,
  });
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, at) => item === b[at]);
}
