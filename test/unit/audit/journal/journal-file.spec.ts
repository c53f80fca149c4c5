import { expect } from 'chai';
import { constants, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sinon from 'sinon';
import { JournalFile } from '../../../../src/audit/journal/journal-file.js';

describe('JournalFile', () => {
  const sandbox = sinon.createSandbox();
  let dir: string;
  let path: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'journal-file-'));
    path = join(dir, 'hcs-0.0.1.jsonl');
  });

  afterEach(() => {
    sandbox.restore();
    rmSync(dir, { recursive: true, force: true });
  });

  const lines = (): unknown[] => readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line));

  describe('when the content is replaced while appends come in', () => {
    it('builds the replacement once every earlier append is durable, and writes later appends to the new file', async () => {
      const { file } = await JournalFile.open(path);
      const seen: unknown[] = [];
      await Promise.all([
        file.append([{ n: 1 }], () => seen.push(1)),
        file.replace(
          () => {
            seen.push('build');
            return [{ n: 'new' }];
          },
          () => seen.push('committed'),
        ),
        file.append([{ n: 2 }], () => seen.push(2)),
      ]);
      await file.close();
      expect(seen).to.deep.equal([1, 'build', 'committed', 2]);
      expect(lines()).to.deep.equal([{ n: 'new' }, { n: 2 }]);
      expect(existsSync(`${path}.compact.tmp`)).to.equal(false);
    });
  });

  describe('when the replacement cannot be put in place', () => {
    it('rejects it, leaves the file as it was, and later appends still land', async () => {
      sandbox.stub(fsPromises, 'rename').rejects(new Error('EIO: simulated'));
      const { file } = await JournalFile.open(path);
      const committed = sandbox.stub();
      await file.append([{ n: 1 }]);
      await file.replace(() => [{ n: 'new' }], committed).then(
        () => expect.fail('replaced'),
        (error: Error) => expect(error.message).to.equal(`Could not compact the audit journal ${path}: EIO: simulated`),
      );
      await file.append([{ n: 2 }]);
      await file.close();
      expect(committed.called).to.equal(false);
      expect(lines()).to.deep.equal([{ n: 1 }, { n: 2 }]);
      expect(existsSync(`${path}.compact.tmp`)).to.equal(false);
    });
  });

  describe('when records are appended, before and after a replacement', () => {
    /** The open flags of this process's descriptors on `file`, from Linux's /proc. */
    const openFlags = (file: string): number[] =>
      readdirSync('/proc/self/fd').flatMap((fd) => {
        try {
          if (readlinkSync(`/proc/self/fd/${fd}`) !== file) return [];
          return [parseInt(/^flags:\s+([0-7]+)/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))![1]!, 8)];
        } catch {
          return []; // a descriptor closed meanwhile
        }
      });

    it('writes through (O_SYNC): each group commit is one write that returns once on disk, with no fsync after it', async function () {
      if (process.platform !== 'linux') {
        console.log(`      (skipped: reads the descriptor's flags from /proc, which ${process.platform} does not have)`);
        this.skip();
      }
      const { file } = await JournalFile.open(path); // a new file is synced once, with its folder, when created
      const probe = await fsPromises.open(join(dir, 'probe'), 'w');
      const syncs = sandbox.spy(Object.getPrototypeOf(probe) as { sync(): Promise<void> }, 'sync');
      await probe.close();
      await file.append([{ n: 1 }]);
      await file.replace(() => [{ n: 'new' }], () => undefined);
      await file.append([{ n: 2 }]);
      const flags = openFlags(path);
      await file.close();
      expect(flags).to.have.length(1);
      expect(flags[0]! & constants.O_SYNC).to.equal(constants.O_SYNC);
      expect(syncs.called).to.equal(false);
      expect(lines()).to.deep.equal([{ n: 'new' }, { n: 2 }]);
    });
  });

  describe('when an append cannot be made durable', () => {
    it('refuses every later write, so no line lands after what the failed write left', async () => {
      const { file } = await JournalFile.open(path);
      await file.append([{ n: 1 }]);
      const probe = await fsPromises.open(join(dir, 'probe'), 'w');
      const handles = Object.getPrototypeOf(probe) as { write(): Promise<unknown> };
      await probe.close();
      // The journal writes through (O_SYNC): the write is where the disk says it could not make the line durable.
      sandbox.stub(handles, 'write').onFirstCall().rejects(new Error('EIO: simulated')).callThrough();
      const failed = await file.append([{ n: 2 }]).then(() => undefined, (error: Error) => error);
      expect(failed?.message).to.equal(`Could not write the audit journal ${path}: EIO: simulated; it takes no more writes until it is opened again (restart the kit)`);
      const later = await file.append([{ n: 3 }]).then(() => undefined, (error: Error) => error);
      expect(later).to.equal(failed);
      await file.close();
      expect(lines()).to.not.deep.include({ n: 3 });
      expect(lines()[0]).to.deep.equal({ n: 1 });
    });
  });

  describe('when a crash left a half-written replacement', () => {
    it('deletes it on open and reads the file itself', async () => {
      writeFileSync(path, '{"n":1}\n');
      writeFileSync(`${path}.compact.tmp`, '{"n":"ne');
      const { file, records } = await JournalFile.open(path);
      await file.close();
      expect(records).to.deep.equal([{ n: 1 }]);
      expect(existsSync(`${path}.compact.tmp`)).to.equal(false);
    });
  });
});
