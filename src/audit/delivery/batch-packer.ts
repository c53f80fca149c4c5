import type { AnyAuditEntry } from '../entries/index.js';
import {
  HCS_MESSAGE_MAX_BYTES, compressEntries, entriesMessage, envelope, type BatchHeader,
  type CompressedEntriesMessage, type PartMessage,
} from '../codecs/index.js';

/** Consecutive entries that go out together, the messages that carry them, and whether more would have fit. */
export interface PackedBatch {
  entries: string[];
  messages: string[];
  /**
   * True when the next entry did not fit: waiting longer cannot make this batch carry more. The
   * last batch of a pack is not full, so a publisher may hold it back for entries still to come.
   */
  full: boolean;
}

/** Most entries one message may carry, whatever they compress to (bounds the work per message). */
const MAX_ENTRIES_PER_MESSAGE = 256;
/**
 * A compressed message's bytes over its entries' plain JSON bytes, as transfer entries measure
 * (about 0.2, brotli and base64): where the search for the most entries one message holds starts,
 * so it usually compresses about once per message rather than climbing from a few entries.
 */
const COMPRESSED_RATIO_GUESS = 0.2;

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/**
 * Packs entries (consecutive seqs, in order) into at most `limit` batches of one message each, at
 * most `maxBytes` per message, from the first entry on. A batch is plain JSON while that holds the most entries; a brotli-compressed one when
 * it holds more (entries repeat most of their keys, so many compress into one message). An entry too
 * large for any message on its own goes alone, split into part messages.
 *
 * @example
 * packBatches(entries, stream) // [{ entries: ['id1', 'id2'], messages: ['{"p":…,"v":2,"s":…,"seq":[1,2],"e":[…]}'], full: true }, …]
 */
export function packBatches(entries: readonly AnyAuditEntry[], stream: string, limit = Infinity, maxBytes = HCS_MESSAGE_MAX_BYTES): PackedBatch[] {
  const sizes: number[] = [];
  const sizeOf = (at: number): number => (sizes[at] ??= bytes(JSON.stringify(entries[at])));
  const batches: PackedBatch[] = [];
  // What a compressed message weighs against its entries' plain JSON: the first guess, then the last measured.
  let ratio = COMPRESSED_RATIO_GUESS;
  let at = 0;
  while (at < entries.length && batches.length < limit) {
    const header = (count: number): BatchHeader => ({ stream, first: entries[at]!.seq, last: entries[at + count - 1]!.seq });
    const plain = plainCount(sizeOf, entries.length, at, header, maxBytes);
    const hint = batches[batches.length - 1]?.entries.length ?? estimatedCount(sizeOf, entries.length, at, maxBytes - compressedEnvelopeBytes(header(1)), ratio);
    const compressed = compressedCount(entries, at, plain, header, maxBytes, hint);
    if (compressed.message) ratio = bytes(compressed.message) / plainBytes(sizeOf, at, compressed.count);
    const count = Math.max(plain, compressed.count);
    if (count === 0) {
      batches.push({ entries: [entries[at]!.id], messages: splitBatch(header(1), [entries[at]!], maxBytes), full: true });
      at++;
      continue;
    }
    const slice = entries.slice(at, at + count);
    const message = compressed.count > plain ? compressed.message! : entriesMessage(header(count), slice);
    batches.push({ entries: slice.map((entry) => entry.id), messages: [message], full: at + count < entries.length || count === MAX_ENTRIES_PER_MESSAGE });
    at += count;
  }
  return batches;
}

/** How many entries from `at` fit in one plain message; exact, from the entries' JSON sizes. */
function plainCount(sizeOf: (at: number) => number, length: number, at: number, header: (count: number) => BatchHeader, maxBytes: number): number {
  let count = 0;
  let total = 0;
  while (at + count < length && count < MAX_ENTRIES_PER_MESSAGE) {
    total += sizeOf(at + count) + (count > 0 ? 1 : 0); // the entry and its comma
    if (bytes(entriesMessage(header(count + 1), [])) + total > maxBytes) break;
    count++;
  }
  return count;
}

