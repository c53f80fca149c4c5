import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

/** Largest HCS message the network accepts in one transaction, in bytes. */
export const HCS_MESSAGE_MAX_BYTES = 1024;
/** `p` of every audit message, so readers can skip foreign messages on a shared topic. */
export const AUDIT_MESSAGE_PROTOCOL = 'hedera-agent-hooks/audit';
/**
 * Version 2 messages are batches that name their stream and the seq range they carry, because
 * several may be in flight at once and reach consensus in any order. Version 1 (no header, sent
 * one at a time in seq order) is still read.
 */
export const AUDIT_MESSAGE_VERSION = 2;
const READABLE_VERSIONS = new Set([1, 2]);

/**
 * What a version 2 message says about the batch it carries: the stream (one per journal) and the
 * first and last seq, inclusive. The entries inside must be exactly first..last, in order.
 */
export interface BatchHeader {
  stream: string;
  first: number;
  last: number;
}

/** The fields every version 2 message starts with: `{"p":…,"v":2,"s":<stream>,"seq":[first,last], …}`. */
interface BatchEnvelope {
  p: typeof AUDIT_MESSAGE_PROTOCOL;
  v: typeof AUDIT_MESSAGE_VERSION;
  s: string;
  seq: [number, number];
}

/** A batch of whole entries as plain JSON: `…,"e":[entry, …]}`. */
export interface EntriesMessage extends BatchEnvelope {
  e: unknown[];
}

/** A batch of whole entries compressed: `z` is the base64 of the brotli-compressed JSON array. */
export interface CompressedEntriesMessage extends BatchEnvelope {
  z: string;
}

/**
 * Part `i` of `n` of a batch too large for one message (one entry larger than a message): joining
 * the `d` slices in `i` order gives the base64 of the brotli-compressed JSON array of its entries.
 */
export interface PartMessage extends BatchEnvelope {
  part: [number, number];
  d: string;
}

export function envelope(header: BatchHeader): BatchEnvelope {
  return { p: AUDIT_MESSAGE_PROTOCOL, v: AUDIT_MESSAGE_VERSION, s: header.stream, seq: [header.first, header.last] };
}

/** The plain batch message; also the content of a HOL file, which HCS-1 compresses itself. */
export function entriesMessage(header: BatchHeader, entries: readonly unknown[]): string {
  const message: EntriesMessage = { ...envelope(header), e: [...entries] };
  return JSON.stringify(message);
}

/**
 * Brotli quality for batches: on message-sized inputs (a few kB of entries) 6 compresses as small
 * as 9 (within a few bytes either way) in about half the time, and delivery compresses every batch.
 */
const BATCH_QUALITY = 6;

export function compressEntries(entries: readonly unknown[]): string {
  const raw = Buffer.from(JSON.stringify(entries), 'utf8');
  return brotliCompressSync(raw, { params: brotliParams(raw.length, BATCH_QUALITY) }).toString('base64');
}

/**
 * Brotli settings for `size` bytes: the window is fitted to the input, because the default 4 MiB
 * window costs about 5 ms to set up per call, ten times the compression of a message-sized batch.
 */
export function brotliParams(size: number, quality: number): Record<number, number> {
  const window = Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 1))));
  return { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_LGWIN]: window, [constants.BROTLI_PARAM_SIZE_HINT]: size };
}

