import path from 'node:path';
import { DEFAULT_JOURNAL_DIR } from '../audit/index.js';

/** Which constructor argument of each built-in audit hook is its options object. */
const OPTIONS_ARGUMENT: Readonly<Record<string, number>> = { HcsAuditTrailHook: 3, HolAuditTrailHook: 0 };

/**
 * Anchors the journal of an audit hook named in a config file at the file's folder: a relative
 * `journalDir`, or the default `.agent-hooks/audit` when none is given. Plugin folders are read
 * relative to the file already, and the process may start anywhere (MCP clients choose the working
 * folder, often one it cannot write), so the journal would otherwise move with it or fail to open.
 * Anything that is not an options object is passed on as is, for the hook to refuse.
 *
 * @example
 * anchorJournalDir('HcsAuditTrailHook', [['*'], '0.0.1234'], '/srv/agent');
 * // [['*'], '0.0.1234', null, { journalDir: '/srv/agent/.agent-hooks/audit' }]
 */
export function anchorJournalDir(name: string, args: readonly unknown[], baseDir: string): unknown[] {
  const at = OPTIONS_ARGUMENT[name];
  const anchored = [...args];
  if (at === undefined) return anchored;
  const options = anchored[at] ?? {};
  if (typeof options !== 'object' || Array.isArray(options)) return anchored;
  const { journalDir = DEFAULT_JOURNAL_DIR } = options as { journalDir?: unknown };
  if (typeof journalDir !== 'string' || !journalDir) return anchored;
  // Positions before the options that were left out become null, which the catalog reads as "left out".
  for (let i = 0; i < at; i += 1) anchored[i] ??= null;
  anchored[at] = { ...options, journalDir: path.resolve(baseDir, journalDir) };
  return anchored;
}
