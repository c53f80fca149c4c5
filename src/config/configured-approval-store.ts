import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ApprovalStore } from '../policies/approvals/approval-store.js';
import { RedisApprovalStore } from '../policies/approvals/redis-approval-store.js';
import { SqliteApprovalStore } from '../policies/approvals/sqlite-approval-store.js';
import type { ApprovalStoreLender } from '../policies/approvals/approval-store-lender.js';
import { isPlainObject, type AgentHooksConfig } from './config-schema.js';
import { configuredStateFile } from './default-policy-store.js';

/** Where a configuration's approval requests are shared, and whether the configuration named it. */
export type ApprovalStorePlace =
  | { readonly kind: 'sqlite'; readonly file: string; readonly named: boolean }
  | { readonly kind: 'redis'; readonly url: string; readonly options: { prefix?: string; commandTimeoutMs?: number; connectTimeoutMs?: number } };

/**
 * The approval store a configuration names in `"approvals"`: a `{ "sqlite": … }` file (relative to
 * the configuration's folder) or a Redis server; with no store named (or no `"approvals"` key), the
 * configuration's state file beside the journal, where the policies and kill switch of kits
 * started from it keep their state. `agent-hooks approve` decides there and the console lists it.
 *
 * @example
 * approvalStorePlace({ approvals: { store: { sqlite: 'state.sqlite' } } }, '/srv/agent'); // { kind: 'sqlite', file: '/srv/agent/state.sqlite', named: true }
 */
export function approvalStorePlace(config: Pick<AgentHooksConfig, 'hooks' | 'approvals'>, baseDir: string): ApprovalStorePlace {
  const store = config.approvals?.store;
  if (store && 'redis' in store) {
    const { redis, ...options } = store;
    return { kind: 'redis', url: redis, options };
  }
  if (store) return { kind: 'sqlite', file: path.resolve(baseDir, store.sqlite), named: true };
  return { kind: 'sqlite', file: configuredStateFile(config, baseDir), named: config.approvals !== undefined };
}

/**
 * Opens the store of `place`; undefined for a default state file that does not exist yet (no kit
 * started from the configuration has kept state there, so it holds no request, and opening it would
 * create it).
 */
export function openApprovalStore(place: ApprovalStorePlace): ApprovalStore | undefined {
  if (place.kind === 'redis') return new RedisApprovalStore({ url: place.url, ...place.options });
  if (!place.named && !existsSync(place.file)) return undefined;
  return approvalStoreAt(place);
}

/** The store of `place`, the file created on first use: what the kit's ApprovalPolicies keep their requests in. */
export function approvalStoreAt(place: ApprovalStorePlace): ApprovalStore {
  if (place.kind === 'redis') return new RedisApprovalStore({ url: place.url, ...place.options });
  return new SqliteApprovalStore({ path: place.file });
}

/**
 * Completes the arguments of an ApprovalPolicy a configuration lists without a `store`: the
 * configuration's approval store (approvalStorePlace), one instance lent to every such policy of
 * the kit (`lender`, made per loaded configuration) and closed with the last of them, so a
 * restarted agent, `agent-hooks approve` and the console see its requests. Undefined for anything
 * else, a policy given a store (a JavaScript configuration) included. The loader applies it to the
 * listed entries only: a combination refuses an ApprovalPolicy whose requests others can decide.
 *
 * @example
 * const anchor = approvalStoreAnchor(new ApprovalStoreLender(() => approvalStoreAt(approvalStorePlace(config, baseDir))));
 * anchor('ApprovalPolicy', [{ when: { hbarAbove: 5 }, wait: 'deferred' }]); // [{ …, store: SqliteApprovalStore }, loan]
 */
export function approvalStoreAnchor(lender: ApprovalStoreLender): (name: string, args: readonly unknown[]) => unknown[] | undefined {
  return (name, args) => {
    const options = args[0];
    if (name !== 'ApprovalPolicy' || !isPlainObject(options) || (options.store !== undefined && options.store !== null) || args.length > 1) return undefined;
    const { store, loan } = lender.lend();
    return [{ ...options, store }, loan];
  };
}
