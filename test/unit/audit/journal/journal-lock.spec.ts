import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { JOURNAL_LOCK_STALE_MS, lockJournal, tryLockJournal } from '../../../../src/audit/journal/journal-lock.js';

/** A pid that was alive a moment ago and is not any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('journal lock', () => {
  let folder: string;
  let path: string;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'journal-lock-'));
    path = join(folder, 'hcs-0.0.1.jsonl');
  });

  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  describe('when this process already holds it', () => {
    it('refuses a second lock, naming this process and journalDir, and allows one after release', () => {
      const lock = lockJournal(path);
      expect(() => lockJournal(path)).to.throw(`in use by process ${process.pid} (this process`).and.to.match(/journalDir/);
      lock.release();
      lock.release();
      lockJournal(path).release();
      expect(existsSync(`${path}.lock`)).to.equal(false);
      expect(existsSync(`${path}.owner`)).to.equal(false);
    });
  });

  describe('when another live process holds it', () => {
    it('names that process', () => {
      mkdirSync(`${path}.lock`);
      writeFileSync(`${path}.owner`, JSON.stringify({ pid: process.ppid, host: hostname() }));
      expect(() => lockJournal(path)).to.throw(`in use by process ${process.ppid}.`);
    });
  });

  describe('when its holder died', () => {
    it('takes a lock whose holder is gone from this host at once', () => {
      mkdirSync(`${path}.lock`);
      writeFileSync(`${path}.owner`, JSON.stringify({ pid: deadPid(), host: hostname() }));
      lockJournal(path).release();
    });

    it('takes a lock from another host once it went stale (not refreshed), even with a live-looking pid', () => {
      mkdirSync(`${path}.lock`);
      writeFileSync(`${path}.owner`, JSON.stringify({ pid: process.ppid, host: 'elsewhere' }));
      expect(() => lockJournal(path)).to.throw(`in use by process ${process.ppid} on elsewhere`);
      const longAgo = new Date(Date.now() - 60_000);
      utimesSync(`${path}.lock`, longAgo, longAgo);
      lockJournal(path).release();
    });

    it('takes over the pid file an earlier version left, when its process is gone', () => {
      writeFileSync(`${path}.lock`, String(deadPid()));
      lockJournal(path).release();
      writeFileSync(`${path}.lock`, String(process.ppid));
      expect(() => lockJournal(path)).to.throw(`in use by process ${process.ppid}`);
    });
  });

  describe('when tried rather than taken', () => {
    it('answers undefined while a live process holds it, and the lock once its holder is gone', () => {
      mkdirSync(`${path}.lock`);
      writeFileSync(`${path}.owner`, JSON.stringify({ pid: process.ppid, host: hostname() }));
      expect(tryLockJournal(path)).to.equal(undefined);
      writeFileSync(`${path}.owner`, JSON.stringify({ pid: deadPid(), host: hostname() }));
      const lock = tryLockJournal(path);
      expect(lock).to.not.equal(undefined);
      expect(tryLockJournal(path), 'held by this process now').to.equal(undefined);
      lock!.release();
    });
  });

  describe('when another process is taking over a dead holder\'s lock right now', () => {
    it('does not take it too (two restarted processes would both write), unless that takeover is stale', () => {
      mkdirSync(`${path}.lock`);
      writeFileSync(`${path}.owner`, JSON.stringify({ pid: deadPid(), host: hostname() }));
      mkdirSync(`${path}.takeover`);
      expect(tryLockJournal(path)).to.equal(undefined);
      expect(() => lockJournal(path)).to.throw('is in use by');
      const longAgo = new Date(Date.now() - 2 * JOURNAL_LOCK_STALE_MS);
      utimesSync(`${path}.takeover`, longAgo, longAgo);
      lockJournal(path).release();
      expect(existsSync(`${path}.takeover`)).to.equal(false);
    });
  });
});
