import { hostname, userInfo } from 'node:os';
import { z } from 'zod';
import { invalidArgument, messageOf, parseOptions } from '../errors/index.js';
import { storeNameOption } from './option-schemas.js';
import type { PolicyStore, SwitchCell } from './state/policy-store.js';
import { storeFrom, storeOption, type StoreSpec } from './state/store-spec.js';

/** What a pause stops: the calls that move value (VALUE_MOVING_TOOLS), or every call. */
export const PAUSE_SCOPES = ['value-moving', 'all'] as const;
export type PauseScope = (typeof PAUSE_SCOPES)[number];

/** A pause as the store keeps it and the audit trail records it. */
export interface PauseRecord {
  readonly scope: PauseScope;
  /** Why, in the operator's words; quoted to the LLM. */
  readonly reason: string;
  /** Who paused: a console token's name, `alice@ops-host (pid 4242)`, an approver's key name. */
  readonly by: string;
  /** When, ISO 8601. */
  readonly at: string;
}

/**
 * What this process believes of the switch: read from the store at most `pollMs` ago. `unknown`
 * when the store could not be read: value-moving calls are then refused (fail closed), and a pause
 * this process last knew of (`lastPause`) stays in force with its scope until the store answers.
 */
export type KillSwitchState =
  | { readonly state: 'running' }
  | { readonly state: 'paused'; readonly pause: PauseRecord }
  | { readonly state: 'unknown'; readonly problem: string; readonly lastPause?: PauseRecord };

export interface KillSwitchOptions {
  /** Where the switch lives: `'memory'` (default: this process), `{ redis, prefix }` or a PolicyStore to share it. */
  store?: PolicyStore | StoreSpec | null;
  /** The switch's name in the store: processes that use the same store, prefix and name share it. Default `kill-switch`. */
  name?: string;
  /** How often the store is read, in ms: 50 to 1000 (default 250), so a pause anywhere holds here within a second. */
  pollMs?: number;
}

export interface PauseOptions {
  /** `'value-moving'` (default) or `'all'`. */
  scope?: PauseScope;
  /** Who pauses; default this process's user, host and pid. */
  by?: string;
}

export interface UnpauseOptions {
  /** Who unpauses; default this process's user, host and pid. */
  by?: string;
}

const POLL_ACCEPTED = 'a whole number of ms from 50 to 1000';
const REASON_ACCEPTED = 'a reason of 1 to 500 characters, not only spaces';
const BY_ACCEPTED = 'a name of 1 to 200 characters, not only spaces';
const SCOPE_ACCEPTED = `one of ${PAUSE_SCOPES.map((scope) => `'${scope}'`).join(', ')}`;

export const killSwitchOptions = z
  .object(
    {
      store: storeOption.optional(),
      name: storeNameOption.optional(),
      pollMs: z.number({ error: POLL_ACCEPTED }).int({ error: POLL_ACCEPTED }).min(50, { error: POLL_ACCEPTED }).max(1_000, { error: POLL_ACCEPTED }).optional(),
    } satisfies Record<keyof KillSwitchOptions, z.ZodType>,
    { error: 'options { store?, name?, pollMs? }' },
  )
  .strict();

const reasonSchema = z.string({ error: REASON_ACCEPTED }).max(500, { error: REASON_ACCEPTED }).refine((text) => text.trim() !== '', { error: REASON_ACCEPTED });
const bySchema = z.string({ error: BY_ACCEPTED }).max(200, { error: BY_ACCEPTED }).refine((text) => text.trim() !== '', { error: BY_ACCEPTED });
const pauseOptions = z.object({ scope: z.enum(PAUSE_SCOPES, { error: SCOPE_ACCEPTED }).optional(), by: bySchema.optional() }, { error: 'options { scope?, by? }' }).strict();
const unpauseOptions = z.object({ by: bySchema.optional() }, { error: 'options { by? }' }).strict();

const RUNNING: KillSwitchState = Object.freeze({ state: 'running' });

/**
 * A pause every process sharing the store obeys: `pause()` turns it on in the store, and each
 * process's switch reads the store every `pollMs`, so its calls are refused within a second. The
 * check a call makes reads only the local state ({@link blockReason}): no store round-trip per call.
 * A store that cannot be read makes the state `unknown`, which refuses value-moving calls.
 *
 * Give a kit one with `createAgentKit({ killSwitch })` (options or an instance, which several kits
 * may share); the kit then checks it before any policy, and `kit.pause()` / `kit.unpause()` audit it.
 *
 * @example
 * const killSwitch = new KillSwitch({ store: { redis: 'redis://127.0.0.1:6379', prefix: 'agents' } });
 * const kit = await createAgentKit({ client, killSwitch });
 * await kit.pause('unexpected transfers to new accounts', { scope: 'all', by: 'alice' });
 */
