import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ErrorCode } from '../../../../src/errors/index.js';
import { SqliteApprovalStore } from '../../../../src/policies/approvals/index.js';
import { openSqliteDatabase } from '../../../../src/policies/state/sqlite-database.js';
import { approvalStoreContract, sampleRecord, waitUntil } from '../../../support/approval-store-contract.js';

describe('SqliteApprovalStore', function () {
  this.timeout(20_000);
  const folder = mkdtempSync(path.join(tmpdir(), 'sqlite-approvals-'));
  let seq = 0;
  after(() => rmSync(folder, { recursive: true, force: true }));

  approvalStoreContract(() => new SqliteApprovalStore({ path: path.join(folder, `contract-${++seq}.sqlite`) }));

  describe('when two stores (two processes) share the file', () => {
    it('shows a request created by one in the other, and tells the other of its decision within a poll', async () => {
      const file = path.join(folder, 'shared.sqlite');
      const one = new SqliteApprovalStore({ path: file, pollMs: 50 });
      const two = new SqliteApprovalStore({ path: file, pollMs: 50 });
      try {
        const heard: string[] = [];
        two.subscribe((change) => heard.push(`${change.kind}:${change.record.state}`));
        await two.subscribed();
        const record = await one.create(sampleRecord());
        expect((await two.listPending()).map((each) => each.id)).to.include(record.id);
        await two.decide(record.id, { approver: 'alice', approve: true });
        expect((await one.get(record.id))?.state).to.equal('approved');
        await waitUntil(() => heard.includes('decided:approved') && heard.includes('created:pending'));
        expect(heard.filter((each) => each === 'decided:approved'), 'its own decision told once').to.have.length(1);
        // Of two processes claiming the approved call at once, one executes it.
        const claims = await Promise.all([one.claimExecution(record.id, 'agent-1'), two.claimExecution(record.id, 'agent-2')]);
        expect(claims.filter((claim) => claim.ok)).to.have.length(1);
        // A claim given back in one process (its call sent nothing) is heard in the other: the request can run again.
        const again = await one.create(sampleRecord());
        await one.decide(again.id, { approver: 'alice', approve: true });
        expect((await one.claimExecution(again.id, 'agent-1')).ok).to.equal(true);
        await one.releaseExecution(again.id);
        await waitUntil(() => heard.includes('released:approved'));
      } finally {
        await one.close();
        await two.close();
      }
    });
  });

  describe('when the process restarts', () => {
    it('finds its pending requests and their decisions', async () => {
      const file = path.join(folder, 'restart.sqlite');
      const before = new SqliteApprovalStore({ path: file });
      const record = await before.create(sampleRecord());
      await before.decide(record.id, { approver: 'alice', approve: true });
      const open = await before.create(sampleRecord());
      await before.close();
      const after = new SqliteApprovalStore({ path: file });
      expect((await after.get(record.id))?.state).to.equal('approved');
      expect((await after.listPending()).map((each) => each.id)).to.deep.equal([open.id]);
      await after.close();
    });
  });

  describe('when closed', () => {
    it('refuses with E_STORE_UNAVAILABLE naming the file', async () => {
      const store = new SqliteApprovalStore({ path: path.join(folder, 'closed.sqlite') });
      await store.close();
      const error = await store.get('x').catch((caught: unknown) => caught);
      expect(error).to.include({ code: ErrorCode.STORE_UNAVAILABLE });
      expect((error as Error).message).to.contain('closed.sqlite');
    });
  });
  // An approver opens the console while an agent's process is in the middle of a write: the list must
  // show, not wait for the other process's lock (and fail after the busy timeout).
  describe('while another process holds the write lock', () => {
    it('still reads: a request, the pending list and the change log, without waiting for the lock', async () => {
      const file = path.join(folder, 'locked.sqlite');
      const store = new SqliteApprovalStore({ path: file, pollMs: 50 });
      const other = await openSqliteDatabase(file);
      try {
        const record = await store.create(sampleRecord());
        other.exec('BEGIN IMMEDIATE');
        try {
          expect((await store.get(record.id))?.id).to.equal(record.id);
          expect((await store.listPending()).map((each) => each.id)).to.deep.equal([record.id]);
          store.subscribe(() => undefined);
          await store.subscribed();
        } finally {
          other.exec('ROLLBACK');
        }
      } finally {
        other.close();
        await store.close();
      }
    });
  });
});
