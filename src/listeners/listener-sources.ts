import type { DependencyContainer } from 'tsyringe';
import { instantiateDecorated, listenersFromDecoratedInstance } from '../di/decorated-listeners.js';
import { listenerMetadataOf } from '../di/decorators.js';
import { isAbstractHook, type AbstractHook } from './abstract-hook.js';
import { listenersFromSeedInstance } from './seed-listeners.js';
import { isSeedShapedListener, listenersFromSeedShaped } from './kit-listeners.js';
import { AgentHooksError, ErrorCode, describeValue, isAgentHooksError } from '../errors/index.js';
import type { StageListener } from '../lifecycle/stage-listener.js';
import { inMode } from './report-mode.js';

/** What the kit accepts as a hook or policy: a decorated class, its instance, or a seed-style instance from this package or the Hedera Agent Kit. */
export type ListenerSource = AbstractHook | object | (new (...args: any[]) => object);

/**
 * Turns any accepted hook or policy into stage listeners; the objects it constructs are returned
 * too so the kit can close them. `origin` names where it came from in errors.
 */
export function listenersFrom(
  source: unknown,
  container: DependencyContainer,
  origin: string,
): { listeners: StageListener[]; instance: object } {
  try {
    const converted = convert(source, container, origin);
    // Report mode is read off what the kit registers, whatever its kind (see report-mode.ts).
    return { listeners: inMode(converted.listeners, converted.instance), instance: converted.instance };
  } catch (error) {
    // Every refusal says where the listener came from (e.g. which plugin), not only its own name.
    if (isAgentHooksError(error) && !error.message.startsWith(origin)) throw new AgentHooksError(error.code, `${origin}: ${error.message}`, { cause: error });
    throw error;
  }
}

function convert(source: unknown, container: DependencyContainer, origin: string): { listeners: StageListener[]; instance: object } {
  if (typeof source === 'function') {
    const instance = instantiateDecorated(source as new (...args: any[]) => object, container);
    return { listeners: listenersFromDecoratedInstance(instance), instance };
  }
  if (isAbstractHook(source)) {
    const seed = listenersFromSeedInstance(source);
    return { listeners: listenerMetadataOf(source).length ? [...seed, ...listenersFromDecoratedInstance(source)] : seed, instance: source };
  }
  if (source !== null && typeof source === 'object' && listenerMetadataOf(source).length) {
    return { listeners: listenersFromDecoratedInstance(source), instance: source };
  }
  // Hooks and policies of the Hedera Agent Kit, or written from its docs, whatever class they extend.
  if (isSeedShapedListener(source)) return { listeners: listenersFromSeedShaped(source), instance: source };
  throw new AgentHooksError(
    ErrorCode.INVALID_LISTENER,
    `${origin}: ${describeValue(source)} is not a hook or policy. Pass an AbstractHook/AbstractPolicy instance (this package's or the Hedera Agent Kit's), an object with relevantTools and stage or shouldBlock… methods, or a class with @Hook/@Policy methods.`,
  );
}
