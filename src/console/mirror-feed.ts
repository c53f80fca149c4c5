import { auditEntryProblems, fetchTopicMessages, readAuditMessages, waitingParts, type AnyAuditEntry } from '../audit/index.js';
import type { CallView } from './call-view.js';
import { CallList, type CallFeed } from './call-feed.js';
import type { ExplorerLinks } from './explorer-links.js';

/** How often the topic is read from the mirror: entries reach it a few seconds after consensus anyway. */
export const DEFAULT_MIRROR_POLL_MS = 2_000;
/** Parts of split entries kept for their other parts; past this, they are read as they are (and reported incomplete). */
const MAX_WAITING_PARTS = 1_000;
/** Problems kept: the newest. */
const MAX_PROBLEMS = 100;

/**
 * The calls on an audit topic, read through the mirror node (for a console on a machine without the
 * journals). Everything read there is on the topic, so every call is `delivered`. The first read
 * reads the topic from its start; each later one only what reached consensus after the last message
 * read (`timestamp=gt:`), keeping the parts of a split entry until its other parts arrive.
 */
export class MirrorFeed implements CallFeed {
  private readonly list: CallList;
  private readonly timer: NodeJS.Timeout;
  /** The consensus timestamp of the last message read: the next read starts after it. */
  private after: string | undefined;
  private waiting: { sequenceNumber: number; consensusTimestamp: string; text: string }[] = [];
  private readProblems: string[] = [];
  private readFailure: string | undefined;
  private reading: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly mirrorUrl: string,
    private readonly topicId: string,
    links: ExplorerLinks,
    pollMs = DEFAULT_MIRROR_POLL_MS,
  ) {
    this.list = new CallList(links);
    this.timer = setInterval(() => void this.read(), pollMs);
    this.timer.unref();
    void this.read();
  }

  calls(): readonly CallView[] {
    return this.list.all();
  }

  onCall(listener: (call: CallView) => void): () => void {
    return this.list.subscribe(listener);
  }

  problems(): readonly string[] {
    return this.readFailure ? [...this.readProblems, this.readFailure] : this.readProblems;
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
  }

  private read(): Promise<void> {
    this.reading ??= this.readOnce().finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async readOnce(): Promise<void> {
    if (this.closed) return;
    try {
      const fresh = await fetchTopicMessages(this.mirrorUrl, this.topicId, this.after);
      if (fresh.length) this.after = fresh[fresh.length - 1]!.consensusTimestamp;
      const { ready, waiting } = waitingParts([...this.waiting, ...fresh]);
      const overflow = waiting.length > MAX_WAITING_PARTS ? waiting.splice(0, waiting.length - MAX_WAITING_PARTS) : [];
      this.waiting = waiting;
      const { found, problems } = readAuditMessages([...overflow, ...ready].sort((a, b) => a.sequenceNumber - b.sequenceNumber));
      const valid = found.filter((item) => auditEntryProblems(item.entry).length === 0).map((item) => item.entry as AnyAuditEntry);
      valid.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
      for (const entry of valid) this.list.putEntry(entry, 'topic', true);
      if (problems.length) this.readProblems = [...this.readProblems, ...problems].slice(-MAX_PROBLEMS);
      this.readFailure = undefined;
    } catch (error) {
      this.readFailure = `Reading topic ${this.topicId} from ${this.mirrorUrl} failed: ${(error as Error).message}`;
    }
  }
}