export class KillSwitch {
  /** The constructor's arguments, as a configuration's JSON schema describes them. */
  static readonly configArgs = z.tuple([killSwitchOptions.optional()]);

  readonly name: string;
  readonly pollMs: number;
  private readonly store: PolicyStore;
  private readonly ownsStore: boolean;
  private readonly cell: SwitchCell;
  private current: KillSwitchState = RUNNING;
  /** Bumped by each local change, so a read that started before it does not undo it. */
  private changes = 0;
  /** Changes sent to the store and not yet answered: a read meanwhile may predate them. */
  private writing = 0;
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<KillSwitchState> | undefined;
  private users = 0;
  private started: Promise<void> | undefined;

  constructor(options: KillSwitchOptions = {}) {
    const owner = 'KillSwitch';
    const { name, pollMs } = parseOptions(owner, killSwitchOptions, options);
    const { store, owned } = storeFrom(options.store, owner);
    if (typeof store.switch !== 'function') {
      if (owned) void store.close();
      throw invalidArgument(`${owner}: the store (${store.description}) has no switch(name) method; use a MemoryPolicyStore, a RedisPolicyStore or a store that implements switch().`, [0, 'store']);
    }
    this.name = name ?? 'kill-switch';
    this.pollMs = pollMs ?? 250;
    this.store = store;
    this.ownsStore = owned;
    this.cell = store.switch(this.name);
  }

  /** What the store is, for messages: read each time, as a default store moves to the kit's state file before first use. */
  get storeDescription(): string {
    return this.store.description;
  }

  /** What this process believes now (see {@link KillSwitchState}). */
  get state(): KillSwitchState {
    return this.current;
  }

  /**
   * Why a call of `tool` is refused now, or undefined when it may run. Reads the local state only.
   * @param valueMoving whether the tool moves value (a `'value-moving'` pause and an unknown state refuse only those)
   */
  blockReason(tool: string, valueMoving: boolean): string | undefined {
    const current = this.current;
    if (current.state === 'running') return undefined;
    if (current.state === 'unknown') {
      const unreadable = `the kill switch's state cannot be read from the store (${this.storeDescription}: ${current.problem})`;
      // The last pause read stays in force: an unreachable store must not lift what an operator turned on.
      const last = current.lastPause;
      if (last && (last.scope === 'all' || valueMoving)) return `${unreadable}, so the last pause read from it stays in force: ${pauseSentence(last)}`;
      if (!valueMoving) return undefined;
      return `${unreadable}, so value-moving calls such as ${tool} are refused until it can; do not retry until an operator has checked`;
    }
    const { pause } = current;
    if (pause.scope === 'value-moving' && !valueMoving) return undefined;
    return `the kill switch is on: ${pauseSentence(pause)}`;
  }

  /** Turns the switch on in the store (replacing an earlier pause) and here at once; answers the pause. */
  async pause(reason: string, options: PauseOptions = {}): Promise<PauseRecord> {
    parseOptions('KillSwitch.pause', z.tuple([reasonSchema]), [reason]);
    const { scope, by } = parseOptions('KillSwitch.pause', pauseOptions, options, 1);
    const record: PauseRecord = Object.freeze({ scope: scope ?? 'value-moving', reason: reason.trim(), by: (by ?? defaultActor()).trim(), at: new Date().toISOString() });
    // Here first: this process stops even if the store does not answer (the error still says so).
    this.changes++;
    this.current = Object.freeze({ state: 'paused', pause: record });
    this.writing++;
    try {
      await this.cell.set(JSON.stringify(record));
    } finally {
      this.writing--;
      // Again once written: a read that started while the write was out may have seen the old value.
      this.changes++;
    }
    return record;
  }

  /** Turns the switch off in the store and here; answers the pause it lifted (undefined when none was on). */
  async unpause(options: UnpauseOptions = {}): Promise<{ readonly by: string; readonly at: string; readonly lifted: PauseRecord | undefined }> {
    const { by } = parseOptions('KillSwitch.unpause', unpauseOptions, options);
    this.writing++;
    let held: string | undefined;
    try {
      held = await this.cell.clear();
    } finally {
      this.writing--;
    }
    // Bumped once cleared, so a read that started before (and saw the pause) does not bring it back.
    this.changes++;
    this.current = RUNNING;
    return Object.freeze({ by: (by ?? defaultActor()).trim(), at: new Date().toISOString(), lifted: held === undefined ? undefined : recordOf(held) });
  }

