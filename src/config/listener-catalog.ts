import { isAbstractHook } from '../hooks/abstract-hook.js';
import * as builtInHooks from '../hooks/index.js';
import { isAbstractPolicy } from '../policies/abstract-policy.js';
import * as builtInPolicies from '../policies/index.js';

/** A hook or policy class a config can name. */
export interface CatalogEntry {
  kind: 'hook' | 'policy';
  name: string;
  create(args: readonly unknown[]): object;
}

type Constructor = new (...args: unknown[]) => object;

/**
 * The built-in hooks and policies by class name, read from the `hooks` and `policies` entry points,
 * so a built-in added there is nameable in a config without touching this file.
 *
 * @example
 * const catalog = listenerCatalog();
 * const policy = catalog.get('MaxRecipientsPolicy')!.create([5]);
 */
export function listenerCatalog(extra: Record<string, unknown> = {}): Map<string, CatalogEntry> {
  const catalog = new Map<string, CatalogEntry>();
  for (const [name, value] of Object.entries({ ...builtInHooks, ...builtInPolicies, ...extra })) {
    // Base classes (AbstractHook, AuditTrailBase, …) are exported for authors, not for configs.
    if (typeof value !== 'function' || /^Abstract|Base$/.test(name)) continue;
    const prototype = (value as { prototype?: unknown }).prototype;
    if (!isAbstractHook(prototype)) continue;
    const kind = isAbstractPolicy(prototype) ? 'policy' : 'hook';
    const ctor = value as Constructor;
    // JSON has no `undefined`: a null argument means "left out" (e.g. the optional loggingClient).
    catalog.set(name, { kind, name, create: (args) => new ctor(...args.map((arg) => (arg === null ? undefined : arg))) });
  }
  return catalog;
}
