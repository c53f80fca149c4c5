import { constants, existsSync, readFileSync, truncateSync } from 'node:fs';
import { open, rename, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AgentHooksError, ErrorCode } from '../../errors/index.js';
import { removeIfPresent, syncDirectory } from './durable-files.js';
import { lockJournal, tryLockJournal, type JournalLock } from './journal-lock.js';
import { makeFolders } from './make-folders.js';

interface PendingAppend {
  kind: 'append';
  text: string;
  /** Runs once the text is on disk, before the next write: what the text says becomes true in memory. */
  durable?: () => void;
  resolve(): void;
  reject(error: Error): void;
}

interface PendingReplace {
  kind: 'replace';
  build: () => readonly object[];
  committed: () => void;
  resolve(): void;
  reject(error: Error): void;
}

type Pending = PendingAppend | PendingReplace;

/**
 * Where the platform has it (Linux, macOS), the journal is opened with O_SYNC: each write returns
 * once it is on disk, as write-then-fsync would, in one system call and one trip to libuv's thread
 * pool instead of two (an audited call waits for two group commits). Elsewhere, fsync after each write.
 */
const WRITE_THROUGH = typeof constants.O_SYNC === 'number' ? constants.O_SYNC : 0;
const APPEND_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | WRITE_THROUGH;
const REPLACEMENT_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_EXCL | WRITE_THROUGH;

/** Makes what was written to `handle` durable, unless it was opened to write through (see WRITE_THROUGH). */
async function syncUnlessWrittenThrough(handle: FileHandle): Promise<void> {
  if (!WRITE_THROUGH) await handle.sync();
}

/**
 * An append-only file of JSON lines, each write durable before it resolves (O_SYNC, else fsync). Appends that arrive while a write is
 * in flight are committed together by the next write and fsync (group commit), so concurrent calls
 * share the cost. A line torn by a crash is cut off when the file is opened again: its append never
 * resolved, so nobody was told it was durable.
 *
 * The whole file can be replaced (compaction): the new content goes to `<file>.compact.tmp`, is
 * synced, and is renamed over the file, so a crash leaves either the old file or the new one, never
 * a mix; a leftover temporary file is deleted on open. Appends queued meanwhile go to the new file.
 *
 * One process at a time: the file is locked on open (see journal-lock.ts); a lock whose process is
 * gone is taken over. A file whose lock another process took over refuses every later write.
 */
export class JournalFile {
  private queue: Pending[] = [];
  private writing: Promise<void> | null = null;
  private closed = false;
  /**
   * Set by a failed append, after which every write is refused. What the failed write left is
   * unknown (half a line, or a line that is there but not synced), and a later write would land
   * after it: a damaged line inside the journal, and a gap in the seqs given out before it. Nothing
   * more is written until the journal is opened again, which reads what is really there.
   */
  private failed: Error | undefined;

  private constructor(
    readonly path: string,
    private handle: FileHandle,
    private readonly lock: JournalLock,
  ) {}

  /**
   * Opens (creating the folder and file if needed), locks, and reads the file: the records come back
   * once, in file order, and are not kept here.
   */
  static async open(path: string): Promise<{ file: JournalFile; records: unknown[] }> {
    makeFolders(dirname(path));
    return JournalFile.openLocked(path, lockJournal(path));
  }

  /** Like {@link open}, but `undefined` when a live process holds the file (see tryLockJournal). */
  static async openIfFree(path: string): Promise<{ file: JournalFile; records: unknown[] } | undefined> {
    makeFolders(dirname(path));
    const lock = tryLockJournal(path);
    return lock && JournalFile.openLocked(path, lock);
  }

