import type { Client } from '@hiero-ledger/sdk';
import type { DependencyContainer } from 'tsyringe';
import { AUDIT_CLIENT, HEDERA_CLIENT, KIT_CONTEXT } from '../di/tokens.js';
import type { Context } from '../lifecycle/context.js';
import { ListenerIndex } from '../lifecycle/listener-index.js';
import type { Logger } from '../lifecycle/logger.js';
import { StageBus } from '../lifecycle/stage-bus.js';
import { ToolRunner } from '../lifecycle/tool-runner.js';
import { AgentKit } from './agent-kit.js';
import { isKitAware } from './kit-scope.js';
import { listenersFrom } from './listener-sources.js';
import { checkPolicyStagesOffered, checkPolicyToolNames } from './policy-tool-names.js';
import { ToolRegistry } from './tool-registry.js';

export interface KitAssembly {
  client: Client;
  context: Context;
  /** The kit gets its own child of this container. */
  parentContainer: DependencyContainer;
  tools: { tool: unknown; plugin: string }[];
  /** Hooks and policies in registration order, each with a label for errors. */
  listeners: { source: unknown; origin: string }[];
  onlyTools?: readonly string[];
  policyTimeoutMs: number;
  logger: Logger;
  drainTimeoutMs?: number;
}

/**
 * Wires one kit: its child container with the kit's tokens, the tool registry, and the listener
 * index. Shared by `createAgentKit` and the seed-compatible `HederaAgentAPI`.
 */
export function assembleKit(assembly: KitAssembly): AgentKit {
  const { client } = assembly;
  // Frozen: a listener that sets context.mode or context.strategy must not redirect this call or
  // any later one (the strategy is read from the context when the transaction goes out).
  const context: Context = Object.freeze({ ...assembly.context });
  const container = assembly.parentContainer.createChildContainer();
  container.register(HEDERA_CLIENT, { useValue: client });
  container.register(KIT_CONTEXT, { useValue: context });
  if (!container.isRegistered(AUDIT_CLIENT, true)) container.register(AUDIT_CLIENT, { useValue: client });

  const registry = new ToolRegistry();
  for (const { tool, plugin } of assembly.tools) registry.add(tool, plugin);
  if (assembly.onlyTools) registry.restrictTo(assembly.onlyTools);

  const index = new ListenerIndex();
  const owned: object[] = [];
  const sources = assembly.listeners.map(({ source, origin }) => listenersFrom(source, container, origin));
  // Checked before any listener is attached, so a refused start leaves no journal or timer open.
  const loaded = registry.list().map((tool) => tool.method);
  const withoutInnerStages = registry.withoutInnerStages();
  for (const { listeners } of sources) {
    checkPolicyToolNames(listeners, (name) => registry.has(name), loaded);
    checkPolicyStagesOffered(listeners, withoutInnerStages);
  }
  for (const { listeners, instance } of sources) {
    if (isKitAware(instance)) instance.attachToKit({ container, context, client, logger: assembly.logger });
    owned.push(instance);
    for (const listener of listeners) index.add(listener);
  }

  const bus = new StageBus();
  const runner = new ToolRunner(index, bus, { policyTimeoutMs: assembly.policyTimeoutMs, logger: assembly.logger });
  return new AgentKit({ client, context, container, registry, index, bus, runner, owned, logger: assembly.logger, drainTimeoutMs: assembly.drainTimeoutMs });
}
