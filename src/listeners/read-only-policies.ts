/**
 * The kit's own policies that only read what they judge: they never write the params, events or
 * results they are given. A call whose every listener is one of them, with nobody observing the
 * bus, needs none of the freezing and locking that keeps listeners from changing what others
 * judge or what executes: there is nobody to guard against. (Freezing what a transfer carries was
 * a measured third of what SpendLimitPolicy and RateLimitPolicy cost per call.)
 *
 * Only the exact classes count: a subclass, an instance with a method of its own, or a copy of the
 * class from the package's other build is guarded like any policy.
 */
const READ_ONLY_PROTOTYPES = new WeakSet<object>();

/** Marks a built-in policy class (its prototype frozen) as one that never writes what it judges. */
export function markReadOnly(prototype: object): void {
  READ_ONLY_PROTOTYPES.add(prototype);
}

/** Whether `instance` is exactly one of the marked classes, with no function of its own. */
export function isReadOnlyPolicy(instance: object): boolean {
  const prototype = Object.getPrototypeOf(instance) as object | null;
  if (prototype === null || !READ_ONLY_PROTOTYPES.has(prototype)) return false;
  for (const name of Reflect.ownKeys(instance)) {
    const descriptor = Object.getOwnPropertyDescriptor(instance, name);
    if (!descriptor || descriptor.get || descriptor.set || typeof descriptor.value === 'function') return false;
  }
  return true;
}
