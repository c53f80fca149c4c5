import type { Client, TopicId } from '@hiero-ledger/sdk';
import { isSdkClient, isSdkTransaction } from '../values/sdk-values.js';
import { basename, dirname, resolve } from 'node:path';
import {
  type AuditJournal, DEFAULT_JOURNAL_DIR, openStreamJournal, readUndeliveredEntries, type AuditParticipant, type AuditStatus,
  AuditPublisher, closeTimeoutSetting, publisherSettings, type PublisherSettings,
  type DeliveryStrategy, errorEntry, executedEntry, sequenced, transactionIdOf, type UnsequencedEntry,
  lookUpScheduleOnMirror, lookUpScheduleOnNetwork, scheduleWatchSettings,
  type ScheduleWatchSettings, ScheduleWatcher, auditParams,
  oversightEntry, type OversightEntry, type OversightEvent, type ScheduleWatch, type ScheduleOutcomeEntry,
} from '../audit/index.js';
import { AUDIT_CLIENT } from '../di/tokens.js';
import { callRecordOf, type CallRecordView } from '../lifecycle/call-record.js';
import type { KitAware, KitScope } from '../di/kit-scope.js';
import { AgentHooksError, ErrorCode, messageOf } from '../errors/index.js';
import { silentLogger, type Logger } from '../lifecycle/logger.js';
import { ownOptions } from '../lifecycle/primordials.js';
import { KeyRedactor } from '../secrets/key-redactor.js';
import { redactingLogger } from '../secrets/redacting-logger.js';
import type { PostCoreActionParams, PostSecondaryActionParams, PreToolExecutionParams, ToolErrorParams } from '../lifecycle/stage-events.js';
import { AgentMode, returnsBytes } from '../values/agent-mode.js';
import { AbstractHook } from '../listeners/abstract-hook.js';
import { checkedTools } from '../listeners/seed-listeners.js';

import type { AuditTrailOptions } from './audit-trail-options.js';

export { DEFAULT_JOURNAL_DIR };
export type { AuditTrailOptions };

/**
 * The options as a hook keeps them: own properties only, copied onto a null prototype, so an
 * inherited `deliver: false` (a patched Object.prototype) cannot switch auditing off; left out or
 * `null` (a configuration file's "left out") is none. Anything else is passed on for the schema to refuse.
 */
export function ownAuditOptions(given: unknown): unknown {
  if (given === undefined || given === null) return ownOptions({});
  return typeof given === 'object' && !Array.isArray(given) ? ownOptions(given) : given;
}

/** Raised by an audit hook that refuses a call (e.g. in RETURN_BYTES mode); such refusals are not themselves audited. */
export class AuditRefusal extends AgentHooksError {}

/**
 * What both audit hooks share: the client they log with, the journal every outcome is made durable
 * in before the call returns, and the background publisher. Subclasses say how entries reach HCS.
 */
export abstract class AuditTrailBase extends AbstractHook implements KitAware, AuditParticipant {
  private auditClient: Client | undefined;
  /** The kit's redactor once attached (this hook adds its client to it), else one of its own. */
  private secrets: KeyRedactor | undefined;
  private logger: Logger;
  private agentId: string | undefined;
  private mirrorUrl: string | undefined;
  private opening: Promise<OpenState> | undefined;
  private state: OpenState | undefined;
  private closed = false;
  protected readonly journalPath: string;
  protected readonly options: AuditTrailOptions;
  private readonly deliverySettings: PublisherSettings;
  private readonly watchSettings: ScheduleWatchSettings | undefined;
  private readonly closeTimeoutMs: number;
  private readonly outcomeListeners = new Set<ScheduleOutcomeListener>();
  /** The client (and its operator key) the calls brought last, and the redactor it was protected in. */
  private lastProtected: { redactor: KeyRedactor; client: unknown; key: unknown } | undefined;
  /** The clients this process calls and logs with: one whose operator paid an interrupted call can settle it with a no-op. */
  private readonly knownClients = new Set<Client>();