  /** Reads the store now and updates the local state; a read already under way is shared. */
  refresh(): Promise<KillSwitchState> {
    if (this.reading) return this.reading;
    const changes = this.changes;
    const reading = this.cell.read().then(
      (held): KillSwitchState => (held === undefined ? RUNNING : Object.freeze({ state: 'paused', pause: recordOf(held) })),
      (error: unknown): KillSwitchState => {
        // Read when the answer comes: a pause made here meanwhile is the one that stays in force.
        const lastPause = lastKnownPause(this.current);
        return Object.freeze({ state: 'unknown', problem: messageOf(error), ...(lastPause ? { lastPause } : {}) });
      },
    );
    this.reading = reading.then((state) => {
      this.reading = undefined;
      // A pause or unpause made here while the read was out is newer than what the read saw.
      if (this.changes === changes && this.writing === 0) this.current = state;
      return this.current;
    });
    return this.reading;
  }

  /**
   * Starts watching the store (the first read, then one every `pollMs`); one call per kit that uses
   * the switch, each matched by {@link detach}. Resolves after the first read, whatever it found.
   */
  attach(): Promise<void> {
    this.users++;
    if (!this.started) {
      this.started = this.refresh().then(() => undefined);
      this.timer = setInterval(() => void this.refresh(), this.pollMs);
      // A watcher must not keep a finished program alive.
      this.timer.unref?.();
    }
    return this.started;
  }

  /** One user fewer; the last stops watching and closes the store the switch made itself. */
  async detach(): Promise<void> {
    if (this.users === 0) return;
    if (--this.users > 0) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.started = undefined;
    await this.reading?.catch(() => undefined);
    if (this.ownsStore) await this.store.close();
  }
}

/** Who paused what, when and why, and what lifts it: the part of a refusal every pause shares. */
function pauseSentence(pause: PauseRecord): string {
  const what = pause.scope === 'all' ? 'every call' : 'every value-moving call';
  return `${pause.by} paused ${what} at ${pause.at} because "${pause.reason}". Nothing runs until an operator unpauses (agent-hooks unpause, or kit.unpause()); do not retry until then`;
}

/** The pause `state` holds or last knew of, if any. */
function lastKnownPause(state: KillSwitchState): PauseRecord | undefined {
  if (state.state === 'paused') return state.pause;
  return state.state === 'unknown' ? state.lastPause : undefined;
}

/**
 * A record read from the store. One this version cannot read is still a pause (fail closed), of
 * every call, saying so.
 */
function recordOf(text: string): PauseRecord {
  try {
    const value = JSON.parse(text) as Partial<PauseRecord>;
    if (value && (value.scope === 'value-moving' || value.scope === 'all') && typeof value.reason === 'string' && typeof value.by === 'string' && typeof value.at === 'string') {
      return Object.freeze({ scope: value.scope, reason: value.reason, by: value.by, at: value.at });
    }
  } catch {
    // fall through
  }
  return Object.freeze({ scope: 'all', reason: 'the switch holds a pause this version cannot read', by: 'unknown', at: 'an unknown time' });
}

/** `user@host (pid N)`: who this process runs as, when a pause or unpause names nobody. */
export function defaultActor(): string {
  let user = 'unknown-user';
  try {
    user = userInfo().username || user;
  } catch {
    // Some containers run as a uid with no passwd entry.
  }
  return `${user}@${hostname()} (pid ${process.pid})`;
}

/** A KillSwitch of either build, recognised by its methods, never `instanceof`. */
export function isKillSwitch(value: unknown): value is KillSwitch {
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as Record<string, unknown>;
  return ['pause', 'unpause', 'blockReason', 'attach', 'detach', 'refresh'].every((method) => typeof candidate[method] === 'function');
}

/** The `killSwitch` option of createAgentKit and of a configuration: a KillSwitch, or its options. */
export const killSwitchOption = z.union([z.custom<KillSwitch>(isKillSwitch), killSwitchOptions], {
  error: 'a KillSwitch, or its options { store?, name?, pollMs? } (e.g. { "store": { "redis": "redis://127.0.0.1:6379" } })',
});

/** The switch an option names: the instance itself, or a new one from its options. */
export function killSwitchFrom(option: KillSwitch | KillSwitchOptions): KillSwitch {
  return isKillSwitch(option) ? option : new KillSwitch(option);
}