  private static async openLocked(path: string, lock: JournalLock): Promise<{ file: JournalFile; records: unknown[] }> {
    try {
      // The lock is ours, so a temporary file is what a compaction interrupted by a crash left.
      removeIfPresent(replacementPath(path));
      const created = !existsSync(path);
      const records = created ? [] : readRecords(path);
      const handle = await open(path, APPEND_FLAGS);
      if (created) {
        await handle.sync();
        syncDirectory(dirname(path));
      }
      return { file: new JournalFile(path, handle, lock), records };
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  /**
   * Appends records as one group; resolves once they are on disk (fsync'd). `durable` runs right
   * after the fsync, before any later write (a replacement included) starts.
   */
  append(records: readonly object[], durable?: () => void): Promise<void> {
    const text = records.map((record) => JSON.stringify(record) + '\n').join('');
    return this.enqueue((resolve, reject) => ({ kind: 'append', text, durable, resolve, reject }));
  }

  /**
   * Replaces the file's content with `build()`'s records, built when every write queued before this
   * one is durable and none after it has started. `committed` runs once the new file is in place.
   */
  replace(build: () => readonly object[], committed: () => void): Promise<void> {
    return this.enqueue((resolve, reject) => ({ kind: 'replace', build, committed, resolve, reject }));
  }

  /** Waits for writes in flight, closes the file and releases the lock. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    while (this.writing) await this.writing;
    try {
      await this.handle.close();
    } finally {
      this.lock.release();
    }
  }

  private enqueue(make: (resolve: () => void, reject: (error: Error) => void) => Pending): Promise<void> {
    if (this.closed) return Promise.reject(new AgentHooksError(ErrorCode.INVALID_ARGUMENT, `Audit journal ${this.path} is closed.`));
    if (this.lock.lost) return Promise.reject(this.lock.lost);
    if (this.failed) return Promise.reject(this.failed);
    return new Promise<void>((resolve, reject) => {
      this.queue.push(make(resolve, reject));
      this.writing ??= this.drain();
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length) {
      const next = this.queue[0]!;
      if (next.kind === 'replace') {
        this.queue.shift();
        await this.swap(next);
        continue;
      }
      // Appends up to the next replacement go out together; the replacement then sees them all.
      const until = this.queue.findIndex((pending) => pending.kind === 'replace');
      const batch = this.queue.splice(0, until < 0 ? this.queue.length : until) as PendingAppend[];
      try {
        if (this.lock.lost) throw this.lock.lost;
        await this.handle.write(batch.map((pending) => pending.text).join(''));
        await syncUnlessWrittenThrough(this.handle);
      } catch (error) {
        const failure = new AgentHooksError(
          ErrorCode.INVALID_ARGUMENT,
          `Could not write the audit journal ${this.path}: ${(error as Error).message}; it takes no more writes until it is opened again (restart the kit)`,
        );
        this.failed = failure;
        for (const pending of [...batch, ...this.queue.splice(0)]) pending.reject(failure);
        continue;
      }
      for (const pending of batch) settle(pending, pending.durable);
    }
    this.writing = null;
  }

  private async swap(pending: PendingReplace): Promise<void> {
    const temporary = replacementPath(this.path);
    let handle: FileHandle | undefined;
    try {
      if (this.lock.lost) throw this.lock.lost;
      const text = pending.build().map((record) => JSON.stringify(record) + '\n').join('');
      removeIfPresent(temporary);
      // Opened like the journal itself, since it becomes the journal: appends to it write through too.
      handle = await open(temporary, REPLACEMENT_FLAGS);
      await handle.write(text);
      await syncUnlessWrittenThrough(handle);
      await rename(temporary, this.path);
    } catch (error) {
      await handle?.close().catch(() => undefined);
      try {
        removeIfPresent(temporary);
      } catch {
        // deleted on the next open
      }
      pending.reject(new AgentHooksError(ErrorCode.INVALID_ARGUMENT, `Could not compact the audit journal ${this.path}: ${(error as Error).message}`));
      return;
    }
    // From the rename on, the new file is the journal; the handle follows it (same inode), and the
    // old file, now unlinked, is closed.
    syncDirectory(dirname(this.path));
    const old = this.handle;
    this.handle = handle;
    await old.close().catch(() => undefined);
    settle(pending, pending.committed);
  }
}

function settle(pending: Pending, then: (() => void) | undefined): void {
  try {
    then?.();
  } catch (error) {
    pending.reject(error as Error);
    return;
  }
  pending.resolve();
}

function replacementPath(path: string): string {
  return `${path}.compact.tmp`;
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
