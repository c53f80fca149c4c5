/** The durable local journal: entries are on disk before a call returns, with the jobs and intents that deliver them exactly once. */
export { AuditJournal } from './audit-journal.js';
export type { JournalJob } from './audit-journal.js';
export { DEFAULT_JOURNAL_DIR } from './defaults.js';
export { readJournalSnapshot, readUndeliveredEntries } from './journal-reader.js';
export type { IntentRecord, ScheduleWatch } from './journal-records.js';
export { watchOf } from './journal-state.js';
export { MAX_STREAMS_PER_FOLDER, openStreamJournal, streamJournalPath, streamJournalPaths, streamNumbers } from './journal-streams.js';
export type { JournalSnapshot } from './journal-reader.js';
