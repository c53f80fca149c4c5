import type { Client } from '@hiero-ledger/sdk';
import { messageOf } from '../../errors/index.js';
import type { Logger } from '../../lifecycle/logger.js';
import type { AuditJournal, IntentRecord } from '../journal/index.js';
import { interruptedEntry } from './interrupted-entry.js';
import type { PublisherSettings } from './publisher-options.js';
import { lookUpTransaction, type LookupResult } from '../readers/index.js';

/** Most interrupted calls looked up at once: a crash leaves a handful (the calls then in flight). */
export const MAX_CONCURRENT_LOOKUPS = 4;

/** What one lookup ended in, for the publisher: an entry to deliver, or why there is none yet. */
export interface Settled {
  entry?: boolean;
  problem?: string;
}

/**
 * Turns intents left by a crashed run into `interrupted` entries. An intent without an entry means
 * the process stopped between building a transaction and journaling its outcome; the network says
 * whether it landed, and either way an entry records the call, so no transaction that reached the
 * network goes unaudited.
 *
 * Lookups run beside delivery, never in its way: a lookup that hangs (a mirror node that answers
 * late, a node that does not answer) holds back no later entry, and an intent the network cannot
 * answer for yet is skipped until its retry time. Its entry takes the next sequence number when it
 * is written, after the entries made durable meanwhile. After {@link stop}, answers still on their
 * way are dropped: the intent stays in the journal and the next start asks again.
 */
export class IntentSettler {
  /** transaction ID of an unsettled intent → when to ask the network about it again (epoch ms) */
  private readonly retryAt = new Map<string, number>();
  /** Transactions being looked up now. */
  private readonly asking = new Set<string>();
  /** Aborts the mirror requests of lookups in flight when delivery stops. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly journal: AuditJournal,
    private readonly client: Client,
    private readonly session: string,
    private readonly logger: Logger,
    private readonly settings: PublisherSettings,
  ) {}

  /**
   * Starts lookups of the intents that are due, up to {@link MAX_CONCURRENT_LOOKUPS} at once, and
   * returns at once; `settled` is called as each ends (not after stop).
   */
  startDue(settled: (result: Settled) => void): void {
    // Counted first: a journal that settled its intents (the usual case) lists nothing each round.
    if (this.journal.unresolvedIntentCount() === 0 || this.asking.size >= MAX_CONCURRENT_LOOKUPS || this.stopping.signal.aborted) return;
    const now = Date.now();
    for (const intent of this.journal.unresolvedIntents()) {
      if (this.asking.size >= MAX_CONCURRENT_LOOKUPS) return;
      if (this.asking.has(intent.transactionId) || (this.retryAt.get(intent.transactionId) ?? 0) > now) continue;
      this.asking.add(intent.transactionId);
      void this.settle(intent).then((result) => {
        this.asking.delete(intent.transactionId);
        if (!this.stopping.signal.aborted) settled(result);
      });
    }
  }

  /** Drops the answers of lookups still in flight and cancels their mirror requests. */
  stop(): void {
    this.stopping.abort();
  }

  /** Whether an intent may be settled before `deadline`: one being looked up now may answer in time. */
  dueBefore(deadline: number): boolean {
    if (this.journal.unresolvedIntentCount() === 0) return false;
    if (this.asking.size > 0) return true;
    return this.journal.unresolvedIntents().some((intent) => (this.retryAt.get(intent.transactionId) ?? 0) < deadline);
  }

  /** When each unsettled intent not being looked up now may be asked about next (epoch ms). */
  retryTimes(): number[] {
    if (this.journal.unresolvedIntentCount() === 0) return [];
    const now = Date.now();
    const waiting = this.journal.unresolvedIntents().filter((intent) => !this.asking.has(intent.transactionId));
    return waiting.map((intent) => this.retryAt.get(intent.transactionId) ?? now);
  }

  /** One lookup, and the entry when the answer is final. Never throws. */
  private async settle(intent: IntentRecord): Promise<Settled> {
    const result = await lookUpTransaction(intent.transactionId, this.client, this.settings.mirrorUrl, intent.validDurationSeconds, this.stopping.signal).catch(
      (error: unknown): LookupResult => ({ found: 'unknown', reason: messageOf(error) }),
    );
    if (this.stopping.signal.aborted) return {};
    if (result.found === 'unknown') {
      this.retryAt.set(intent.transactionId, result.retryAt ?? Date.now() + this.settings.maxBackoffMs);
      this.logger.debug({ transactionId: intent.transactionId, reason: result.reason }, 'interrupted call not settled yet; later entries go ahead');
      return { problem: `could not learn the outcome of interrupted transaction ${intent.transactionId} yet: ${result.reason}` };
    }
    try {
      await this.journal.addEntry((seq) => interruptedEntry(intent, seq, this.session, result));
    } catch (error) {
      // The journal could not be written (e.g. a full disk): the intent is still there; ask again later.
      this.retryAt.set(intent.transactionId, Date.now() + this.settings.maxBackoffMs);
      this.logger.warn({ transactionId: intent.transactionId, error: messageOf(error), retryInMs: this.settings.maxBackoffMs }, 'audit could not journal an interrupted call; will retry');
      return { problem: `could not journal the entry of interrupted transaction ${intent.transactionId}: ${messageOf(error)}` };
    }
    this.retryAt.delete(intent.transactionId);
    return { entry: true };
  }
}
