import path from 'node:path';
import { DEFAULT_JOURNAL_DIR } from '../audit/index.js';
import type { AgentHooksConfig } from './config-schema.js';
import { configuredJournalDirs } from './configured-journal-dir.js';
import { isPlainObject } from './config-schema.js';

import { STATE_FILE_NAME } from '../policies/state/sqlite-store.js';

/**
 * The stateful policies a configuration can name, with the name each keeps its state under by
 * default (the policy's own default), so one left without a store gets the configuration's file.
 */
const STATEFUL_POLICIES: Readonly<Record<string, string>> = {
  SpendLimitPolicy: 'spend-limit',
  RateLimitPolicy: 'rate-limit',
  DuplicateIntentPolicy: 'duplicate-intent',
  AllowanceSpendPolicy: 'allowance-holds',
};

/**
 * Where a configuration's stateful policies keep their state when they name no store: beside the
 * journal of its first audit hook, or in the default journal folder (`.agent-hooks/audit`) of the
 * configuration's folder, so every process started from the file (a restarted agent, several
 * agents, successive `agent-hooks call`s) shares one budget.
 *
 * @example
 * configuredStateFile(config, '/srv/agent'); // '/srv/agent/.agent-hooks/audit/agent-hooks-state.sqlite'
 */
export function configuredStateFile(config: Pick<AgentHooksConfig, 'hooks'>, baseDir: string): string {
  const [journalDir] = configuredJournalDirs(config as AgentHooksConfig, baseDir);
  return path.join(journalDir ?? path.resolve(baseDir, DEFAULT_JOURNAL_DIR), STATE_FILE_NAME);
}

/**
 * Gives the options of a stateful policy named in a configuration its store: a `{ "sqlite": … }`
 * path is read relative to the file's folder, and no store at all becomes the configuration's state
 * file, under the policy's default name (numbered from the second policy of a class on, so two spend
 * limits keep two budgets). `"memory"`, Redis and anything else are passed on as given, for the
 * policy to use or refuse.
 *
 * @example
 * const anchor = policyStoreAnchor('/srv/agent/.agent-hooks/audit/agent-hooks-state.sqlite', '/srv/agent');
 * anchor('SpendLimitPolicy', [{ hbar: 10, windowMs: 3_600_000 }]);
 * // [{ hbar: 10, windowMs: 3_600_000, store: { sqlite: '/srv/agent/.agent-hooks/audit/agent-hooks-state.sqlite' }, name: 'spend-limit' }]
 */
export function policyStoreAnchor(stateFile: string, baseDir: string): (name: string, args: readonly unknown[]) => unknown[] {
  const seen = new Map<string, number>();
  return (name, args) => {
    const defaultName = STATEFUL_POLICIES[name];
    const options = args[0];
    if (defaultName === undefined || !isPlainObject(options)) return [...args];
    const store = anchoredStore(options.store, baseDir);
    if (store !== undefined) return [{ ...options, store }, ...args.slice(1)];
    if (options.store !== undefined && options.store !== null) return [...args];
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    const named = options.name ?? (count === 1 ? defaultName : `${defaultName}-${count}`);
    return [{ ...options, store: { sqlite: stateFile }, name: named }, ...args.slice(1)];
  };
}

/**
 * The configuration's `killSwitch` with its store anchored the same way: none given is the state
 * file, so `agent-hooks pause` reaches every agent started from the file.
 */
export function anchorKillSwitch<T extends { store?: unknown }>(killSwitch: T | undefined, stateFile: string, baseDir: string): T | undefined {
  if (!killSwitch) return killSwitch;
  if (killSwitch.store === undefined || killSwitch.store === null) return { ...killSwitch, store: { sqlite: stateFile } };
  const store = anchoredStore(killSwitch.store, baseDir);
  return store === undefined ? killSwitch : { ...killSwitch, store };
}

/** A `{ "sqlite": path }` store with its path resolved against the file's folder; undefined for anything else. */
function anchoredStore(store: unknown, baseDir: string): { sqlite: string } | undefined {
  if (!isPlainObject(store) || typeof store.sqlite !== 'string' || Object.keys(store).length !== 1 || store.sqlite.trim() === '') return undefined;
  return { sqlite: path.resolve(baseDir, store.sqlite) };
}
