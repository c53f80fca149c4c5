import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { HCS_MESSAGE_MAX_BYTES, brotliParams } from './hcs-message-codec.js';

/** An HCS-1 file ready to publish: the file topic's memo and the chunk messages, in `o` order. */
export interface Hcs1File {
  memo: string;
  chunks: string[];
}

const MEMO = /^([0-9a-f]{64}):brotli:base64$/;

/**
 * Encodes a file for HCS-1: memo `<sha256 of the original bytes>:brotli:base64`; the data URI
 * `data:<mime>;base64,<base64(brotli(bytes))>` cut into `{"o":i,"c":…}` messages, each at most 1024
 * bytes as serialized JSON (the room for `c` shrinks as `o` gains digits).
 *
 * @example
 * const { memo, chunks } = encodeHcs1File(JSON.stringify(entry), 'application/json');
 */
export function encodeHcs1File(content: string, mime: string, maxBytes = HCS_MESSAGE_MAX_BYTES): Hcs1File {
  const raw = Buffer.from(content, 'utf8');
  const memo = `${createHash('sha256').update(raw).digest('hex')}:brotli:base64`;
  const compressed = brotliCompressSync(raw, { params: brotliParams(raw.length, constants.BROTLI_MAX_QUALITY) });
  const uri = `data:${mime};base64,${compressed.toString('base64')}`;
  const chunks: string[] = [];
  for (let at = 0, o = 0; at < uri.length; o++) {
    // Everything in the URI is ASCII and needs no JSON escaping, so room = limit - envelope bytes.
    const room = maxBytes - JSON.stringify({ o, c: '' }).length;
    chunks.push(JSON.stringify({ o, c: uri.slice(at, at + room) }));
    at += room;
  }
  return { memo, chunks };
}

/** Decodes HCS-1 chunk messages against a memo; returns the content or a plain-words problem. */
export function decodeHcs1File(memo: string, messages: readonly string[]): { content?: string; problem?: string } {
  const match = MEMO.exec(memo);
  if (!match) return { problem: `its memo "${memo}" is not <sha256>:brotli:base64` };
  const byIndex = new Map<number, string>();
  for (const text of messages) {
    let chunk: { o?: unknown; c?: unknown };
    try {
      chunk = JSON.parse(text);
    } catch {
      continue;
    }
    if (!Number.isInteger(chunk.o) || typeof chunk.c !== 'string') continue;
    if (byIndex.has(chunk.o as number)) return { problem: `chunk ${String(chunk.o)} appears more than once` };
    byIndex.set(chunk.o as number, chunk.c);
  }
  if (byIndex.size === 0) return { problem: 'it has no chunks' };
  for (let o = 0; o < byIndex.size; o++) if (!byIndex.has(o)) return { problem: `chunk ${o} is missing` };
  const uri = [...Array(byIndex.size).keys()].map((o) => byIndex.get(o)).join('');
  const prefix = /^data:[^;,]+;base64,/.exec(uri);
  if (!prefix) return { problem: 'its first chunk does not start with a data:<mime>;base64, prefix' };
  let raw: Buffer;
  try {
    raw = brotliDecompressSync(Buffer.from(uri.slice(prefix[0].length), 'base64'));
  } catch {
    return { problem: 'its data does not decompress with brotli' };
  }
  if (createHash('sha256').update(raw).digest('hex') !== match[1]) return { problem: 'its content does not match the hash in its memo' };
  return { content: raw.toString('utf8') };
}