  protected constructor(
    relevantTools: string[],
    /** `lingerMs` is the hook's default linger, when it differs from the publisher's. */
    private readonly stream: { label: string; file: string; lingerMs?: number },
    loggingClient: Client | undefined,
    /**
     * Checked by the subclass against its `configArgs` (see {@link ownAuditOptions}), so a misspelt
     * option (`journalDirectory`) is refused rather than journaling where the operator does not look.
     */
    options: AuditTrailOptions,
  ) {
    super();
    this.options = options;
    this.relevantTools = [...checkedTools(relevantTools, stream.label)];
    // Checked here, so a bad value stops the kit (or the configuration) at start, not the first delivery.
    this.deliverySettings = publisherSettings(options, stream.label, stream.lingerMs);
    this.watchSettings = scheduleWatchSettings(options.scheduleWatch, stream.label);
    this.closeTimeoutMs = closeTimeoutSetting(options.closeTimeoutMs, stream.label);
    this.auditClient = loggingClient;
    this.logger = redactingLogger(options.logger ?? silentLogger, () => this.keys());
    this.agentId = options.agentId;
    this.mirrorUrl = options.mirrorUrl;
    this.journalPath = resolve(options.journalDir ?? DEFAULT_JOURNAL_DIR, stream.file);
  }

  /**
   * Told of each schedule outcome this hook journaled, after it is durable: how the kit closes a
   * request the ledger approved (src/kit/ledger-approval-closer.ts). Returns the removal. A listener
   * that throws or rejects is logged; the outcome entry stands.
   */
  onScheduleOutcome(listener: ScheduleOutcomeListener): () => void {
    this.outcomeListeners.add(listener);
    return () => void this.outcomeListeners.delete(listener);
  }

  private tellOutcome(settled: ScheduleSettled): void {
    for (const listener of [...this.outcomeListeners]) {
      void Promise.resolve()
        .then(() => listener(settled))
        .catch((error: unknown) => this.logger.warn({ scheduleId: settled.entry.scheduleId, error: messageOf(error) }, 'a schedule outcome listener failed'));
    }
  }

  /** How entries of this hook reach the network. */
  protected abstract delivery(): DeliveryStrategy;

  /** The topic entries go to (used in status reports). */
  protected abstract get topicId(): TopicId;

  /** The client order: loggingClient, then the kit's AUDIT_CLIENT, then the kit's operator client. */
  attachToKit(scope: KitScope): Promise<void> {
    this.auditClient ??= scope.container.isRegistered(AUDIT_CLIENT, true) ? scope.container.resolve(AUDIT_CLIENT) : scope.client;
    this.knownClients.add(scope.client);
    // Shared with the kit, so its results, logs and input screen also guard the key this hook logs with.
    this.secrets = scope.secrets;
    this.secrets.protectClient(this.auditClient);
    if (!this.options.logger) this.logger = scope.logger;
    this.agentId ??= scope.context.sessionId ?? scope.context.accountId ?? scope.client.operatorAccountId?.toString();
    this.mirrorUrl ??= scope.context.mirrorNodeUrl;
    // Check the topic, then open, now: a kit refuses to start on a topic that cannot take entries
    // (createAgentKit waits for this), and entries left by an earlier run go out without waiting for a call.
    const started = (async () => {
      await this.beforeFirstCall();
      await this.ready();
    })();
    started.catch((error) => this.logger.error({ journal: this.journalPath, error: (error as Error).message }, 'audit hook could not start'));
    return started;
  }

  // Each stage method first checks the tool: the Hedera Agent Kit calls every hook for every tool,
  // and passes the tool only as `method` (its params have no `method` field).
  override async preToolExecutionHook(params: PreToolExecutionParams, method: string = params.method): Promise<void> {
    if (!this.appliesToMethod(method)) return;
    if (returnsBytes(params.context?.mode)) {
      // The Hedera Agent Kit's sentence, which its users match on, then what to do about it.
      throw new AuditRefusal(
        ErrorCode.MODE,
        `Unsupported hook: ${this.stream.label} does not support AgentMode.RETURN_BYTES or AgentMode.CUSTOM_RETURN_BYTES. Stopping the agent execution before tool ${method} is executed. ` +
          'Nothing is submitted from this process in that mode, so there is no outcome to record; use AUTONOMOUS mode or remove the hook.',
      );
    }
    this.useClient(params.client);
    // Fail closed: a call that cannot be journaled does not run. The topic first: no journal for a topic that fails.
    await this.beforeFirstCall();
    await this.ready();
  }

