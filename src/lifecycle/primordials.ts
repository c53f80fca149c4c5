/*
 * Built-in functions as they were when this package loaded, before any plugin ran. The guard paths
 * (the listener index, the runner's listener loops, the calls into policies) use these rather than
 * the live prototypes, so a plugin that patches Array.prototype.includes, Map.prototype.get or
 * Function.prototype.call cannot switch a policy off.
 */
const { apply } = Reflect;
const { includes } = Array.prototype;
const { get: mapGet, set: mapSet, delete: mapDelete, clear: mapClear } = Map.prototype;
const { get: weakGet, set: weakSet } = WeakMap.prototype;
const { assign, create } = Object;

/** `fn.apply(self, args)` without Function.prototype. */
export function callWith(fn: (...args: any[]) => unknown, self: unknown, args: readonly unknown[]): unknown {
  return apply(fn, self, args);
}

export function arrayIncludes(array: readonly unknown[], value: unknown): boolean {
  return apply(includes, array, [value]) as boolean;
}

export function mapGetIn<K, V>(map: Map<K, V>, key: K): V | undefined {
  return apply(mapGet, map, [key]) as V | undefined;
}

export function mapSetIn<K, V>(map: Map<K, V>, key: K, value: V): void {
  apply(mapSet, map, [key, value]);
}

export function mapDeleteIn<K, V>(map: Map<K, V>, key: K): void {
  apply(mapDelete, map, [key]);
}

export function mapClearIn<K, V>(map: Map<K, V>): void {
  apply(mapClear, map, []);
}

export function weakGetIn<K extends object, V>(map: WeakMap<K, V>, key: K): V | undefined {
  return apply(weakGet, map, [key]) as V | undefined;
}

export function weakSetIn<K extends object, V>(map: WeakMap<K, V>, key: K, value: V): void {
  apply(weakSet, map, [key, value]);
}

/**
 * A copy of an options object's own properties on a null prototype: a setting nobody passed (say
 * `deliver`) then reads as missing even if a plugin set `Object.prototype.deliver`.
 */
export function ownOptions<T extends object>(options: T | undefined): T {
  return assign(create(null), options) as T;
}