/** The plain JSON bytes of `count` entries from `at`. */
function plainBytes(sizeOf: (at: number) => number, at: number, count: number): number {
  let total = 0;
  for (let k = 0; k < count; k++) total += sizeOf(at + k);
  return total;
}

/** The bytes of a compressed message around its data: `{"p":…,"seq":[…],"z":""}`. */
function compressedEnvelopeBytes(header: BatchHeader): number {
  return bytes(JSON.stringify({ ...envelope(header), z: '' } satisfies CompressedEntriesMessage));
}

/** How many entries from `at` one compressed message should hold if they compress by `ratio` into `room` bytes: where the search starts. */
function estimatedCount(sizeOf: (at: number) => number, length: number, at: number, room: number, ratio: number): number {
  let count = 0;
  let total = 0;
  while (at + count < length && count < MAX_ENTRIES_PER_MESSAGE) {
    total += sizeOf(at + count);
    if (total * ratio > room) break;
    count++;
  }
  return Math.max(1, count);
}

/**
 * About the most entries from `at` one compressed message holds (more than `plain`), or 0. Entries
 * compress alike, so the message size grows almost linearly with the count: each probe is where the
 * line through the last two sizes crosses the limit (the first is `hint`: the count of the batch
 * before, else what the usual compression ratio predicts), and the search stops once that line says no further entry fits. Every count returned
 * was compressed and measured, so its message is within the limit.
 */
function compressedCount(
  entries: readonly AnyAuditEntry[],
  at: number,
  plain: number,
  header: (count: number) => BatchHeader,
  maxBytes: number,
  hint: number,
): { count: number; message?: string } {
  const available = Math.min(entries.length - at, MAX_ENTRIES_PER_MESSAGE);
  if (plain >= available) return { count: 0 };
  let low = plain; // the most known to fit (as plain JSON when nothing compressed was measured yet)
  let lowMessage: string | undefined;
  let high = available + 1; // the fewest known not to fit
  const points: { count: number; size: number }[] = [];
  let probe = Math.min(available, Math.max(plain + 1, hint));
  for (;;) {
    const message = JSON.stringify({ ...envelope(header(probe)), z: compressEntries(entries.slice(at, at + probe)) } satisfies CompressedEntriesMessage);
    const size = bytes(message);
    points.push({ count: probe, size });
    if (size <= maxBytes) {
      low = probe;
      lowMessage = message;
    } else {
      high = probe;
    }
    if (high - low <= 1) break;
    const [a, b] = points.slice(-2);
    // With one measure, its bytes per entry, envelope included: a little more than one more entry
    // adds, which is why a single measure stops only with under half of that left.
    const slope = a && b && b.count !== a.count ? (b.size - a.size) / (b.count - a.count) : size / probe;
    const target = slope > 0 ? Math.floor(probe + (maxBytes - size) / slope) : low + 1;
    // The line says the largest fitting count is already measured: close enough, stop. With one
    // measure only, stop when less than half an entry's share of room is left (one more cannot fit).
    if (lowMessage && target <= low && (points.length > 1 || maxBytes - size < slope / 2)) break;
    probe = Math.min(high - 1, Math.max(low + 1, target));
  }
  return lowMessage ? { count: low, message: lowMessage } : { count: 0 };
}

/** One batch split into parts of at most `maxBytes`, each with the widest `part` indexes reserved. */
function splitBatch(header: BatchHeader, entries: readonly AnyAuditEntry[], maxBytes: number): string[] {
  const data = compressEntries(entries);
  // Base64 is ASCII, so characters are bytes; reserve room for the envelope with the widest i and n.
  const probe = (n: number): number => bytes(JSON.stringify({ ...envelope(header), part: [n, n], d: '' } satisfies PartMessage));
  let count = 1;
  let room = maxBytes - probe(count);
  while (Math.ceil(data.length / room) > count) {
    count = Math.ceil(data.length / room);
    room = maxBytes - probe(count);
  }
  const messages: string[] = [];
  for (let i = 0; i < count; i++) {
    const part: PartMessage = { ...envelope(header), part: [i, count], d: data.slice(i * room, (i + 1) * room) };
    messages.push(JSON.stringify(part));
  }
  return messages;
}
