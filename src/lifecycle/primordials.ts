/*
 * Built-in functions as they were when this package loaded, before any plugin ran. The guard paths
 * (the listener index, the runner's listener loops, the calls into policies) use these rather than
 * the live prototypes, so a plugin that patches Array.prototype.includes, Map.prototype.get or
 * Function.prototype.call cannot switch a policy off.
 */
const { apply } = Reflect;
const { bind, call } = Function.prototype;
const { assign, create } = Object;

/**
 * `method` as a plain function taking its receiver first, made with the load-time bind and call:
 * `uncurried(receiver, ...args)` is `method.call(receiver, ...args)` with no array per call (which
 * `Reflect.apply(method, receiver, [args])` costs) and nothing a later patch can reach.
 */
function uncurry<A extends unknown[], R>(method: (...args: A) => R): (self: unknown, ...args: A) => R {
  return apply(bind, call, [method]) as (self: unknown, ...args: A) => R;
}

const includes = uncurry(Array.prototype.includes);
const mapGet = uncurry(Map.prototype.get);
const mapSet = uncurry(Map.prototype.set);
const mapDelete = uncurry(Map.prototype.delete);
const mapClear = uncurry(Map.prototype.clear);
const setHas = uncurry(Set.prototype.has);
const weakGet = uncurry(WeakMap.prototype.get);
const weakSet = uncurry(WeakMap.prototype.set);
const hasOwnProperty = uncurry(Object.prototype.hasOwnProperty);

/**
 * `fn` bound to `self`, bound once with the load-time Function.prototype.bind: calling the result
 * needs no array per call (as `Reflect.apply` does) and no lookup a plugin could patch.
 */
export function bindTo<F extends (...args: any[]) => unknown>(fn: F, self: unknown): F {
  return apply(bind, fn, [self]) as F;
}

/**
 * `fn.call(self, ...args)` with the load-time Function.prototype.call: a method captured once and
 * called through this cannot be swapped by a later patch, and calling it costs no bound function
 * (which `bindTo` allocates) when a closure holds the method and its receiver anyway.
 */
export const callWith: <A extends unknown[], R>(fn: (...args: A) => R, self: unknown, ...args: A) => R = uncurry(call) as never;

export function arrayIncludes(array: readonly unknown[], value: unknown): boolean {
  return includes(array, value);
}

/** Whether `key` is an own property of `target`: what a for…in loop needs to skip inherited keys. */
export function hasOwnIn(target: object, key: PropertyKey): boolean {
  return hasOwnProperty(target, key);
}

export function mapGetIn<K, V>(map: Map<K, V>, key: K): V | undefined {
  return mapGet(map, key) as V | undefined;
}

export function setHasIn<T>(set: ReadonlySet<T>, value: T): boolean {
  return setHas(set, value);
}

export function mapSetIn<K, V>(map: Map<K, V>, key: K, value: V): void {
  mapSet(map, key, value);
}

export function mapDeleteIn<K, V>(map: Map<K, V>, key: K): void {
  mapDelete(map, key);
}

export function mapClearIn<K, V>(map: Map<K, V>): void {
  mapClear(map);
}

export function weakGetIn<K extends object, V>(map: WeakMap<K, V>, key: K): V | undefined {
  return weakGet(map, key) as V | undefined;
}

export function weakSetIn<K extends object, V>(map: WeakMap<K, V>, key: K, value: V): void {
  weakSet(map, key, value);
}

/**
 * A copy of an options object's own properties on a null prototype: a setting nobody passed (say
 * `deliver`) then reads as missing even if a plugin set `Object.prototype.deliver`.
 */
export function ownOptions<T extends object>(options: T | undefined): T {
  return assign(create(null), options) as T;
}
