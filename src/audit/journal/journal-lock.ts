import { mkdirSync, readFileSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import lockfile from 'proper-lockfile';
import { AgentHooksError, ErrorCode } from '../../errors/index.js';

/** A lock not refreshed for this long belongs to a process that is gone (or frozen): it is taken over. */
export const JOURNAL_LOCK_STALE_MS = 10_000;

/** Who holds a journal, as written beside its lock once it is taken. */
interface LockOwner {
  pid: number;
  host: string;
}

/** One process's hold on a journal file. */
export interface JournalLock {
  /** Set once another process took the lock over (ours was not refreshed in time): writing must stop. */
  readonly lost: Error | undefined;
  /** Gives the lock up; safe to call more than once. */
  release(): void;
}

/**
 * Locks a journal for this process: proper-lockfile's `<file>.lock` folder, made atomically and kept
 * fresh by a timer, so a process that died (on this host or another sharing the folder) leaves a lock
 * that goes stale and is taken over, even when its pid has since been reused. Beside it,
 * `<file>.owner` names the holder, for the message a second process gets, and lets a lock whose
 * holder is provably dead on this host be taken at once instead of after the stale time (a crashed
 * agent restarted by its supervisor must not be refused for ten seconds).
 *
 * @example
 * const lock = lockJournal('/var/lib/agent/audit/hcs-0.0.1234.jsonl');
 * try { … } finally { lock.release(); }
 */
export function lockJournal(path: string): JournalLock {
  const taken = acquire(path);
  if ('lock' in taken) return taken.lock;
  throw inUse(path, taken.heldBy);
}

/**
 * Like {@link lockJournal}, but `undefined` when a live process holds the journal (another audit
 * hook of this process included) instead of an error: how a process of a fleet looks for a stream
 * of its own among the journals of a shared folder. A lock whose holder died is taken, as by
 * lockJournal; any other failure (a folder it may not write) still throws.
 */
export function tryLockJournal(path: string): JournalLock | undefined {
  const taken = acquire(path);
  return 'lock' in taken ? taken.lock : undefined;
}

type Acquired = { lock: JournalLock } | { heldBy: LockOwner | undefined };

function acquire(path: string): Acquired {
  const lockPath = `${path}.lock`;
  const ownerPath = `${path}.owner`;
  const legacyHolder = legacyLockHolder(path, lockPath);
  if (legacyHolder) return { heldBy: legacyHolder };
  let lost: Error | undefined;
  const options = {
    realpath: false,
    stale: JOURNAL_LOCK_STALE_MS,
    lockfilePath: lockPath,
    // The library's default throws from a timer, which would crash the agent; the journal refuses writes instead.
    onCompromised: (error: Error) => {
      lost = new AgentHooksError(
        ErrorCode.INVALID_ARGUMENT,
        `Audit journal ${path} lost its lock (${error.message}): another process may have taken it over, so this one stops writing to it. Restart this process.`,
      );
    },
  };
  let unlock: (() => void) | undefined;
  try {
    unlock = lockfile.lockSync(path, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw cannotLock(path, error);
  }
  if (unlock) writeOwner(ownerPath, unlock, path);
  else {
    const owner = readOwner(ownerPath);
    if (!owner || owner.host !== hostname() || owner.pid === process.pid || isAlive(owner.pid)) return { heldBy: owner };
    // Its holder died without releasing it: take it now rather than after the stale time.
    const takenOver = takeOver(path, lockPath, ownerPath, () => lockfile.lockSync(path, options));
    if ('heldBy' in takenOver) return takenOver;
    unlock = takenOver.unlock;
  }
  const held = unlock;
  let released = false;
  return {
    lock: {
      get lost() {
        return lost;
      },
      release() {
        if (released) return;
        released = true;
        // The owner file first: a reader that finds the lock without it says "another process", never a wrong pid.
        if (!lost && readOwner(ownerPath)?.pid === process.pid) ignoreMissing(() => unlinkSync(ownerPath));
        try {
          held();
        } catch {
          // already gone, or compromised: nothing of ours to remove
        }
      },
    },
  };
}

/**
 * Takes the lock of a holder that died, under `<file>.takeover` (made atomically): without it, two
 * processes restarted together (a fleet after a crash) could both read the dead owner, and the
 * second would remove the lock the first had just taken, leaving two writers. Whoever makes the
 * folder reads the owner again, so the one that comes second finds the first one alive. A takeover
 * folder left by a process that died inside this function is stale after the lock's stale time.
 */
function takeOver(path: string, lockPath: string, ownerPath: string, lock: () => () => void): { unlock: () => void } | { heldBy: LockOwner | undefined } {
  const guard = `${path}.takeover`;
  if (!makeGuard(guard)) return { heldBy: readOwner(ownerPath) };
  try {
    const owner = readOwner(ownerPath);
    if (owner && (owner.host !== hostname() || owner.pid === process.pid || isAlive(owner.pid))) return { heldBy: owner };
    ignoreMissing(() => rmdirSync(lockPath));
    let unlock: () => void;
    try {
      unlock = lock();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOCKED') return { heldBy: readOwner(ownerPath) };
      throw cannotLock(path, error);
    }
    writeOwner(ownerPath, unlock, path);
    return { unlock };
  } finally {
    ignoreMissing(() => rmdirSync(guard));
  }
}

/** Makes the takeover folder; `false` when another process is taking over right now. */
function makeGuard(guard: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      mkdirSync(guard);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let age = 0;
      try {
        age = Date.now() - statSync(guard).mtimeMs;
      } catch {
        continue; // just removed: try again
      }
      if (age < JOURNAL_LOCK_STALE_MS) return false;
      ignoreMissing(() => rmdirSync(guard));
    }
  }
  return false;
}

