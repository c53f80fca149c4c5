import type { AgentHooksConfigInput, NetworkName } from './config-schema.js';

/**
 * A hook or policy named as in JSON: `{ policy: 'MaxRecipientsPolicy', args: [5] }`. A policy may
 * add `mode: 'report'` (report what it would block instead of blocking; see `reportOnly`).
 */
export type NamedListenerEntry = { hook: string; policy?: never; args?: unknown[]; mode?: never } | { policy: string; hook?: never; args?: unknown[]; mode?: 'enforce' | 'report' };

/**
 * What a JS or TS config may put in `hooks` and `policies`: a named entry, a hook or policy instance
 * (this package's, or the Hedera Agent Kit's: anything with `relevantTools`), or a decorated class.
 */
export type ConfigListener = NamedListenerEntry | { readonly relevantTools: readonly string[] } | (abstract new (...args: never[]) => unknown);

/** The accepted spellings of `mode` (the loader also takes them in any letter case). */
export type ConfigMode = 'autonomous' | 'returnBytes' | 'return_bytes';

/** The contents of an agent-hooks config file, as {@link defineConfig} types it. */
export interface AgentHooksConfigFile extends Omit<AgentHooksConfigInput, 'network' | 'mode' | 'hooks' | 'policies'> {
  network?: NetworkName;
  mode?: ConfigMode;
  hooks?: ConfigListener[];
  policies?: ConfigListener[];
}

/**
 * Types a JS or TS config file, so an editor completes its fields and flags a misspelt one. It
 * returns the object unchanged: validation happens when the file is loaded, as for JSON.
 *
 * @example
 * // agent-hooks.config.mjs
 * import { defineConfig } from 'hedera-agent-hooks/config';
 * import { MaxRecipientsPolicy } from 'hedera-agent-hooks/policies';
 *
 * export default defineConfig({
 *   network: 'testnet',
 *   policies: [new MaxRecipientsPolicy(5), { policy: 'RejectToolPolicy', args: [['delete_account_tool']] }],
 * });
 */
export function defineConfig(config: AgentHooksConfigFile): AgentHooksConfigFile {
  return config;
}