/** What one topic message turned out to be. */
export type DecodedMessage =
  | { kind: 'entries'; entries: unknown[]; batch?: BatchHeader }
  /** `id` names what the parts join into: the entry (version 1) or the batch (version 2). */
  | { kind: 'part'; id: string; i: number; n: number; data: string; batch?: BatchHeader }
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
  const message = value as Record<string, unknown>;
  if (!READABLE_VERSIONS.has(message.v as number)) return { kind: 'foreign', problem: `has message version ${String(message.v)}; this reader knows 1 and 2` };
  if (message.v === 1) return decodeVersion1(message);
  const batch = headerOf(message);
  if (!batch) return { kind: 'foreign', problem: 'is a version 2 audit message without a valid stream ("s") and seq range ("seq":[first,last])' };
  if (Array.isArray(message.e)) return { kind: 'entries', entries: message.e, batch };
  if (typeof message.z === 'string') {
    const entries = decompressEntries(message.z);
    return entries ? { kind: 'entries', entries, batch } : { kind: 'foreign', problem: 'is a compressed audit message whose data does not decode to a list of entries' };
  }
  const part = message.part;
  if (Array.isArray(part) && part.length === 2 && isIndex(part[0], part[1]) && typeof message.d === 'string') {
    return { kind: 'part', id: `${batch.stream} seq ${batch.first}-${batch.last}`, i: part[0] as number, n: part[1] as number, data: message.d, batch };
  }
  return { kind: 'foreign', problem: 'is an audit message with neither entries nor a valid part' };
}

/** Version 1: `e` (entries), `z` (compressed entries) or `part` {id, i, n, d} of one entry's plain JSON. */
function decodeVersion1(message: Record<string, unknown>): DecodedMessage {
  if (Array.isArray(message.e)) return { kind: 'entries', entries: message.e };
  if (typeof message.z === 'string') {
    const entries = decompressEntries(message.z);
    return entries ? { kind: 'entries', entries } : { kind: 'foreign', problem: 'is a compressed audit message whose data does not decode to a list of entries' };
  }
  const part = message.part as { id?: unknown; i?: unknown; n?: unknown; d?: unknown } | undefined;
  if (part && typeof part.id === 'string' && isIndex(part.i, part.n) && typeof part.d === 'string') {
    return { kind: 'part', id: part.id, i: part.i as number, n: part.n as number, data: part.d };
  }
  return { kind: 'foreign', problem: 'is an audit message with neither entries nor a valid part' };
}

function headerOf(message: Record<string, unknown>): BatchHeader | undefined {
  const { s, seq } = message;
  if (typeof s !== 'string' || s.length === 0 || s.length > 64 || !Array.isArray(seq) || seq.length !== 2) return undefined;
  const [first, last] = seq as unknown[];
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last) || (first as number) < 1 || (last as number) < (first as number)) return undefined;
  return { stream: s, first: first as number, last: last as number };
}

function isIndex(i: unknown, n: unknown): boolean {
  return Number.isInteger(i) && Number.isInteger(n) && (i as number) >= 0 && (i as number) < (n as number);
}

function decompressEntries(data: string): unknown[] | undefined {
  try {
    const entries: unknown = JSON.parse(brotliDecompressSync(Buffer.from(data, 'base64')).toString('utf8'));
    return Array.isArray(entries) ? entries : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Joins the parts of one split entry (version 1) or batch (version 2); returns its entries or a
 * problem in plain words.
 */
export function joinParts(parts: readonly { i: number; n: number; data: string; batch?: BatchHeader }[]): { entries?: unknown[]; problem?: string } {
  const n = parts[0]?.n ?? 0;
  const byIndex = new Map<number, string>();
  for (const part of parts) {
    if (part.n !== n) return { problem: `its parts disagree on the part count (${n} vs ${part.n})` };
    if (byIndex.has(part.i)) return { problem: `part ${part.i} appears more than once` };
    byIndex.set(part.i, part.data);
  }
  for (let i = 0; i < n; i++) if (!byIndex.has(i)) return { problem: `part ${i} of ${n} is missing` };
  const data = [...Array(n).keys()].map((i) => byIndex.get(i)).join('');
  if (parts[0]?.batch) {
    const entries = decompressEntries(data);
    return entries ? { entries } : { problem: 'its joined parts do not decompress to a list of entries' };
  }
  try {
    return { entries: [JSON.parse(Buffer.from(data, 'base64').toString('utf8'))] };
  } catch {
    return { problem: 'its joined parts do not decode to JSON' };
  }
}