function writeOwner(ownerPath: string, unlock: () => void, path: string): void {
  try {
    writeFileSync(ownerPath, JSON.stringify({ pid: process.pid, host: hostname() } satisfies LockOwner));
  } catch (error) {
    unlock();
    throw cannotLock(path, error);
  }
}

function inUse(path: string, owner: LockOwner | undefined): AgentHooksError {
  const who = !owner
    ? 'another process'
    : owner.pid === process.pid && owner.host === hostname()
      ? `process ${owner.pid} (this process: another audit hook writes the same topic; close it first or give this one its own journalDir)`
      : `process ${owner.pid}${owner.host === hostname() ? '' : ` on ${owner.host}`}`;
  return new AgentHooksError(
    ErrorCode.INVALID_ARGUMENT,
    `Audit journal ${path} is in use by ${who}. One process writes a journal at a time: stop that process, or give this one its own journalDir (the audit hook's journalDir option).`,
  );
}

function cannotLock(path: string, error: unknown): AgentHooksError {
  return new AgentHooksError(ErrorCode.INVALID_ARGUMENT, `Could not lock the audit journal ${path}: ${(error as Error).message}`);
}

function readOwner(ownerPath: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(ownerPath, 'utf8')) as Partial<LockOwner>;
    return Number.isInteger(owner.pid) && owner.pid! > 0 && typeof owner.host === 'string' ? (owner as LockOwner) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Versions before proper-lockfile wrote `<file>.lock` as a file holding the pid: its holder when that
 * process is alive, else the file is removed and `undefined` returned.
 */
function legacyLockHolder(path: string, lockPath: string): LockOwner | undefined {
  let isFile = false;
  try {
    isFile = statSync(lockPath).isFile();
  } catch {
    return undefined;
  }
  if (!isFile) return undefined;
  const pid = Number(readFileSync(lockPath, 'utf8'));
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) return { pid, host: hostname() };
  ignoreMissing(() => unlinkSync(lockPath));
  return undefined;
}

function ignoreMissing(remove: () => void): void {
  try {
    remove();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
