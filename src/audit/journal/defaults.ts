/** The default journal folder, relative to the working directory. */
export const DEFAULT_JOURNAL_DIR = '.agent-hooks/audit';