  override async postCoreActionHook(params: PostCoreActionParams, method: string = params.method): Promise<void> {
    if (!this.appliesToMethod(method)) return;
    const transactionId = transactionIdOf(params.coreActionResult);
    if (!isSdkTransaction(params.coreActionResult) || !transactionId) return;
    const { journal } = await this.ready();
    const normalised = params.normalisedParams !== undefined;
    await journal.addIntent({
      transactionId,
      tool: method,
      at: new Date().toISOString(),
      params: auditParams(normalised ? params.normalisedParams : params.rawParams),
      paramsKind: normalised ? 'normalised' : 'raw',
      ...validDurationOf(params.coreActionResult),
      // Sent in this call by this process, or never: a restart may take its ID with a no-op. A custom
      // strategy may hand it to something that sends it later, so its ID is left alone.
      ...(isAutonomous(params.context?.mode) ? { preemptible: true as const } : {}),
    });
  }

  override async postToolExecutionHook(params: PostSecondaryActionParams, method: string = params.method): Promise<void> {
    if (!this.appliesToMethod(method)) return;
    this.useClient(params.client);
    const entry = executedEntry(params.method === method ? params : { ...params, method }, this.entrySession());
    // A call an approval let through names its request, so audit verify can prove the quorum came first.
    // Read from the call's record on the event: a kit of the other build (or another kit) keeps its own.
    const call = callRecordOf(params);
    const approvalRequestId = call?.approvalRequestId;
    await this.record(approvalRequestId ? { ...entry, approvalRequestId } : entry, call);
  }

  override async toolErrorHook(params: ToolErrorParams, method: string = params.method): Promise<void> {
    if (!this.appliesToMethod(method) || params.error instanceof AuditRefusal) return;
    await this.record(errorEntry(params.method === method ? params : { ...params, method }, this.entrySession()), callRecordOf(params));
  }

  /**
   * Journals an oversight event (see AuditParticipant.recordOversight) under this hook's session,
   * then delivers it like every entry. The event is checked first: a malformed one is refused.
   */
  async recordOversight(event: OversightEvent): Promise<OversightEntry> {
    // Built once before the journal is touched, so a refused event opens nothing.
    oversightEntry(event, 1, this.entrySession());
    const { journal, publisher } = await this.ready();
    const entry = await journal.addEntry((seq) => oversightEntry(event, seq, this.entrySession()));
    if (this.options.deliver !== false) publisher.kick();
    return entry;
  }

  auditStatus(): AuditStatus {
    // Once open, the journal of this hook's own stream, which may be another than the folder's first.
    const journalPath = this.state?.journal.path ?? this.journalPath;
    const status: AuditStatus = { stream: `${this.stream.label} ${this.topicId.toString()}`, journal: journalPath, undelivered: 0 };
    // Before the journal is open (or after it closed) the file itself says what is undelivered.
    const open = this.state !== undefined && !this.closed;
    const undelivered = open ? this.state!.journal.undeliveredEntries() : (readUndeliveredEntries(journalPath) ?? []);
    status.undelivered = undelivered.length;
    if (undelivered[0]) status.oldestUndelivered = undelivered[0].timestamp;
    if (this.state?.publisher.lastError) status.lastError = this.state.publisher.lastError;
    const unsettled = open ? this.state!.publisher.unsettledIntents() : 0;
    if (unsettled) status.unsettled = unsettled;
    const pendingSchedules = open ? this.state!.journal.pendingScheduleCount() : 0;
    if (pendingSchedules) status.pendingSchedules = pendingSchedules;
    if (open && this.state!.watcher?.lastError) status.scheduleWatchError = this.state!.watcher.lastError;
    return status;
  }

