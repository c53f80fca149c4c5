import { EXPIRY_GRACE_MS } from '../audit/schedules/schedule-finding.js';
import { messageOf } from '../errors/index.js';
import type { Logger } from '../lifecycle/logger.js';
import type { ApprovalRecord } from '../policies/approvals/approval-record.js';
import type { ApprovalChange, ApprovalStore } from '../policies/approvals/approval-store.js';
import { approvalStoresOf } from './approval-resume.js';
import { lookAtRequestSchedule, lookAtScheduleCreate, type ScheduleSource, type ScheduleVerdict } from './ledger-schedule-look.js';

/** A ledger approval's request's ScheduleCreate gets this long to record its own answer before it is looked up. */
const CREATE_WAIT_MS = 5_000;
/** Without a mirror: the look that sees the schedule still in state comes this long before it expires… */
const BEFORE_EXPIRY_MS = 20_000;
/** …and the look that finds it gone this long after. */
const AFTER_EXPIRY_MS = 2_000;
/** After a source failed, or a late look found nothing final: waits double from this… */
const RETRY_MS = 2_000;
/** …up to this. */
const MAX_RETRY_MS = 300_000;
/** Looks after an approver's decision (at once, then 1, 2, 4, 8 s): the mirror lists an execution seconds later. */
const DECISION_LOOKS = 5;
/** Looks past expiry (clocks differ, the mirror lags) before a request is left to the next start or read. */
const LATE_LOOKS = 8;
/** The longest a Node timer waits; a later look is re-planned when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The stores of a kit's policies the ledger approves for (ApprovalPolicy `via: 'schedule'`, read by
 * shape): only those are followed, so a kit with none subscribes to no store and asks the ledger nothing.
 */
export function ledgerApprovalStoresOf(owned: readonly object[]): ApprovalStore[] {
  return approvalStoresOf(owned, (policy) => (policy as { via?: unknown }).via === 'schedule');
}

type FollowingStore = ApprovalStore & Required<Pick<ApprovalStore, 'listScheduled' | 'recordSchedule' | 'closeSchedule'>>;

function followsSchedules(store: ApprovalStore): store is FollowingStore {
  return typeof store.listScheduled === 'function' && typeof store.recordSchedule === 'function' && typeof store.closeSchedule === 'function';
}

/** One request this kit follows until its schedule's outcome closes it. */
interface Followed {
  readonly store: FollowingStore;
  readonly id: string;
  timer?: NodeJS.Timeout;
  looking?: Promise<void>;
  again?: boolean;
  /** When a look began that found the schedule in the network's state, unexecuted (network only). */
  seenInStateAt?: number;
  failures: number;
  decisionLooks: number;
  lateLooks: number;
}

/**
 * Closes the requests the ledger approves (ApprovalPolicy `via: 'schedule'`) by asking the ledger,
 * so none stays `scheduled` for want of an audit hook to journal its schedule's outcome, after an
 * UNKNOWN ScheduleCreate, or across a restart. It looks at a request's schedule:
 * - at kit start, for every request of the kit's approval stores still scheduled;
 * - when the kit reads a request (kit.resume) and after each approver's decision (their
 *   ScheduleSign may have completed the threshold), heard from the store, other processes' too;
 * - around the schedule's expiry: with a mirror node once the expiry is past its grace; without
 *   one, shortly before expiry (it is still in state) and shortly after (it is gone, and no receipt
 *   says it ran), which together prove it expired.
 * A create whose outcome was UNKNOWN is first looked up by its transaction ID, and its schedule ID
 * recorded (or, refused, the request expired). The store's `closeSchedule` makes the change, so it is
 * on the audit trail as when an audit hook's outcome closes it. A look that fails, or a ledger that
 * no longer says, leaves the request open and logs a warning: nothing is closed on a guess.
 */
export class LedgerApprovalSweep {
  private readonly followed = new Map<string, Followed>();
  private readonly detachers = new Map<ApprovalStore, () => void>();
  private stopped = false;

