import { decodeAuditMessage, joinParts, type BatchHeader } from '../codecs/index.js';

/** One topic message as a reader sees it. */
export interface TopicMessageText {
  sequenceNumber: number;
  text: string;
}

/** One entry as found on the topic, with where, and the batch that carried it (version 2 messages). */
export interface FoundEntry {
  entry: unknown;
  /** e.g. `message #4`, `messages #4, #5` or `file topic 0.0.1010 (register #2)` */
  where: string;
  batch?: BatchHeader;
}

/**
 * Reads the audit entries of a topic's messages, in topic order: decodes plain and compressed
 * batches, joins split ones, and checks that each batch carries exactly the seqs its header names,
 * in order. Messages may reach consensus in any order when several were in flight, so a reader
 * orders entries by seq ({@link bySeq}), not by position on the topic. Never throws; what cannot be
 * read is a problem in plain words.
 *
 * @example
 * const { found, problems } = readAuditMessages(messages);
 */
export function readAuditMessages(messages: readonly TopicMessageText[]): { found: FoundEntry[]; problems: string[] } {
  const found: FoundEntry[] = [];
  const problems: string[] = [];
  const parts = new Map<string, { i: number; n: number; data: string; batch?: BatchHeader; at: number }[]>();
  for (const message of messages) {
    const decoded = decodeAuditMessage(message.text);
    const where = `message #${message.sequenceNumber}`;
    if (decoded.kind === 'foreign') {
      problems.push(`Message #${message.sequenceNumber} ${decoded.problem}.`);
    } else if (decoded.kind === 'entries') {
      accept(decoded.entries, where, decoded.batch, found, problems);
    } else {
      const list = parts.get(decoded.id) ?? [];
      list.push({ ...decoded, at: message.sequenceNumber });
      parts.set(decoded.id, list);
      if (list.length < decoded.n) continue;
      parts.delete(decoded.id);
      const places = `messages ${list.map((part) => `#${part.at}`).join(', ')}`;
      const joined = joinParts(list);
      if (joined.problem) problems.push(`${decoded.batch ? 'Batch' : 'Entry'} ${decoded.id}, split over ${places}: ${joined.problem}.`);
      else accept(joined.entries!, places, decoded.batch, found, problems);
    }
  }
  for (const [id, list] of parts) problems.push(`${list[0]!.batch ? 'Batch' : 'Entry'} ${id} is incomplete on the topic: ${list.length} of ${list[0]!.n} parts.`);
  return { found, problems };
}

/**
 * Splits messages into those that can be read now and the parts of split entries or batches whose
 * other parts are not among them yet (still in flight, or on a later page): a follower reading the
 * topic a few messages at a time keeps the waiting ones for its next read instead of calling them
 * incomplete.
 */
export function waitingParts<M extends TopicMessageText>(messages: readonly M[]): { ready: M[]; waiting: M[] } {
  const parts = new Map<string, { n: number; seen: Set<number> }>();
  const decoded = messages.map((message) => decodeAuditMessage(message.text));
  for (const message of decoded) {
    if (message.kind !== 'part') continue;
    const group = parts.get(message.id) ?? { n: message.n, seen: new Set<number>() };
    group.seen.add(message.i);
    parts.set(message.id, group);
  }
  const ready: M[] = [];
  const waiting: M[] = [];
  messages.forEach((message, at) => {
    const part = decoded[at]!;
    const group = part.kind === 'part' ? parts.get(part.id) : undefined;
    (group && group.seen.size < group.n ? waiting : ready).push(message);
  });
  return { ready, waiting };
}

/** Adds a batch's entries, after checking them against its header. */
export function accept(entries: readonly unknown[], where: string, batch: BatchHeader | undefined, found: FoundEntry[], problems: string[]): void {
  if (batch) {
    const seqs = entries.map((entry) => (entry !== null && typeof entry === 'object' ? (entry as { seq?: unknown }).seq : undefined));
    const expected = Array.from({ length: batch.last - batch.first + 1 }, (_, at) => batch.first + at);
    if (seqs.length !== expected.length || seqs.some((seq, at) => seq !== expected[at])) {
      problems.push(`The batch in ${where} names seq ${batch.first}-${batch.last} of stream ${batch.stream}, but carries ${seqs.length ? `seq ${seqs.map(String).join(', ')}` : 'no entries'}.`);
    }
  }
  for (const entry of entries) found.push({ entry, where, ...(batch ? { batch } : {}) });
}

/**
 * Entries in the order they were journaled: version 1 entries (sent one message at a time, in seq
 * order) as they are on the topic, then batched entries by stream and seq.
 */
export function bySeq(found: readonly FoundEntry[]): FoundEntry[] {
  const seqOf = (item: FoundEntry): number => Number((item.entry as { seq?: unknown } | null)?.seq ?? 0);
  const batched = found.filter((item) => item.batch).sort((a, b) => a.batch!.stream.localeCompare(b.batch!.stream) || seqOf(a) - seqOf(b));
  return [...found.filter((item) => !item.batch), ...batched];
}

/**
 * The seq ranges missing between the batches of each stream: a batch that never arrived, or one
 * still in flight. The first batch of a stream may start above 1 when earlier entries went out as
 * version 1 messages, so only holes between batches count.
 */
export function streamGaps(found: readonly FoundEntry[]): { stream: string; first: number; last: number }[] {
  const ranges = new Map<string, Map<number, number>>();
  for (const { batch } of found) {
    if (!batch) continue;
    const stream = ranges.get(batch.stream) ?? new Map<number, number>();
    stream.set(batch.first, Math.max(stream.get(batch.first) ?? 0, batch.last));
    ranges.set(batch.stream, stream);
  }
  const gaps: { stream: string; first: number; last: number }[] = [];
  for (const [stream, byFirst] of ranges) {
    let covered = 0;
    for (const [first, last] of [...byFirst].sort((a, b) => a[0] - b[0])) {
      if (covered > 0 && first > covered + 1) gaps.push({ stream, first: covered + 1, last: first - 1 });
      covered = Math.max(covered, last);
    }
  }
  return gaps;
}
