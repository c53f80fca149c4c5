import { closeSync, existsSync, fsyncSync, openSync, readFileSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AgentHooksError, ErrorCode } from '../lifecycle/errors.js';
import { makeFolders } from './make-folders.js';

interface PendingWrite {
  text: string;
  resolve(): void;
  reject(error: Error): void;
}

/**
 * An append-only file of JSON lines, made durable with fsync. Appends that arrive while a write is
 * in flight are committed together by the next write and fsync (group commit), so concurrent calls
 * share the cost. A line torn by a crash is cut off when the file is opened again: its append never
 * resolved, so nobody was told it was durable.
 *
 * One process at a time: a `<file>.lock` holding the owner's pid is taken on open; a lock whose
 * process is gone is taken over.
 */
export class JournalFile {
  private queue: PendingWrite[] = [];
  private writing: Promise<void> | null = null;
  private closed = false;

  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    /** The records found when the file was opened, in file order. */
    readonly records: readonly unknown[],
  ) {}

  /** Opens (creating the folder and file if needed), locks, and reads the file. */
  static async open(path: string): Promise<JournalFile> {
    makeFolders(dirname(path));
    takeLock(path);
    try {
      const created = !existsSync(path);
      const records = created ? [] : readRecords(path);
      const handle = await open(path, 'a');
      if (created) {
        await handle.sync();
        syncDirectory(dirname(path));
      }
      return new JournalFile(path, handle, records);
    } catch (error) {
      releaseLock(path);
      throw error;
    }
  }

  /** Appends records as one group; resolves once they are on disk (fsync'd). */
  append(records: readonly object[]): Promise<void> {
    if (this.closed) return Promise.reject(new AgentHooksError(ErrorCode.INVALID_ARGUMENT, `Audit journal ${this.path} is closed.`));
    const text = records.map((record) => JSON.stringify(record) + '\n').join('');
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ text, resolve, reject });
      this.writing ??= this.drain();
    });
  }

  /** Waits for writes in flight, closes the file and releases the lock. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    while (this.writing) await this.writing;
    await this.handle.close();
    releaseLock(this.path);
  }

  private async drain(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue;
      this.queue = [];
      try {
        await this.handle.write(batch.map((pending) => pending.text).join(''));
        await this.handle.sync();
        for (const pending of batch) pending.resolve();
      } catch (error) {
        const failure = new AgentHooksError(ErrorCode.INVALID_ARGUMENT, `Could not write the audit journal ${this.path}: ${(error as Error).message}`);
        for (const pending of batch) pending.reject(failure);
      }
    }
    this.writing = null;
  }
}

function readRecords(path: string): unknown[] {
  const text = readFileSync(path, 'utf8');
  const end = text.lastIndexOf('\n') + 1;
  // Anything after the last newline is a line torn by a crash; its append never resolved.
  if (end < Buffer.byteLength(text)) truncateSync(path, Buffer.byteLength(text.slice(0, end)));
  const records: unknown[] = [];
  const lines = text.slice(0, end).split('\n');
  lines.forEach((line, at) => {
    if (!line) return;
    try {
      records.push(JSON.parse(line));
    } catch {
      throw new AgentHooksError(ErrorCode.INVALID_ARGUMENT, `Audit journal ${path} line ${at + 1} is not JSON; the file was changed by something other than this library. Move it aside to start a new journal.`);
    }
  });
  return records;
}

function takeLock(path: string): void {
  const lock = `${path}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(readFileSync(lock, 'utf8'));
    if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
      throw new AgentHooksError(
        ErrorCode.INVALID_ARGUMENT,
        `Audit journal ${path} is in use by process ${owner}${owner === process.pid ? ' (this process: another audit hook writes the same topic; close it first or give this one its own journalDir)' : ''}.`,
      );
    }
    unlinkSync(lock); // the owner is gone: its lock is stale
  }
  throw new AgentHooksError(ErrorCode.INVALID_ARGUMENT, `Could not lock the audit journal ${path}.`);
}

function releaseLock(path: string): void {
  try {
    if (Number(readFileSync(`${path}.lock`, 'utf8')) === process.pid) unlinkSync(`${path}.lock`);
  } catch {
    // already gone
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function syncDirectory(path: string): void {
  try {
    const fd = openSync(path, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // some file systems refuse fsync on directories; the file itself is synced
  }
}
