import type { AgentHooksConfig } from './config-schema.js';

/**
 * The topics the config file's `HcsAuditTrailHook` entries deliver to (their second argument), in the
 * file's order without duplicates: where a policy signer started with this file puts its decisions.
 * A `HolAuditTrailHook` creates its session topics as it goes, so it names none here.
 *
 * @example
 * configuredAuditTopics({ hooks: [{ hook: 'HcsAuditTrailHook', args: [['*'], '0.0.1234'] }] }); // ['0.0.1234']
 */
export function configuredAuditTopics(config: AgentHooksConfig): string[] {
  const topics = new Set<string>();
  for (const entry of config.hooks ?? []) {
    const { hook, args } = entry as { hook?: unknown; args?: unknown };
    const topic = Array.isArray(args) ? args[1] : undefined;
    if (hook === 'HcsAuditTrailHook' && typeof topic === 'string') topics.add(topic);
  }
  return [...topics];
}
