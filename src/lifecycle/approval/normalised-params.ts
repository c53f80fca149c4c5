import { AgentHooksError, ErrorCode, nothingSent } from '../../errors/index.js';
import { hasOwnIn } from '../primordials.js';
import { approvalFingerprint } from './fingerprint.js';

/*
 * What protects the normalised params the postParamsNormalization policies approved: how they are kept from changing between the policies' verdict and the
 * build (and the result and audit trail after it). Freezing is the cheap guard: one walk, and a
 * frozen value needs no later check. So the lock freezes everything it can — plain containers and
 * class instances alike (AccountId, Hbar, Long, BigNumber, keys: their methods return new values,
 * none mutates itself after construction) — and fingerprints only what freezing cannot protect:
 * byte arrays (key bytes), objects whose state lives in internal slots (Map, Set, Date), and live
 * SDK machinery (transactions, queries, clients), which must stay mutable to work. A typical
 * transfer leaves nothing to fingerprint, so checking its lock costs nothing.
 *
 * What no lock sees: `#private` fields and state a class keeps outside its instance. A tool that
 * mutates its own normalised values after approval now fails with a TypeError (strict mode) at
 * the write, as it was refused before by the fingerprint check.
 */

/** Per prototype: whether its instances can be frozen without breaking them (decided once). */
const freezableByPrototype = new WeakMap<object, boolean>();

function freezable(item: object): boolean {
  if (ArrayBuffer.isView(item)) return false;
  const proto = Object.getPrototypeOf(item) as object | null;
  if (proto === null) return true;
  let known = freezableByPrototype.get(proto);
  if (known === undefined) freezableByPrototype.set(proto, (known = !keepsLiveState(item)));
  return known;
}

/** Built-ins with internal slots freezing does not reach, and SDK objects that mutate while they work. */
function keepsLiveState(item: object): boolean {
  if (item instanceof Map || item instanceof Set || item instanceof WeakMap || item instanceof WeakSet) return true;
  if (item instanceof Date || item instanceof RegExp || item instanceof Promise || item instanceof ArrayBuffer) return true;
  const probe = item as Record<string, unknown>;
  // Transactions and queries (execute, freezeWith), clients (setOperator), emitters (emit), thenables.
  return ['execute', 'freezeWith', 'setOperator', 'emit', 'then'].some((name) => typeof probe[name] === 'function');
}

interface Walk {
  residue: object[];
  /** The objects being frozen above the current one: a reference back to one of them is a cycle. */
  ancestors: object[];
  /** Objects visited so far. Without a visited set, objects shared within the params are walked once per path to them. */
  visits: number;
}

/** Past this many visits (params built to share objects deeply), the rest is left to the fingerprint, which visits each object once. */
const MAX_VISITS = 10_000;

/**
 * Freezes `value` all the way down, adding what is left for a fingerprint to guard to the walk's
 * residue. Nothing is remembered between calls: objects already frozen (a tool's shared constants)
 * are walked again, which costs less than a WeakMap entry per object would (measured: remembering
 * them made locking a fresh two-line transfer half again as slow).
 */
function freezeDeep(value: unknown, walk: Walk): void {
  if (value === null || typeof value !== 'object') return;
  const ancestors = walk.ancestors;
  if (ancestors.includes(value)) return;
  const proto = Object.getPrototypeOf(value) as object | null;
  const plain = proto === Object.prototype || proto === Array.prototype;
  // Past any sane depth the fingerprint takes over (it has its own bound): nothing goes unguarded.
  if (ancestors.length > 32 || ++walk.visits > MAX_VISITS || (!plain && !freezable(value)) || !tryFreeze(value)) {
    walk.residue.push(value);
    return;
  }
  // A Long (every ID and amount holds a few) is read through its numbers and flag only: frozen, it
  // is done. Only a class instance counts: a plain object from the LLM claiming to be one is walked.
  if (!plain && readsAsLong(value)) return;
  ancestors.push(value);
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) freezeDeep(record[key], walk);
  ancestors.pop();
}

function readsAsLong(value: object): boolean {
  const long = value as { __isLong__?: unknown; low?: unknown; high?: unknown };
  return long.__isLong__ === true && typeof long.low === 'number' && typeof long.high === 'number';
}

/** A plain object whose own values are all primitives: freezing it protects it whole, as the walk would. */
function holdsOnlyPrimitives(value: object): boolean {
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key in value) {
    if (!hasOwnIn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    if (item !== null && (typeof item === 'object' || typeof item === 'function')) return false;
  }
  return true;
}

/** Exotic objects (a module namespace, some proxies) refuse to freeze: they are fingerprinted instead. */
function tryFreeze(value: object): boolean {
  try {
    Object.freeze(value);
    return true;
  } catch {
    return false;
  }
}

/** Approved normalised params, locked: frozen, and fingerprinted where freezing falls short. */
export class NormalisedParamsLock {
  /** What most calls get: nothing a freeze could not protect, so nothing to check. */
  private static readonly NOTHING_TO_CHECK = new NormalisedParamsLock([], '');

  private constructor(
    private readonly residue: readonly object[],
    private readonly fingerprint: string,
  ) {}

  static of(value: unknown): NormalisedParamsLock {
    // Numbers, strings and the like need no walk; most calls leave nothing to fingerprint and
    // share one lock with nothing to check.
    if (value === null || typeof value !== 'object') return NormalisedParamsLock.NOTHING_TO_CHECK;
    // Flat params (a plain object of primitives) are frozen whole: no walk to set up for them.
    if (holdsOnlyPrimitives(value) && tryFreeze(value)) return NormalisedParamsLock.NOTHING_TO_CHECK;
    const walk: Walk = { residue: [], ancestors: [], visits: 0 };
    freezeDeep(value, walk);
    const residue = walk.residue;
    return residue.length ? new NormalisedParamsLock(residue, approvalFingerprint(residue)) : NormalisedParamsLock.NOTHING_TO_CHECK;
  }

  /** Throws when something freezing could not protect changed since the lock; nothing has been built or sent. */
  assertUnchanged(tool: string, stage: string): void {
    if (!this.residue.length || approvalFingerprint(this.residue) === this.fingerprint) return;
    throw nothingSent(
      new AgentHooksError(
        ErrorCode.APPROVAL_CHANGED,
        `${tool}: the params the ${stage} policies approved were changed afterwards (a listener edited a value in place); nothing was built or sent.`,
      ),
    );
  }
}

/** Locks the normalised params an event carries, SDK values included, and freezes the event. */
export function lockNormalisedParams(event: { readonly normalisedParams: unknown }): NormalisedParamsLock {
  const lock = NormalisedParamsLock.of(event.normalisedParams);
  Object.freeze(event);
  return lock;
}
