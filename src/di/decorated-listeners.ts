import type { DependencyContainer } from 'tsyringe';
import { AgentHooksError, ErrorCode, messageOf } from '../errors/index.js';
import type { StageListener } from '../lifecycle/stage-listener.js';
import { bindTo } from '../lifecycle/primordials.js';
import { listenerMetadataOf } from './decorators.js';

type Constructor = new (...args: any[]) => object;

/**
 * Resolves a decorated class in the kit's container, so its constructor gets injected. Resolution
 * is per kit: two kits never share an instance (and so never share its state) unless the user
 * registered the class as a singleton in a container both kits derive from.
 */
export function instantiateDecorated(ctor: Constructor, container: DependencyContainer): object {
  if (listenerMetadataOf(ctor).length === 0) {
    throw new AgentHooksError(ErrorCode.INVALID_LISTENER, `${ctor.name || 'Anonymous class'} has no @Hook or @Policy methods; nothing to register.`);
  }
  let instance: object;
  try {
    instance = container.resolve(ctor);
  } catch (error) {
    throw new AgentHooksError(
      ErrorCode.INJECTION,
      `Cannot construct ${ctor.name}: ${messageOf(error)}. Mark the class @injectable() and register what its constructor injects in the container passed to createAgentKit.`,
      { cause: error },
    );
  }
  return instance;
}

/** Each `@Hook` / `@Policy` method of an object, as a listener bound to that object. */
export function listenersFromDecoratedInstance(instance: object): StageListener[] {
  const className = instance.constructor.name || 'Anonymous';
  return listenerMetadataOf(instance).map((meta) => {
    const method = (instance as Record<string | symbol, unknown>)[meta.methodName];
    if (typeof method !== 'function') {
      throw new AgentHooksError(ErrorCode.INVALID_LISTENER, `${className}.${String(meta.methodName)} is decorated but is not a method.`);
    }
    return {
      kind: meta.kind,
      name: `${className}.${String(meta.methodName)}`,
      stage: meta.stage,
      tools: meta.tools,
      timeoutMs: meta.timeoutMs,
      // Bound once with the load-time bind: a plugin patching Function.prototype.call later cannot swap the call.
      invoke: bindTo(method as (event: unknown) => unknown, instance),
    };
  });
}
