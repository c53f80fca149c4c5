/**
 * The audit trail: entries, their wire formats, the durable journal, delivery to HCS, reading the
 * ledger back, following up schedules and verifying a topic. Other folders import audit from here.
 *
 * Sub-folders, bottom up; each imports only from those before it (a sibling's index.ts), never
 * from one after it, so no two import each other:
 *   entries → codecs → journal → readers → delivery → schedules → verify
 */
export * from './entries/index.js';
export * from './codecs/index.js';
export * from './journal/index.js';
export * from './readers/index.js';
export * from './delivery/index.js';
export * from './schedules/index.js';
export * from './verify/index.js';
