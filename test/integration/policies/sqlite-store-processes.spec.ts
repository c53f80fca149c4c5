import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { SqlitePolicyStore } from '../../../src/policies/state/sqlite-store.js';

const run = promisify(execFile);
const CHILD = path.resolve(__dirname, '../../support/sqlite-budget-child.js');

describe('SqlitePolicyStore shared by several processes', function () {
  this.timeout(120_000);
  let folder: string;

  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'sqlite-processes-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('grants exactly the limit when four processes race for one budget file, never one reservation more', async () => {
    const file = path.join(folder, 'agent-hooks-state.sqlite');
    // Four processes, 60 reservations of 10 each at once, against 500: 240 tries for 50 places.
    const children = await Promise.all(Array.from({ length: 4 }, () => run(process.execPath, [CHILD, file, '60', '10', '500'])));
    const granted = children.map((child) => Number(child.stdout.trim()));
    expect(granted.reduce((sum, each) => sum + each, 0), `granted per process: ${granted.join(', ')}`).to.equal(50);
    const store = new SqlitePolicyStore({ path: file });
    const usage = await store.usage('shared', '0.0.1001', 'HBAR', 3_600_000);
    await store.close();
    expect(usage).to.deep.equal({ committed: 500n, pending: 0n });
  });

  it('lets a later process see what the earlier ones spent (a restart)', async () => {
    const file = path.join(folder, 'agent-hooks-state.sqlite');
    await run(process.execPath, [CHILD, file, '10', '10', '100']);
    const store = new SqlitePolicyStore({ path: file });
    const { committed } = await store.usage('shared', '0.0.1001', 'HBAR', 3_600_000);
    expect(committed).to.equal(100n);
    await store.close();
    const again = await run(process.execPath, [CHILD, file, '10', '10', '150']);
    expect(Number(again.stdout.trim())).to.equal(5); // 100 of 150 was spent before: room for five more
  });
});
