import { readdirSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { readJournalSnapshot } from '../audit/index.js';
import type { CallView } from './call-view.js';
import { CallList, type CallFeed } from './call-feed.js';
import type { ExplorerLinks } from './explorer-links.js';

/** How often the folder is read when no watch event came: fs.watch misses changes on some file systems (network mounts, some containers). */
export const DEFAULT_POLL_MS = 500;

/**
 * The calls of every journal in a shared journal folder (one hot file per process and trail, see
 * audit/journal/journal-streams.ts), read without locking them, as `audit verify` does. The folder
 * is watched, and read again every `pollMs` as well in case a watch event never comes; a burst of
 * events makes one read.
 */
export class JournalFeed implements CallFeed {
  private readonly list: CallList;
  private readonly watcher: FSWatcher | undefined;
  private readonly timer: NodeJS.Timeout;
  private readonly found = new Map<string, string[]>();
  private reading = false;
  private again = false;
  private closed = false;

  constructor(
    private readonly folder: string,
    links: ExplorerLinks,
    pollMs = DEFAULT_POLL_MS,
  ) {
    this.list = new CallList(links);
    this.watcher = watchOrNot(folder, () => this.read());
    this.timer = setInterval(() => this.read(), pollMs);
    this.timer.unref();
    this.read();
  }

  calls(): readonly CallView[] {
    return this.list.all();
  }

  onCall(listener: (call: CallView) => void): () => void {
    return this.list.subscribe(listener);
  }

  problems(): readonly string[] {
    return [...this.found.values()].flat();
  }

  close(): void {
    this.closed = true;
    this.watcher?.close();
    clearInterval(this.timer);
  }

  /** Reads every hot file of the folder; a read asked for while one runs makes one more after it. */
  private read(): void {
    if (this.closed) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    try {
      for (const name of hotFiles(this.folder)) {
        const snapshot = readJournalSnapshot(join(this.folder, name));
        if (!snapshot) continue;
        this.found.set(name, snapshot.problems);
        for (const entry of snapshot.entries) {
          this.list.putEntry(entry, name, snapshot.delivered.has(entry.id));
        }
      }
    } catch (error) {
      // A journal being rewritten (compaction renames a new hot file into place) reads again next time.
      this.found.set('(folder)', [`Reading the journal folder ${this.folder} failed: ${(error as Error).message}`]);
    } finally {
      this.reading = false;
    }
    if (this.again) {
      this.again = false;
      setImmediate(() => this.read());
    }
  }
}

/** The journals' hot files: `*.jsonl` at the top of the folder (segments live in sub-folders and are read through their hot file). */
function hotFiles(folder: string): string[] {
  try {
    return readdirSync(folder).filter((name) => name.endsWith('.jsonl')).sort();
  } catch {
    return [];
  }
}

function watchOrNot(folder: string, changed: () => void): FSWatcher | undefined {
  try {
    const watcher = watch(folder, { persistent: false }, changed);
    // A folder removed or unreadable later: the poll goes on and finds nothing.
    watcher.on('error', () => watcher.close());
    return watcher;
  } catch {
    return undefined;
  }
}