  async flushAudit(timeoutMs = this.closeTimeoutMs): Promise<AuditStatus> {
    if (this.closed || this.options.deliver === false || (!this.opening && !this.state)) return this.auditStatus();
    try {
      const { publisher } = await this.ready();
      await publisher.flush(timeoutMs);
    } catch (error) {
      return { ...this.auditStatus(), lastError: `the journal could not be opened: ${(error as Error).message}` };
    }
    return this.auditStatus();
  }

  /**
   * Flushes, stops delivery and closes the journal, all within `closeTimeoutMs`: the grace that
   * attempts in flight get comes out of the same budget, and a lookup of an interrupted call that
   * has not answered is not waited for. What is still undelivered or unsettled stays in the journal
   * and goes out on the next start; the report says how much.
   */
  async close(): Promise<AuditStatus> {
    if (this.closed) return this.auditStatus();
    const deadline = Date.now() + this.closeTimeoutMs;
    const grace = (): number => Math.max(0, Math.min(STOP_GRACE_MS, deadline - Date.now()));
    // First, so no outcome entry appears after the flush that is meant to deliver everything.
    await this.state?.watcher?.stop(grace());
    const status = await this.flushAudit(Math.max(0, deadline - Date.now()));
    this.closed = true;
    // An open still under way (attachToKit starts one; flushAudit does not wait for it without delivery) would leave the lock behind.
    await this.opening?.catch(() => undefined);
    if (this.state) {
      await this.state.watcher?.stop(grace());
      await this.state.publisher.stop(grace());
      await this.state.journal.close();
    }
    if (status.undelivered) this.logger.warn({ ...status }, 'audit entries not yet delivered; they stay in the journal and go out on the next start');
    if (status.unsettled) this.logger.warn({ ...status }, 'interrupted calls whose outcome the network cannot tell yet; they are settled on the next start');
    if (status.pendingSchedules) this.logger.warn({ ...status }, 'scheduled calls whose schedule has no outcome yet; they are watched again on the next start');
    return status;
  }

  /** Subclasses check their topic here (once); throwing fails the call before anything is built. */
  protected async beforeFirstCall(): Promise<void> {}

  protected get client(): Client {
    if (!this.auditClient) throw new AgentHooksError(ErrorCode.INVALID_ARGUMENT, `${this.stream.label} has no client yet: register it with a kit or pass a loggingClient.`);
    return this.auditClient;
  }

  /**
   * Outside a kit (in the Hedera Agent Kit) the client arrives with the calls; its operator key is
   * protected as well as this hook's own client's (in a kit, it already is: a no-op).
   */
  private useClient(client: Client): void {
    this.auditClient ??= client;
    if (isSdkClient(client)) this.knownClients.add(client);
    // Calls bring the same client again and again; protecting it again would cost a key encoding
    // and empty the redactor's remembered names on every call. A new operator key is protected.
    const redactor = this.keys();
    const key = (client as { operatorPublicKey?: unknown } | null | undefined)?.operatorPublicKey;
    const last = this.lastProtected;
    if (last && last.redactor === redactor && last.client === client && last.key === key) return;
    redactor.protectClient(client);
    this.lastProtected = { redactor, client, key };
  }

  /** What entries and log lines are redacted with: the kit's own keys and this hook's client's. */
  private keys(): KeyRedactor {
    if (!this.secrets) {
      this.secrets = new KeyRedactor();
      this.secrets.protectClient(this.auditClient);
    }
    return this.secrets;
  }

  /** A client of this process whose operator is `payer`, so it can sign under `payer`'s transaction IDs. */
  private clientPaying(payer: string): Client | undefined {
    for (const client of [this.auditClient, ...this.knownClients]) if (client?.operatorAccountId?.toString() === payer) return client;
    return undefined;
  }

  private entrySession(): string {
    return this.agentId ?? this.auditClient?.operatorAccountId?.toString() ?? 'unknown-agent';
  }

