import { readFileSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
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
  const lockPath = `${path}.lock`;
  const ownerPath = `${path}.owner`;
  removeLegacyLock(path, lockPath);
  let lost: Error | undefined;
  const options = {
    realpath: false,
    stale: JOURNAL_LOCK_STALE_MS,
    lockfilePath: lockPath,
    // The library's default throws from a timer, which would crash the agent; the journal refuses writes instead.
    onCompromised: (error: Error) => {
      lost = new AgentHooksError(
        ErrorCode.INVALID_ARGUMENT,
        `Audit journal ${path} lost its lock (${error.message}): another process may have taken it over, so this one stops writing to it. Restart this process; give each process its own journalDir.`,
      );
    },
  };
  let unlock: () => void;
  try {
    unlock = lockfile.lockSync(path, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw cannotLock(path, error);
    const owner = readOwner(ownerPath);
    if (!owner || owner.host !== hostname() || owner.pid === process.pid || isAlive(owner.pid)) throw inUse(path, owner);
    // Its holder died without releasing it: take it now rather than after the stale time.
    try {
      rmdirSync(lockPath);
      unlock = lockfile.lockSync(path, options);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'ELOCKED') throw inUse(path, readOwner(ownerPath));
      throw cannotLock(path, again);
    }
  }
  try {
    writeFileSync(ownerPath, JSON.stringify({ pid: process.pid, host: hostname() } satisfies LockOwner));
  } catch (error) {
    unlock();
    throw cannotLock(path, error);
  }
  let released = false;
  return {
    get lost() {
      return lost;
    },
    release() {
      if (released) return;
      released = true;
      // The owner file first: a reader that finds the lock without it says "another process", never a wrong pid.
      if (!lost && readOwner(ownerPath)?.pid === process.pid) ignoreMissing(() => unlinkSync(ownerPath));
      try {
        unlock();
      } catch {
        // already gone, or compromised: nothing of ours to remove
      }
    },
  };
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

/** Versions before proper-lockfile wrote `<file>.lock` as a file holding the pid. */
function removeLegacyLock(path: string, lockPath: string): void {
  let isFile = false;
  try {
    isFile = statSync(lockPath).isFile();
  } catch {
    return;
  }
  if (!isFile) return;
  const pid = Number(readFileSync(lockPath, 'utf8'));
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw inUse(path, { pid, host: hostname() });
  ignoreMissing(() => unlinkSync(lockPath));
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
