/**
 * Once a stage's policies approve, the values they judged are locked: the event property becomes
 * read-only and plain containers (objects, arrays) are frozen all the way down, so no later
 * listener can change what executes. Class instances (SDK ids, Hbar, transactions) are left to
 * their own immutability: a frozen SDK transaction refuses every setter.
 */
export function lockApproved<T>(event: Record<string, unknown>, key: string): T {
  const value = deepFreezePlain(event[key]);
  Object.defineProperty(event, key, { value, writable: false, enumerable: true, configurable: false });
  return value as T;
}

function deepFreezePlain<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  const isArray = Array.isArray(value);
  const proto = Object.getPrototypeOf(value);
  if (!isArray && proto !== Object.prototype && proto !== null) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreezePlain((value as Record<string, unknown>)[key]);
  return value;
}
