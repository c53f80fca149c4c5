// An HCS-1 file reader for tests, written from the standard (shared/reference/hol-standards.md §1),
// not from the project's writer: it shares no code with src/audit.
import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';

export interface Hcs1Read {
  mime: string;
  bytes: Buffer;
}

interface TopicJson {
  memo: string;
  admin_key: unknown;
  submit_key: unknown;
}

async function get<T>(base: string, path: string): Promise<T> {
  const response = await fetch(base.replace(/\/$/, '') + path);
  if (response.status !== 200) throw new Error(`HCS-1 reader: GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Reads topic `topicId` as an HCS-1 file through a mirror node: checks the topic (memo
 * `<64 hex>:<zstd|brotli>:base64`, submit key present, no admin key), takes every `{o, c}` message,
 * requires indices 0..N-1 exactly once, strips the data-URI prefix, base64-decodes, decompresses and
 * checks the SHA-256 against the memo. Throws with the reason when anything is off.
 */
export async function readHcs1File(mirrorUrl: string, topicId: string): Promise<Hcs1Read> {
  const topic = await get<TopicJson>(mirrorUrl, `/api/v1/topics/${topicId}`);
  const memo = /^([0-9a-f]{64}):(zstd|brotli):(base64)$/.exec(topic.memo ?? '');
  if (!memo) throw new Error(`HCS-1 reader: memo ${JSON.stringify(topic.memo)} is not <sha256>:<algo>:base64`);
  if (!topic.submit_key) throw new Error('HCS-1 reader: topic has no submit key');
  if (topic.admin_key) throw new Error('HCS-1 reader: topic has an admin key');
  if (memo[2] !== 'brotli') throw new Error(`HCS-1 reader: this reader only decompresses brotli, memo says ${memo[2]}`);

  const pieces: { o: number; c: string }[] = [];
  let path: string | null = `/api/v1/topics/${topicId}/messages?limit=25`;
  while (path) {
    const page: { messages: { message: string }[]; links: { next: string | null } } = await get(mirrorUrl, path);
    for (const item of page.messages) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(item.message, 'base64').toString('utf8'));
      } catch {
        continue; // not a chunk
      }
      const { o, c } = (parsed ?? {}) as { o?: unknown; c?: unknown };
      if (typeof o === 'number' && Number.isInteger(o) && o >= 0 && typeof c === 'string') pieces.push({ o, c });
    }
    path = page.links.next;
  }
  pieces.sort((a, b) => a.o - b.o);
  pieces.forEach((piece, position) => {
    if (piece.o !== position) throw new Error(`HCS-1 reader: expected chunk ${position}, found ${piece.o} (gap or duplicate)`);
  });
  const joined = pieces.map((piece) => piece.c).join('');
  const uri = /^data:([^;]+);base64,(.*)$/s.exec(joined);
  if (!uri) throw new Error('HCS-1 reader: reassembled text is not a base64 data URI');
  const bytes = brotliDecompressSync(Buffer.from(uri[2]!, 'base64'));
  const digest = createHash('sha256').update(bytes).digest('hex');
  if (digest !== memo[1]) throw new Error(`HCS-1 reader: hash ${digest} does not match memo ${memo[1]}`);
  return { mime: uri[1]!, bytes };
}

/** The raw texts of every message of a topic, with their sizes in bytes, for size assertions. */
export async function rawMessages(mirrorUrl: string, topicId: string): Promise<{ text: string; bytes: number }[]> {
  const out: { text: string; bytes: number }[] = [];
  let path: string | null = `/api/v1/topics/${topicId}/messages?limit=100`;
  while (path) {
    const page: { messages: { message: string }[]; links: { next: string | null } } = await get(mirrorUrl, path);
    for (const item of page.messages) {
      const raw = Buffer.from(item.message, 'base64');
      out.push({ text: raw.toString('utf8'), bytes: raw.length });
    }
    path = page.links.next;
  }
  return out;
}