  constructor(
    private readonly source: () => ScheduleSource,
    private readonly logger: Logger,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Follows these stores' requests from now on, and starts a pass over those still scheduled; a store attached already is left as it is. */
  attach(stores: readonly ApprovalStore[]): void {
    for (const store of stores) {
      if (this.stopped || !followsSchedules(store) || this.detachers.has(store)) continue;
      this.detachers.set(store, store.subscribe((change) => this.heard(store, change)));
      void this.pass(store);
    }
  }

  /** Looks at every request of `store` still scheduled, one at a time; resolves when each look is done. */
  async pass(store: ApprovalStore): Promise<void> {
    if (!followsSchedules(store)) return;
    let open: ApprovalRecord[];
    try {
      open = await store.listScheduled();
    } catch (error) {
      if (!this.stopped) this.logger.warn({ store: store.description, error: messageOf(error) }, 'the ledger-approved requests still scheduled could not be listed, so they were not looked at');
      return;
    }
    for (const record of open) {
      if (this.stopped) return;
      await this.look(this.follow(store, record.id));
    }
  }

  /** Before a request is read: when it is scheduled, looks at its schedule first, so it reads closed once the ledger says so. */
  async settle(id: string, stores: readonly ApprovalStore[]): Promise<void> {
    for (const store of stores) {
      if (this.stopped || !followsSchedules(store)) continue;
      const record = await store.get(id).catch(() => undefined);
      if (record?.state === 'scheduled' && record.schedule) return this.look(this.follow(store, id));
      if (record) return;
    }
  }

  detachAll(): void {
    this.stopped = true;
    for (const detach of this.detachers.values()) detach();
    this.detachers.clear();
    for (const followed of this.followed.values()) clearTimeout(followed.timer);
    this.followed.clear();
  }

  private heard(store: FollowingStore, { kind, record }: ApprovalChange): void {
    if (this.stopped) return;
    if (record.state !== 'scheduled' || !record.schedule) return this.forget(record.id);
    const followed = this.follow(store, record.id);
    if (kind === 'decided') {
      followed.decisionLooks = DECISION_LOOKS;
      void this.look(followed);
    } else if (kind === 'created' || kind === 'scheduled') {
      if (kind === 'scheduled') followed.lateLooks = 0;
      this.plan(followed, record, undefined);
    }
  }

  private follow(store: FollowingStore, id: string): Followed {
    let followed = this.followed.get(id);
    if (!followed || followed.store !== store) {
      if (followed) clearTimeout(followed.timer);
      followed = { store, id, failures: 0, decisionLooks: 0, lateLooks: 0 };
      this.followed.set(id, followed);
    }
    return followed;
  }

  private forget(id: string): void {
    const followed = this.followed.get(id);
    if (!followed) return;
    clearTimeout(followed.timer);
    this.followed.delete(id);
  }

  /** One look at a time per request; a reason to look that comes during one looks once more after it. */
  private look(followed: Followed): Promise<void> {
    if (followed.looking) {
      followed.again = true;
      return followed.looking;
    }
    followed.looking = (async () => {
      do {
        followed.again = false;
        await this.lookOnce(followed).catch((error: unknown) => this.failed(followed, messageOf(error)));
      } while (followed.again && !this.stopped);
    })().finally(() => (followed.looking = undefined));
    return followed.looking;
  }

  private async lookOnce(followed: Followed): Promise<void> {
    clearTimeout(followed.timer);
    if (this.stopped) return;
    const { store, id } = followed;
    let record = await store.get(id);
    if (record?.state !== 'scheduled' || !record.schedule) return this.forget(id);
    const source = this.source();
    if (!record.schedule.scheduleId) {
      const created = await lookAtScheduleCreate(record, source.client);
      if (created.kind !== 'known') return this.after(followed, record, created);
      const recorded = await store.recordSchedule(id, created.sent);
      // Refused because the call recorded the same answer meanwhile is no news; anything else is.
      if (!recorded.ok && recorded.record?.schedule?.scheduleId !== created.sent.scheduleId) this.warn(followed, recorded.reason);
      record = recorded.record ?? (await store.get(id));
      if (record?.state !== 'scheduled' || !record.schedule?.scheduleId) return this.forget(id);
      followed.lateLooks = 0;
    }
    const began = this.clock();
    const verdict = await lookAtRequestSchedule(record, source, followed.seenInStateAt, began);
    if (this.stopped) return;
    if (verdict.kind === 'closed') {
      const closed = await store.closeSchedule(id, verdict.closing);
      // Closed by someone else meanwhile (an audit hook's outcome, another process) is the same end.
      if (!closed.ok && closed.record?.state === 'scheduled') this.warn(followed, closed.reason);
      return this.forget(id);
    }
    if (verdict.kind === 'open' && verdict.inState) followed.seenInStateAt = began;
    this.after(followed, record, verdict);
  }

  /** The store failed (reading, recording or closing): looked at again after a backoff. */
  private failed(followed: Followed, reason: string): void {
    followed.failures++;
    this.warn(followed, reason);
    if (this.stopped) return;
    clearTimeout(followed.timer);
    followed.timer = setTimeout(() => void this.look(followed), backoff(followed.failures));
    followed.timer.unref();
  }

  private after(followed: Followed, record: ApprovalRecord, verdict: Exclude<ScheduleVerdict, { kind: 'closed' }>): void {
    if (verdict.kind === 'failed') {
      followed.failures++;
      this.warn(followed, verdict.reason);
    } else {
      followed.failures = 0;
      if (verdict.kind === 'unknown') this.warn(followed, verdict.reason);
    }
    this.plan(followed, record, verdict);
  }

  /** Arms the next look: the soonest of a retry after a decision or failure, and the look the schedule's expiry calls for. */
  private plan(followed: Followed, record: ApprovalRecord, verdict: ScheduleVerdict | undefined): void {
    clearTimeout(followed.timer);
    if (this.stopped) return;
    const now = this.clock();
    const times: number[] = [];
    if (followed.decisionLooks > 0) times.push(now + 1_000 * 2 ** (DECISION_LOOKS - followed.decisionLooks--));
    if (verdict?.kind === 'failed') times.push(now + backoff(followed.failures));
    else if (verdict?.kind !== 'unknown') {
      const next = this.expiryLook(followed, record, now);
      if (next !== undefined) times.push(next);
    }
    if (!times.length) return;
    const delay = Math.min(Math.max(0, Math.min(...times) - now), MAX_TIMER_MS);
    followed.timer = setTimeout(() => void this.look(followed), delay);
    // What is still open is looked at again at the next start: following never holds a process open.
    followed.timer.unref();
  }

  /** When the request's schedule calls for its next look, if it does. */
  private expiryLook(followed: Followed, record: ApprovalRecord, now: number): number | undefined {
    if (!record.schedule?.scheduleId) {
      // The create's receipt: first once its call had time to record it, then less and less often, until well past expiry.
      if (now > record.expiresAt + MAX_RETRY_MS) return undefined;
      const wait = followed.lateLooks === 0 ? 0 : backoff(followed.lateLooks);
      followed.lateLooks++;
      return Math.max(record.createdAt + CREATE_WAIT_MS, now + wait);
    }
    if (this.source().mirrorUrl) {
      const last = record.expiresAt + EXPIRY_GRACE_MS + AFTER_EXPIRY_MS;
      if (now < last) return last;
    } else {
      // The look that finds it gone proves an expiry only after a recent one that saw it still in state.
      const before = record.expiresAt - BEFORE_EXPIRY_MS;
      const seenLate = followed.seenInStateAt !== undefined && followed.seenInStateAt >= before;
      if (!seenLate && now < record.expiresAt) return Math.max(before, now);
      const after = record.expiresAt + AFTER_EXPIRY_MS;
      if (now < after) return after;
    }
    // Past the last planned look and still open: clocks differ, or the mirror lags; a few more, then the next start or read.
    if (followed.lateLooks >= LATE_LOOKS) return undefined;
    return now + backoff(++followed.lateLooks);
  }

  private warn(followed: Followed, reason: string): void {
    if (this.stopped) return;
    this.logger.warn({ requestId: followed.id, store: followed.store.description, reason }, 'a ledger-approved request stays open: its schedule could not be looked at, or the ledger does not say yet how it ended');
  }
}

function backoff(attempt: number): number {
  return Math.min(RETRY_MS * 2 ** Math.max(0, attempt - 1), MAX_RETRY_MS);
}
