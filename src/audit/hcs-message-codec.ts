import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import type { AuditEntry } from './audit-entry.js';

/** Largest HCS message the network accepts in one transaction, in bytes. */
export const HCS_MESSAGE_MAX_BYTES = 1024;
/** `p` of every audit message, so readers can skip foreign messages on a shared topic. */
export const AUDIT_MESSAGE_PROTOCOL = 'hedera-agent-hooks/audit';
export const AUDIT_MESSAGE_VERSION = 1;

/** A message carrying whole entries: `{"p":…,"v":1,"e":[entry, …]}`. */
export interface EntriesMessage {
  p: typeof AUDIT_MESSAGE_PROTOCOL;
  v: number;
  e: unknown[];
}

/**
 * A message carrying whole entries compressed: `z` is the base64 of the brotli-compressed JSON array
 * of entries. Used only when it carries more entries than a plain message could.
 */
export interface CompressedEntriesMessage {
  p: typeof AUDIT_MESSAGE_PROTOCOL;
  v: number;
  z: string;
}

/**
 * A message carrying part `i` of `n` of one entry too large for a message on its own: `d` is a slice
 * of the base64 of the entry's UTF-8 JSON; joining the slices by `i` and decoding gives the entry.
 */
export interface PartMessage {
  p: typeof AUDIT_MESSAGE_PROTOCOL;
  v: number;
  part: { id: string; i: number; n: number; d: string };
}

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/**
 * Packs entries, in order, into as few messages as fit in 1024 bytes each. Consecutive entries share
 * a plain message while it stays within the limit; when a brotli-compressed message carries more of
 * them, that one is used instead (audit entries repeat most of their keys, so several compress into
 * the space of one or two). An entry too large for any message is split into part messages. Returns
 * groups of messages with the entry IDs each group carries, so a job never mixes a split entry with
 * others.
 *
 * @example
 * packEntries(entries) // [{ entries: ['id1','id2'], messages: ['{"p":…,"e":[…]}'] }, …]
 */
export function packEntries(entries: readonly AuditEntry[], maxBytes = HCS_MESSAGE_MAX_BYTES): { entries: string[]; messages: string[] }[] {
  const groups: { entries: string[]; messages: string[] }[] = [];
  let at = 0;
  while (at < entries.length) {
    let plain = 0;
    while (at + plain < entries.length && bytes(entriesMessage(entries.slice(at, at + plain + 1))) <= maxBytes) plain++;
    if (plain === 0) {
      groups.push({ entries: [entries[at]!.id], messages: splitEntry(entries[at]!, maxBytes) });
      at++;
      continue;
    }
    let count = plain;
    let message = entriesMessage(entries.slice(at, at + plain));
    for (let more = plain + 1; at + more <= entries.length; more++) {
      const compressed = compressedMessage(entries.slice(at, at + more));
      if (bytes(compressed) > maxBytes) break;
      count = more;
      message = compressed;
    }
    groups.push({ entries: entries.slice(at, at + count).map((entry) => entry.id), messages: [message] });
    at += count;
  }
  return groups;
}

function compressedMessage(entries: readonly AuditEntry[]): string {
  const data = brotliCompressSync(Buffer.from(JSON.stringify(entries), 'utf8'), { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
  const message: CompressedEntriesMessage = { p: AUDIT_MESSAGE_PROTOCOL, v: AUDIT_MESSAGE_VERSION, z: data.toString('base64') };
  return JSON.stringify(message);
}

function entriesMessage(entries: readonly AuditEntry[]): string {
  const message: EntriesMessage = { p: AUDIT_MESSAGE_PROTOCOL, v: AUDIT_MESSAGE_VERSION, e: [...entries] };
  return JSON.stringify(message);
}

function splitEntry(entry: AuditEntry, maxBytes: number): string[] {
  const data = Buffer.from(JSON.stringify(entry), 'utf8').toString('base64');
  // Base64 is ASCII, so characters are bytes; reserve room for the envelope with the widest i and n.
  const probe = (n: number): number => bytes(JSON.stringify({ p: AUDIT_MESSAGE_PROTOCOL, v: AUDIT_MESSAGE_VERSION, part: { id: entry.id, i: n, n, d: '' } }));
  let count = 1;
  let room = maxBytes - probe(count);
  while (Math.ceil(data.length / room) > count) {
    count = Math.ceil(data.length / room);
    room = maxBytes - probe(count);
  }
  const messages: string[] = [];
  for (let i = 0; i < count; i++) {
    const part: PartMessage = { p: AUDIT_MESSAGE_PROTOCOL, v: AUDIT_MESSAGE_VERSION, part: { id: entry.id, i, n: count, d: data.slice(i * room, (i + 1) * room) } };
    messages.push(JSON.stringify(part));
  }
  return messages;
}

/** What one topic message turned out to be. */
export type DecodedMessage =
  | { kind: 'entries'; entries: unknown[] }
  | { kind: 'part'; id: string; i: number; n: number; data: string }
  | { kind: 'foreign'; problem: string };

/** Decodes one topic message (its UTF-8 text). Never throws. */
export function decodeAuditMessage(text: string): DecodedMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'foreign', problem: 'is not JSON' };
  }
  if (value === null || typeof value !== 'object' || (value as { p?: unknown }).p !== AUDIT_MESSAGE_PROTOCOL) {
    return { kind: 'foreign', problem: `is not an audit message (no "p":"${AUDIT_MESSAGE_PROTOCOL}")` };
  }
  const message = value as Partial<EntriesMessage & PartMessage & CompressedEntriesMessage>;
  if (message.v !== AUDIT_MESSAGE_VERSION) return { kind: 'foreign', problem: `has message version ${String(message.v)}; this reader knows ${AUDIT_MESSAGE_VERSION}` };
  if (Array.isArray(message.e)) return { kind: 'entries', entries: message.e };
  if (typeof message.z === 'string') {
    try {
      const entries: unknown = JSON.parse(brotliDecompressSync(Buffer.from(message.z, 'base64')).toString('utf8'));
      if (Array.isArray(entries)) return { kind: 'entries', entries };
    } catch {
      // reported below
    }
    return { kind: 'foreign', problem: 'is a compressed audit message whose data does not decode to a list of entries' };
  }
  const part = message.part;
  if (part && typeof part.id === 'string' && Number.isInteger(part.i) && Number.isInteger(part.n) && typeof part.d === 'string' && part.i >= 0 && part.i < part.n) {
    return { kind: 'part', id: part.id, i: part.i, n: part.n, data: part.d };
  }
  return { kind: 'foreign', problem: 'is an audit message with neither entries nor a valid part' };
}

/** Joins the parts of one split entry; returns the entry value or a problem. */
export function joinParts(parts: readonly { i: number; n: number; data: string }[]): { entry?: unknown; problem?: string } {
  const n = parts[0]?.n ?? 0;
  const byIndex = new Map<number, string>();
  for (const part of parts) {
    if (part.n !== n) return { problem: `its parts disagree on the part count (${n} vs ${part.n})` };
    if (byIndex.has(part.i)) return { problem: `part ${part.i} appears more than once` };
    byIndex.set(part.i, part.data);
  }
  for (let i = 0; i < n; i++) if (!byIndex.has(i)) return { problem: `part ${i} of ${n} is missing` };
  try {
    const text = Buffer.from([...Array(n).keys()].map((i) => byIndex.get(i)).join(''), 'base64').toString('utf8');
    return { entry: JSON.parse(text) };
  } catch {
    return { problem: 'its joined parts do not decode to JSON' };
  }
}
