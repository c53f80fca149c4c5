/*
 * What protects the raw params the preToolExecution policies approved, and the plain parts of a
 * core action's result: they are plain data (objects, arrays, primitives), so freezing suffices.
 */

/**
 * Freezes plain containers (objects, arrays) all the way down, so values a policy approved cannot
 * be edited in place by a later listener. Class instances (SDK ids, Hbar, transactions) are left
 * to their own immutability: a frozen SDK transaction refuses every setter, and freezing SDK
 * objects from outside could break their internal caches.
 */
export function freezePlainData<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  const isArray = Array.isArray(value);
  const proto = Object.getPrototypeOf(value);
  if (!isArray && proto !== Object.prototype && proto !== null) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) freezePlainData((value as Record<string, unknown>)[key]);
  return value;
}

/** Freezes the raw params an event carries (plain data: freezing suffices) and the event itself. */
export function lockRawParams(event: { readonly rawParams: unknown }): void {
  freezePlainData(event.rawParams);
  Object.freeze(event);
}
