import { expect } from 'chai';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeFolders } from '../../../../src/audit/journal/make-folders.js';

describe('makeFolders', () => {
  it('creates every missing level and accepts folders that exist', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'make-folders-'));
    try {
      const deep = path.join(root, 'a', 'b', 'c');
      makeFolders(deep);
      makeFolders(deep);
      expect(statSync(deep).isDirectory()).to.equal(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('fails at once, naming the folder, where Node’s recursive mkdir never returns (under /proc)', () => {
    expect(() => makeFolders('/proc/agent-hooks-journal/audit')).to.throw(/could not create the folder \/proc\/agent-hooks-journal \(for \/proc\/agent-hooks-journal\/audit\): ENOENT/);
  });
});
