import { invalidArgument } from '../../errors/index.js';
import { MemoryPolicyStore } from './memory-store.js';
import type { PolicyStore } from './policy-store.js';
import { RedisPolicyStore } from './redis-store.js';

/**
 * A store as a configuration file names it: `"memory"`, or `{ "redis": "redis://127.0.0.1:6379",
 * "prefix": "agents" }` (with optional `commandTimeoutMs`, `connectTimeoutMs`).
 */
export type StoreSpec =
  | 'memory'
  | { redis: string; prefix?: string; commandTimeoutMs?: number; connectTimeoutMs?: number };

/**
 * The store a policy option names, and whether the policy made it (and so closes it). Nothing given
 * is a new in-memory store of the policy's own.
 */
export function storeFrom(spec: unknown, owner: string): { store: PolicyStore; owned: boolean } {
  if (spec === undefined || spec === null || spec === 'memory') return { store: new MemoryPolicyStore(), owned: true };
  if (isPolicyStore(spec)) return { store: spec, owned: false };
  if (typeof spec === 'object' && typeof (spec as { redis?: unknown }).redis === 'string') {
    const { redis, ...rest } = spec as Record<string, unknown>;
    const unknown = Object.keys(rest).filter((key) => !['prefix', 'commandTimeoutMs', 'connectTimeoutMs'].includes(key));
    if (unknown.length) throw invalidArgument(`${owner}: 'store' has unknown field ${unknown.map((key) => `"${key}"`).join(', ')}; accepted: redis, prefix, commandTimeoutMs, connectTimeoutMs.`);
    try {
      return { store: new RedisPolicyStore({ url: redis as string, ...(rest as object) }), owned: true };
    } catch (error) {
      throw invalidArgument(`${owner}: 'store': ${(error as Error).message}`);
    }
  }
  throw invalidArgument(`${owner}: 'store' must be "memory", { "redis": "redis://host:6379", "prefix": "…" } or a PolicyStore instance.`);
}

function isPolicyStore(value: unknown): value is PolicyStore {
  if (value === null || typeof value !== 'object') return false;
  const store = value as Record<string, unknown>;
  return ['reserve', 'commit', 'release', 'usage', 'counter'].every((method) => typeof store[method] === 'function');
}
