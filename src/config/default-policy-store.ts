import path from 'node:path';
import { DEFAULT_JOURNAL_DIR } from '../audit/index.js';
import type { AgentHooksConfig } from './config-schema.js';
import { configuredJournalDirs } from './configured-journal-dir.js';
import { isPlainObject } from './config-schema.js';

import { stateFileIn } from '../policies/state/sqlite-store.js';

/** The stateful policies a configuration can name: a `{ "sqlite": … }` store of theirs is read from the file's folder. */
const STATEFUL_POLICIES: ReadonlySet<string> = new Set(['SpendLimitPolicy', 'RateLimitPolicy', 'DuplicateIntentPolicy', 'AllowanceSpendPolicy']);

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
  return stateFileIn(journalDir ?? path.resolve(baseDir, DEFAULT_JOURNAL_DIR));
}

/**
 * Reads a `{ "sqlite": … }` store of a stateful policy named in a configuration relative to the
 * file's folder. A policy with no store at all keeps the store of its own (DefaultPolicyStore),
 * which the loader then moves to the configuration's state file as a kit with a journal moves a
 * code kit's (see kit/default-state-file.ts): one naming scheme (`SpendLimitPolicy-1/spend-limit`),
 * so the same policy written in JSON and in code over one file keeps one budget. `"memory"`, Redis
 * and anything else are passed on as given, for the policy to use or refuse.
 *
 * @example
 * const anchor = policyStoreAnchor('/srv/agent');
 * anchor('SpendLimitPolicy', [{ hbar: 10, windowMs: 3_600_000, store: { sqlite: 'state.sqlite' } }]);
 * // [{ hbar: 10, windowMs: 3_600_000, store: { sqlite: '/srv/agent/state.sqlite' } }]
 */
export function policyStoreAnchor(baseDir: string): (name: string, args: readonly unknown[]) => unknown[] {
  return (name, args) => {
    const options = args[0];
    if (!STATEFUL_POLICIES.has(name) || !isPlainObject(options)) return [...args];
    const store = anchoredStore(options.store, baseDir);
    return store === undefined ? [...args] : [{ ...options, store }, ...args.slice(1)];
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
