import type { AgentHooksConfig } from './config-schema.js';
import { anchorJournalDir } from './journal-dir.js';

/**
 * The journal folder the config file's audit hook for `topicId` writes, resolved as the kit resolves
 * it (relative to the file's folder, the default `.agent-hooks/audit` when none is set), so
 * `audit verify` reads the journal the hook wrote wherever the command is started. An HCS hook
 * names its topic; a HOL hook creates its session topics, so the one HOL hook of the file (when
 * there is exactly one) is taken for any topic. `undefined` when no configured hook fits.
 *
 * @example
 * configuredJournalDir(config, '/srv/agent', '0.0.1234'); // '/srv/agent/audit'
 */
export function configuredJournalDir(config: AgentHooksConfig, baseDir: string, topicId: string): string | undefined {
  const entries = (config.hooks ?? []).filter((entry): entry is { hook: string; args?: unknown[] } => typeof (entry as { hook?: unknown }).hook === 'string');
  const hcs = entries.find((entry) => entry.hook === 'HcsAuditTrailHook' && entry.args?.[1] === topicId);
  const hol = entries.filter((entry) => entry.hook === 'HolAuditTrailHook');
  const chosen = hcs ?? (hol.length === 1 ? hol[0] : undefined);
  if (!chosen) return undefined;
  const at = chosen.hook === 'HcsAuditTrailHook' ? 3 : 0;
  const options = anchorJournalDir(chosen.hook, chosen.args ?? [], baseDir)[at] as { journalDir?: unknown } | undefined;
  return typeof options?.journalDir === 'string' ? options.journalDir : undefined;
}

/**
 * The journal folders of every audit hook the config file names, each resolved as the kit resolves
 * it, without duplicates, in the file's order: where `policy replay` reads the trail by default.
 *
 * @example
 * configuredJournalDirs(config, '/srv/agent'); // ['/srv/agent/.agent-hooks/audit']
 */
export function configuredJournalDirs(config: AgentHooksConfig, baseDir: string): string[] {
  const dirs = new Set<string>();
  for (const entry of config.hooks ?? []) {
    const { hook, args } = entry as { hook?: unknown; args?: unknown[] };
    if (hook !== 'HcsAuditTrailHook' && hook !== 'HolAuditTrailHook') continue;
    const options = anchorJournalDir(hook, args ?? [], baseDir)[hook === 'HcsAuditTrailHook' ? 3 : 0] as { journalDir?: unknown } | undefined;
    if (typeof options?.journalDir === 'string') dirs.add(options.journalDir);
  }
  return [...dirs];
}
