import { auditEntryProblems, fetchTopicMessages, readAuditMessages, type AnyAuditEntry } from '../audit/index.js';
import { callView, type CallView } from './call-view.js';
import { CallList, type CallFeed } from './call-feed.js';
import type { ExplorerLinks } from './explorer-links.js';

/** How often the topic is read from the mirror: entries reach it a few seconds after consensus anyway. */
export const DEFAULT_MIRROR_POLL_MS = 2_000;

/**
 * The calls on an audit topic, read through the mirror node (for a console on a machine without the
 * journals). Everything read there is on the topic, so every call is `delivered`. The topic is read
 * whole each time (the mirror readers' one way to read it); entries already seen are skipped.
 */
export class MirrorFeed implements CallFeed {
  private readonly list = new CallList();
  private readonly timer: NodeJS.Timeout;
  private problemsNow: string[] = [];
  private reading: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly mirrorUrl: string,
    private readonly topicId: string,
    private readonly links: ExplorerLinks,
    pollMs = DEFAULT_MIRROR_POLL_MS,
  ) {
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
    return this.problemsNow;
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
      const messages = await fetchTopicMessages(this.mirrorUrl, this.topicId);
      const { found, problems } = readAuditMessages(messages);
      const valid = found.filter((item) => auditEntryProblems(item.entry).length === 0).map((item) => item.entry as AnyAuditEntry);
      valid.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
      for (const entry of valid) if (!this.list.has(entry.id, true)) this.list.put(callView(entry, 'topic', true, this.links));
      this.problemsNow = problems;
    } catch (error) {
      this.problemsNow = [`Reading topic ${this.topicId} from ${this.mirrorUrl} failed: ${(error as Error).message}`];
    }
  }
}
