import type { Client } from '@hiero-ledger/sdk';
import { messageOf } from '../../errors/index.js';
import type { Logger } from '../../lifecycle/logger.js';
import type { AuditJournal, IntentRecord } from '../journal/index.js';
import { interruptedEntry } from './interrupted-entry.js';
import type { PublisherSettings } from './publisher-options.js';
import { lookUpTransaction, type LookupResult } from '../readers/index.js';
import { payerOf, settleByNoop } from './intent-preemption.js';

/** The client whose operator is `payer` (an account ID), when this process has one: only it can sign a no-op under the payer's transaction IDs. */
export type PayerClients = (payer: string) => Client | undefined;

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
 * A call whose transaction only this process would have sent (`preemptible`, the AUTONOMOUS mode)
 * is settled at once when this process holds the payer's key: a no-op under its transaction ID
 * takes the ID if the call's transaction has not run, and the record of the ID says which ran (see
 * settleByNoop). Otherwise (a custom strategy, another payer, a window already closed) the network
 * is asked, and a transaction it has no trace of is recorded as never executed only once its
 * validity window has closed.
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
    private readonly payerClients: PayerClients = () => undefined,
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
    const result = await this.lookUp(intent).catch((error: unknown): LookupResult => ({ found: 'unknown', reason: messageOf(error) }));
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

  /** A no-op settles it when it can; else (or when that leaves it open for good) the network is asked. */
  private async lookUp(intent: IntentRecord): Promise<LookupResult> {
    const payerClient = intent.preemptible ? this.payerClients(payerOf(intent.transactionId)) : undefined;
    const preempted = payerClient ? await settleByNoop(intent, payerClient, this.journal) : undefined;
    if (preempted) return preempted;
    const noops = this.journal.noopHashes(intent.transactionId);
    return lookUpTransaction(intent.transactionId, this.client, this.settings.mirrorUrl, intent.validDurationSeconds, this.stopping.signal, noops);
  }
}
