/**
 * Recognises this package's own hooks, policies and errors without `instanceof`. The package ships
 * a CommonJS and an ES-module build; an app that imports one while a plugin requires the other has
 * two copies of every class in one process. A brand under a registered symbol is shared by both.
 */

const KIND = Symbol.for('hedera-agent-hooks.kind');
// Captured at load: a plugin that patches Function.prototype.call cannot make a base unrecognisable.
const { hasOwn, getPrototypeOf } = Object;

export type OwnKind = 'hook' | 'policy' | 'error';

/** Marks a base class's prototype; instances of its subclasses, from either build, then carry the kind. */
export function brandPrototype(prototype: object, kind: OwnKind): void {
  Object.defineProperty(prototype, KIND, { value: kind, enumerable: false });
}

/** The nearest brand on the value's prototype chain: a policy is also a hook, and says 'policy'. */
export function ownKindOf(value: unknown): OwnKind | undefined {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return undefined;
  const kind = (value as { [KIND]?: unknown })[KIND];
  return kind === 'hook' || kind === 'policy' || kind === 'error' ? kind : undefined;
}

/**
 * The branded base prototype of `value` (AbstractHook.prototype or AbstractPolicy.prototype of
 * whichever build made it): overriding a method means differing from this one.
 */
export function brandedBaseOf(value: object): object | undefined {
  for (let proto = getPrototypeOf(value); proto; proto = getPrototypeOf(proto)) {
    if (hasOwn(proto, KIND)) return proto as object;
  }
  return undefined;
}
