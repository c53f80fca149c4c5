import './bind-lifecycle.js';
import type { Client } from '@hiero-ledger/sdk';
import type { DependencyContainer } from 'tsyringe';
import { AUDIT_CLIENT, HEDERA_CLIENT, KIT_CONTEXT } from '../di/tokens.js';
import type { Context } from '../lifecycle/context.js';
import { ListenerIndex } from '../lifecycle/listener-index.js';
import type { Logger } from '../lifecycle/logger.js';
import { StageBus } from '../lifecycle/stage-bus.js';
import type { HookStage } from '../lifecycle/stages.js';
import { CallsInFlight } from './calls-in-flight.js';
import { ToolRunner } from '../lifecycle/tool-runner.js';
import { WouldBlockCounts } from '../lifecycle/would-blocks.js';
import { refuseOwnKeyMaterial } from '../secrets/input-screen.js';
import { callMovements, hasBuiltInMovementsView } from '../policies/movements.js';
import type { DeferredTool } from '../plugins/core-tools.js';
import type { KeyRedactor } from '../secrets/key-redactor.js';
import { kitRedactor } from '../secrets/kit-redactor.js';
import { redactingLogger } from '../secrets/redacting-logger.js';
import { AgentKit } from './agent-kit.js';
import { isKitAware } from '../di/kit-scope.js';
import { listenersFrom } from '../listeners/listener-sources.js';
import { listenerToolNameCheck, type KitToolNames } from './listener-tool-names.js';
import { checkPolicyStagesOffered, checkValuePoliciesSeeMovements } from './policy-tool-names.js';
import { ToolRegistry } from './tool-registry.js';
import { coverKitValueMovingTools, warnValueMovingLeftOut } from './value-moving-coverage.js';
import type { TelemetryFactory } from '../telemetry/index.js';
import type { KillSwitch } from '../policies/kill-switch.js';
import { KillSwitchPolicy } from '../policies/kill-switch-policy.js';
import { VALUE_MOVING_TOOLS } from '../policies/value-moving-tools.js';

export interface KitAssembly {
  client: Client;
  context: Context;
  /** The kit gets its own child of this container. */
  parentContainer: DependencyContainer;
  tools: { tool: unknown; plugin: string }[];
  /** Tools registered by name before `tools` and built on first use: the core plugins' (see core-tools.ts). */
  deferredTools?: readonly DeferredTool[];
  /** Hooks and policies in registration order, each with a label for errors. */
  listeners: { source: unknown; origin: string }[];
  onlyTools?: readonly string[];
  /** Tool names the policies may list that this kit deliberately does not have (see KitToolNames). */
  unloadedPolicyTools?: readonly string[];
  policyTimeoutMs: number;
  logger: Logger;
  drainTimeoutMs?: number;
  /** Built by createAgentKit from its `secretKeys`; otherwise the kit protects its clients' keys only. */
  secrets?: KeyRedactor;
  /** Given only when the kit asked for telemetry (the API is loaded then): the kit's spans, metrics and log stamps. */
  telemetry?: TelemetryFactory;
  /** Given only when the kit has one: its guard is the kit's first policy. */
  killSwitch?: KillSwitch;
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
  // Read once, here: every sink of this kit redacts with it, and its input screen refuses its keys.
  const secrets = assembly.secrets ?? kitRedactor([], [], 'secretKeys');
  secrets.protectClient(client);
  try {
    secrets.protectClient(container.resolve(AUDIT_CLIENT));
  } catch {
    // An AUDIT_CLIENT that cannot be resolved fails the audit hook that needs it, with its own message.
  }
  const owned: object[] = [];
  const telemetry = assembly.telemetry?.({ secrets, owned: () => owned });
  const redacting = redactingLogger(assembly.logger, secrets);
  const logger = telemetry ? telemetry.logger(redacting) : redacting;

  const registry = new ToolRegistry();
  for (const deferred of assembly.deferredTools ?? []) registry.addDeferred(deferred);
  for (const { tool, plugin } of assembly.tools) registry.add(tool, plugin);
  // Tools `onlyTools` leaves out are still real tools: a policy naming one guards nothing open.
  const defined = registry.methods();
  if (assembly.onlyTools) registry.restrictTo(assembly.onlyTools);
  const toolNames: KitToolNames = { loaded: registry.methods(), defined, unloaded: assembly.unloadedPolicyTools ?? [] };

