import 'reflect-metadata';
import { invalidArgument } from '../errors/index.js';
import type { StageEvent } from '../lifecycle/stage-events.js';
import type { PolicyVerdict } from '../lifecycle/stage-listener.js';
import { HOOK_STAGES, LIFECYCLE_STAGES, isHookStage, isLifecycleStage, type HookStage, type LifecycleStage } from '../lifecycle/stages.js';

/** What `@Hook` / `@Policy` record about one method. */
export interface ListenerMetadata {
  readonly kind: 'hook' | 'policy';
  readonly stage: LifecycleStage;
  readonly tools: readonly string[];
  readonly methodName: string | symbol;
  readonly timeoutMs?: number;
}

// A registered symbol, so classes decorated through either build of this package are found by both.
const LISTENERS_KEY = Symbol.for('hedera-agent-hooks.listeners');

/** Options of `@Policy`. */
export interface PolicyOptions {
  /** Time budget for this policy in ms; over it, the call is blocked. */
  timeoutMs?: number;
}

/**
 * Marks a method as a hook for `stage` on `tools` (`['*']` for all). The method receives the stage's
 * event, typed per tool where the tool declared its params. Decorators only record metadata; the
 * kit resolves the class through its container and registers the method.
 *
 * @example
 * @injectable()
 * class TransferLogger {
 *   constructor(@inject(AUDIT_CLIENT) private client: Client) {}
 *   @Hook('postToolExecution', ['transfer_hbar_tool'])
 *   log(event: StageEvent<'postToolExecution', 'transfer_hbar_tool'>) { … }
 * }
 */
export function Hook<S extends LifecycleStage, const T extends readonly string[]>(stage: S, tools: T) {
  checkStage(stage, LIFECYCLE_STAGES, '@Hook');
  const checkedTools = checkTools(tools, '@Hook');
  return function <M extends (event: StageEvent<S, T[number]>) => unknown>(
    target: object,
    methodName: string | symbol,
    _descriptor: TypedPropertyDescriptor<M>,
  ): void {
    record(target, { kind: 'hook', stage, tools: checkedTools, methodName });
  };
}

/**
 * Marks a method as a policy for `stage` on `tools`. Return `true` or `{ block: true, reason }` to
 * block, a falsy value or `{ block: false }` to allow; any other truthy value blocks, as does
 * throwing, rejecting or running over the time budget (fail closed).
 */
export function Policy<S extends HookStage, const T extends readonly string[]>(stage: S, tools: T, options: PolicyOptions = {}) {
  checkStage(stage, HOOK_STAGES, '@Policy');
  const checkedTools = checkTools(tools, '@Policy');
  if (options.timeoutMs !== undefined && !(Number.isFinite(options.timeoutMs) && options.timeoutMs > 0 && options.timeoutMs <= 2 ** 31 - 1)) {
    throw invalidArgument(`@Policy timeoutMs must be a positive number of milliseconds up to ${2 ** 31 - 1}, got ${String(options.timeoutMs)}.`);
  }
  return function <M extends (event: StageEvent<S, T[number]>) => PolicyVerdict | Promise<PolicyVerdict> | unknown>(
    target: object,
    methodName: string | symbol,
    _descriptor: TypedPropertyDescriptor<M>,
  ): void {
    record(target, { kind: 'policy', stage, tools: checkedTools, methodName, timeoutMs: options.timeoutMs });
  };
}

/** The decorated methods of a class, its ancestors' included, in declaration order. */
export function listenerMetadataOf(classOrInstance: object): readonly ListenerMetadata[] {
  const ctor = typeof classOrInstance === 'function' ? classOrInstance : classOrInstance.constructor;
  return (Reflect.getMetadata(LISTENERS_KEY, ctor) as ListenerMetadata[] | undefined) ?? [];
}

function record(prototype: object, entry: ListenerMetadata): void {
  const ctor = prototype.constructor;
  const inherited = (Reflect.getMetadata(LISTENERS_KEY, ctor) as ListenerMetadata[] | undefined) ?? [];
  Reflect.defineMetadata(LISTENERS_KEY, [...inherited, entry], ctor);
}

function checkStage(stage: unknown, allowed: readonly string[], decorator: string): void {
  const valid = decorator === '@Policy' ? isHookStage(stage) : isLifecycleStage(stage);
  if (!valid) throw invalidArgument(`${decorator} stage "${String(stage)}" is not a stage; expected one of ${allowed.join(', ')}.`);
}

function checkTools(tools: unknown, decorator: string): readonly string[] {
  if (!Array.isArray(tools) || tools.length === 0 || tools.some((tool) => typeof tool !== 'string' || !tool)) {
    throw invalidArgument(`${decorator} tools must be a non-empty array of tool names (or ['*']), got ${JSON.stringify(tools)}.`);
  }
  return Object.freeze([...tools]);
}
