import { z } from 'zod';
import { parseOptions } from '../../errors/index.js';
import { DefaultPolicyStore } from './default-store.js';
import { MemoryPolicyStore } from './memory-store.js';
import type { PolicyStore } from './policy-store.js';
import { RedisPolicyStore, redisPrefixOption, redisTimeoutOption, redisUrlOption } from './redis-store.js';
import { SqlitePolicyStore, sqlitePathOption } from './sqlite-store.js';

/**
 * A store as a configuration file names it: `"memory"`, `{ "sqlite": "state.sqlite" }` (a file on
 * this machine; in a configuration file, relative to the file's folder), or
 * `{ "redis": "redis://127.0.0.1:6379", "prefix": "agents" }` (with optional `commandTimeoutMs`,
 * `connectTimeoutMs`).
 */
export type StoreSpec =
  | 'memory'
  | { sqlite: string }
  | { redis: string; prefix?: string; commandTimeoutMs?: number; connectTimeoutMs?: number };

const STORE_ACCEPTED = '"memory", { "sqlite": "path/to/state.sqlite" }, { "redis": "redis://host:6379", "prefix": "…" } or a PolicyStore instance';

/**
 * The `store` option of the stateful policies: a spec (above), a PolicyStore of the caller's
 * (recognised by its methods, never `instanceof`), or nothing (`null`, left out) for a store of the
 * policy's own.
 */
export const storeOption = z.union(
  [
    z.literal('memory'),
    z.null(),
    z
      .object({ redis: redisUrlOption, prefix: redisPrefixOption.optional(), commandTimeoutMs: redisTimeoutOption.optional(), connectTimeoutMs: redisTimeoutOption.optional() })
      .strict(),
    z.object({ sqlite: sqlitePathOption }).strict(),
    z.custom<PolicyStore>(isPolicyStore, { error: STORE_ACCEPTED }),
  ],
  { error: STORE_ACCEPTED },
);

const storeOptions = z.object({ store: storeOption.optional() });

/**
 * The store a policy option names, and whether the policy made it (and so closes it). Nothing given
 * is a store of the policy's own: in memory, or the state file of the kit's journal folder once the
 * kit gives it one (DefaultPolicyStore); `"memory"` stays in memory.
 */
export function storeFrom(spec: unknown, owner: string): { store: PolicyStore; owned: boolean } {
  // The store is a field of the policy's options (argument 0), so errors point at `store`.
  parseOptions(owner, storeOptions, { store: spec });
  if (spec === 'memory') return { store: new MemoryPolicyStore(), owned: true };
  // Memory until the kit the policy joins has a journal folder and gives it the state file there.
  if (spec === undefined || spec === null) return { store: new DefaultPolicyStore(), owned: true };
  if (isPolicyStore(spec)) return { store: spec, owned: false };
  if ('sqlite' in (spec as object)) return { store: new SqlitePolicyStore({ path: (spec as { sqlite: string }).sqlite }), owned: true };
  const { redis, ...rest } = spec as Extract<StoreSpec, { redis: string }>;
  return { store: new RedisPolicyStore({ url: redis, ...rest }), owned: true };
}

function isPolicyStore(value: unknown): value is PolicyStore {
  if (value === null || typeof value !== 'object') return false;
  const store = value as Record<string, unknown>;
  return ['reserve', 'commit', 'release', 'usage', 'counter'].every((method) => typeof store[method] === 'function');
}