  // The kit's tools are fixed from here on: names it does not have are never planned, so not indexed.
  const index = new ListenerIndex(new Set(toolNames.loaded));
  // The kill switch's guard first, so a pause refuses a call before any other policy judges (or counts) it.
  // One value-moving set for the kill switch and the value policies, so a pause and a budget agree.
  const valueMoving = registry.valueMoving(VALUE_MOVING_TOOLS);
  const switchGuard = assembly.killSwitch ? new KillSwitchPolicy(assembly.killSwitch, [...new Set([...VALUE_MOVING_TOOLS, ...valueMoving])]) : undefined;
  const guard = switchGuard ? [{ source: switchGuard, origin: 'killSwitch' }] : [];
  const sources = [...guard, ...assembly.listeners].map(({ source, origin }) => listenersFrom(source, container, origin));
  // Checked before any listener is attached, so a refused start leaves no journal or timer open.
  const withoutInnerStages = registry.withoutInnerStages();
  coverKitValueMovingTools(sources, valueMoving, withoutInnerStages);
  warnValueMovingLeftOut(sources, valueMoving, logger);
  const withoutMovementsView = registry.withoutMovementsView(hasBuiltInMovementsView);
  // One check for every source: what judging the names costs is worked out once per kit and name.
  const toolNameCheck = listenerToolNameCheck(toolNames, logger);
  // Indexed loops over the sources: a shared list of a thousand hooks is walked once, at start, before
  // this code is optimized, when each step of an iterator still allocates its result.
  for (let at = 0; at < sources.length; at++) {
    const { listeners } = sources[at]!;
    toolNameCheck.check(listeners);
    checkPolicyStagesOffered(listeners, withoutInnerStages);
    checkValuePoliciesSeeMovements(listeners, withoutMovementsView);
  }
  toolNameCheck.finish();
  const starts: Promise<void>[] = [];
  for (let at = 0; at < sources.length; at++) {
    const { listeners, instance } = sources[at]!;
    if (isKitAware(instance)) starts.push(startOf(instance.attachToKit({ container, context, client, logger, secrets })));
    owned.push(instance);
    for (let next = 0; next < listeners.length; next++) index.addLasting(listeners[next]!);
  }

  const bus = new StageBus();
  const inFlight = new CallsInFlight();
  const wouldBlocks = new WouldBlockCounts();
  const runner = new ToolRunner(index, bus, {
    policyTimeoutMs: assembly.policyTimeoutMs,
    logger,
    screenInput: (method, rawParams) => refuseOwnKeyMaterial(method, rawParams, secrets),
    movementsOf: callMovements,
    // Every result leaves through the redactor: raw fields, warnings, block reasons and humanMessage,
    // which tools fill with what they were given or read from the ledger.
    finishResult: (result) => secrets.redactValue(result),
    calls: inFlight,
    ...(telemetry ? { observer: telemetry } : {}),
    reported: telemetry
      ? (tool, wouldBlock) => {
          wouldBlocks.add(wouldBlock);
          telemetry.wouldHaveBlocked(tool, wouldBlock);
        }
      : (_tool, wouldBlock) => wouldBlocks.add(wouldBlock),
    // The switch again right before anything is sent: a call that waited past a pause sends nothing.
    ...(switchGuard ? { beforeSend: (method: string, after: HookStage) => switchGuard.refusalBeforeSend(method, after) } : {}),
  });
  // Owned, so kit.close() unsubscribes its notes and gauges.
  if (telemetry) owned.push(telemetry);
  const kit = new AgentKit({ client, context, container, registry, toolNames, index, bus, runner, owned, logger, secrets, inFlight, wouldBlocks, drainTimeoutMs: assembly.drainTimeoutMs, ...(assembly.killSwitch ? { killSwitch: assembly.killSwitch } : {}) });
  startsOf.set(kit, starts);
  return kit;
}

const startsOf = new WeakMap<AgentKit, Promise<void>[]>();

/**
 * Resolves once every hook and policy that has a start-up (see KitAware) finished it; rejects with
 * the first failure. `createAgentKit` waits for it; `HederaAgentAPI`, whose constructor cannot, does not.
 */
export async function kitStarted(kit: AgentKit): Promise<void> {
  await Promise.all(startsOf.get(kit) ?? []);
}

function startOf(started: void | Promise<void>): Promise<void> {
  const promise = Promise.resolve(started);
  promise.catch(() => undefined); // reported by whoever waits, or by the instance on its next call
  return promise;
}