  private async record(entry: UnsequencedEntry, call: CallRecordView | undefined): Promise<void> {
    const { journal, publisher, watcher } = await this.ready();
    await journal.addEntry((seq) => sequenced(entry, seq));
    // The call's span names its entry (src/telemetry/), told through the call's own record, so the
    // kit that ran the call hears it whichever build this hook is; a Hedera Agent Kit call has no record.
    call?.noteAuditEntry(entry.id);
    if (this.options.deliver !== false) publisher.kick();
    if (entry.scheduleId) watcher?.kick();
  }

  /**
   * The watcher of this hook's schedules: none without delivery (the process may have no network,
   * and the schedules stay pending for a hook that has). The mirror is read at each look, so one
   * set by attachToKit counts.
   */
  private watcherFor(journal: AuditJournal, publisher: AuditPublisher): ScheduleWatcher | undefined {
    if (!this.watchSettings || this.options.deliver === false) return undefined;
    const lookUp = (watch: Parameters<typeof lookUpScheduleOnNetwork>[0]) => (this.mirrorUrl ? lookUpScheduleOnMirror(watch, this.mirrorUrl) : lookUpScheduleOnNetwork(watch, this.client));
    return new ScheduleWatcher(journal, lookUp, this.entrySession(), this.logger, this.watchSettings, (settled) => {
      publisher.kick();
      this.tellOutcome(settled);
    });
  }

  private ready(): Promise<OpenState> {
    if (this.closed) return Promise.reject(new AgentHooksError(ErrorCode.KIT_CLOSED, `${this.stream.label} is closed.`));
    this.opening ??= (async () => {
      // A stream of its own in the folder: other processes (a fleet on one configuration) may hold others.
      const journal = await openStreamJournal(dirname(this.journalPath), basename(this.journalPath), this.keys(), { logger: this.logger });
      let publisher: AuditPublisher;
      try {
        const settings = { ...this.deliverySettings, mirrorUrl: this.mirrorUrl };
        publisher = new AuditPublisher(journal, this.delivery(), this.client, this.entrySession(), this.logger, settings, (payer) => this.clientPaying(payer));
      } catch (error) {
        await journal.close(); // else its lock stays held and the retry finds the journal "in use" by this very process
        throw error;
      }
      this.state = { journal, publisher, watcher: this.watcherFor(journal, publisher) };
      if (this.options.deliver !== false && publisher.hasWork()) publisher.kick();
      this.state.watcher?.start();
      return this.state;
    })();
    this.opening.catch(() => {
      this.opening = undefined; // let the next call try again (e.g. after the folder was fixed)
    });
    return this.opening;
  }
}

/** Longest grace `close()` gives attempts and lookups in flight once it stops them (less when its budget is nearly spent). */
const STOP_GRACE_MS = 1_000;

/** A schedule outcome journaled: the watch (from the call's entry) and the outcome entry. */
export interface ScheduleSettled {
  readonly watch: ScheduleWatch;
  readonly entry: ScheduleOutcomeEntry;
}
export type ScheduleOutcomeListener = (settled: ScheduleSettled) => void | Promise<void>;

/** What an open hook holds: the journal, its publisher and, when schedules are watched, the watcher. */
interface OpenState {
  journal: AuditJournal;
  publisher: AuditPublisher;
  watcher?: ScheduleWatcher;
}

/** AUTONOMOUS (also when no mode is set): the kit's own strategy submits the transaction within the call. */
function isAutonomous(mode: unknown): boolean {
  return mode === undefined || mode === AgentMode.AUTONOMOUS;
}

/** The valid duration a built transaction carries, so a crash-time lookup knows when it can no longer land. */
function validDurationOf(transaction: { transactionValidDuration?: unknown }): { validDurationSeconds?: number } {
  const seconds = transaction.transactionValidDuration;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? { validDurationSeconds: seconds } : {};
}

// Built-in guards: their methods cannot be patched by a plugin after this package loaded.
Object.freeze(AuditTrailBase.prototype);
