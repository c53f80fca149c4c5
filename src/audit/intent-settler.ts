import type { Client } from '@hiero-ledger/sdk';
import { messageOf } from '../lifecycle/errors.js';
import type { Logger } from '../lifecycle/logger.js';
import type { AuditJournal } from './audit-journal.js';
import { interruptedEntry } from './interrupted-entry.js';
import type { PublisherSettings } from './publisher-options.js';
import { lookUpTransaction, type LookupResult } from './transaction-lookup.js';

/**
 * Turns intents left by a crashed run into `interrupted` entries. An intent without an entry means
 * the process stopped between building a transaction and journaling its outcome; the network says
 * whether it landed, and either way an entry records the call, so no transaction that reached the
 * network goes unaudited. An intent the network cannot answer for yet is skipped until its retry
 * time, so it holds back no later entry.
 */
export class IntentSettler {
  /** transaction ID of an unsettled intent → when to ask the network about it again (epoch ms) */
  private readonly retryAt = new Map<string, number>();

  constructor(
    private readonly journal: AuditJournal,
    private readonly client: Client,
    private readonly session: string,
    private readonly logger: Logger,
    private readonly settings: PublisherSettings,
  ) {}

  /**
   * Asks the network about the first intent that is due, if any, and journals its entry when the
   * answer is final. One lookup per call: a slow answer delays the publisher's next round by one
   * lookup at most.
   */
  async settleNext(): Promise<{ askedNetwork: boolean; entry?: boolean; problem?: string }> {
    // Counted first: a journal that settled its intents (the usual case) lists nothing each round.
    if (this.journal.unresolvedIntentCount() === 0) return { askedNetwork: false };
    const now = Date.now();
    const intent = this.journal.unresolvedIntents().find((each) => (this.retryAt.get(each.transactionId) ?? 0) <= now);
    if (!intent) return { askedNetwork: false };
    const result = await lookUpTransaction(intent.transactionId, this.client, this.settings.mirrorUrl, intent.validDurationSeconds).catch(
      (error: unknown): LookupResult => ({ found: 'unknown', reason: messageOf(error) }),
    );
    if (result.found === 'unknown') {
      this.retryAt.set(intent.transactionId, result.retryAt ?? Date.now() + this.settings.maxBackoffMs);
      this.logger.debug({ transactionId: intent.transactionId, reason: result.reason }, 'interrupted call not settled yet; later entries go ahead');
      return { askedNetwork: true, problem: `could not learn the outcome of interrupted transaction ${intent.transactionId} yet: ${result.reason}` };
    }
    this.retryAt.delete(intent.transactionId);
    await this.journal.addEntry((seq) => interruptedEntry(intent, seq, this.session, result));
    return { askedNetwork: true, entry: true };
  }

  /** Whether an intent may be settled before `deadline`. */
  dueBefore(deadline: number): boolean {
    if (this.journal.unresolvedIntentCount() === 0) return false;
    return this.journal.unresolvedIntents().some((intent) => (this.retryAt.get(intent.transactionId) ?? 0) < deadline);
  }

  /** When each unsettled intent may be asked about next (epoch ms). */
  retryTimes(): number[] {
    if (this.journal.unresolvedIntentCount() === 0) return [];
    const now = Date.now();
    return this.journal.unresolvedIntents().map((intent) => this.retryAt.get(intent.transactionId) ?? now);
  }
}
