import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { SpendLimitPolicy } from '../../../../src/policies/spend-limit-policy.js';
import { ErrorCode } from '../../../../src/errors/index.js';
import { SqlitePolicyStore } from '../../../../src/policies/state/sqlite-store.js';
import { storeFrom } from '../../../../src/policies/state/store-spec.js';
import { storeContract } from '../../../support/store-contract.js';

const HOUR = 3_600_000;
const line = { account: '0.0.5', asset: 'HBAR', amount: 5n, limit: 5n };

describe('SqlitePolicyStore', function () {
  this.timeout(20_000);
  let folder: string;
  let file: string;

  before(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'sqlite-store-'));
    file = path.join(folder, 'state', 'agent-hooks-state.sqlite');
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  describe('as a PolicyStore, four connections on one file', () => {
    storeContract(
      () => new SqlitePolicyStore({ path: file }),
      () => new SqlitePolicyStore({ path: file }),
    );
  });

  describe('when the process restarts', () => {
    it('finds the budget, counts, claims and switch where the last process left them', async () => {
      const before = new SqlitePolicyStore({ path: file });
      await before.reserve('restart', 'spent', [line], HOUR);
      await before.commit('restart', 'spent', [line], HOUR);
      await before.counter('restart', 1, 60_000).take('t');
      await before.claims('restart').take('k', 'call-1', 'record', HOUR);
      await before.switch('restart').set('paused by alice');
      await before.close();

      const after = new SqlitePolicyStore({ path: file });
      expect(await after.usage('restart', '0.0.5', 'HBAR', HOUR)).to.deep.equal({ committed: 5n, pending: 0n });
      expect(await after.reserve('restart', 'again', [{ ...line, amount: 1n }], HOUR)).to.deep.include({ ok: false, used: 5n });
      expect(await after.counter('restart', 1, 60_000).take('t')).to.include({ ok: false, count: 1 });
      expect(await after.claims('restart').take('k', 'call-2', 'r', HOUR)).to.deep.equal({ ok: false, holder: 'call-1', record: 'record' });
      expect(await after.switch('restart').read()).to.equal('paused by alice');
      await after.close();
    });
  });

  describe('switches', () => {
    it('answers what each change replaced, and shares the switch between stores on the file', async () => {
      const one = new SqlitePolicyStore({ path: file });
      const two = new SqlitePolicyStore({ path: file });
      expect(await one.switch('s').read()).to.equal(undefined);
      expect(await one.switch('s').set('on 1')).to.equal(undefined);
      expect(await two.switch('s').set('on 2')).to.equal('on 1');
      expect(await one.switch('s').read()).to.equal('on 2');
      const cleared = await Promise.all([one.switch('s').clear(), two.switch('s').clear()]);
      expect(cleared.filter((record) => record !== undefined)).to.deep.equal(['on 2']);
      expect(await two.switch('other').read()).to.equal(undefined);
      await Promise.all([one.close(), two.close()]);
    });
  });

  describe('once open', () => {
    it('answers budgets at once too, with the same state', async () => {
      const store = new SqlitePolicyStore({ path: file });
      expect(store.atOnce).to.equal(undefined); // not open yet: the first call opens it through the promise
      await store.usage('at-once', '0.0.5', 'HBAR', HOUR);
      expect(store.atOnce!.reserve('at-once', 'a', [line], HOUR)).to.include({ ok: true });
      store.atOnce!.commit('at-once', 'a', [line], HOUR);
      expect(await store.usage('at-once', '0.0.5', 'HBAR', HOUR)).to.deep.equal({ committed: 5n, pending: 0n });
      await store.close();
      expect(store.atOnce).to.equal(undefined);
    });
  });

  describe('when its clock is given', () => {
    it('keeps budgets by that clock, to the millisecond', async () => {
      let now = 1_000_000;
      const store = new SqlitePolicyStore({ path: file, now: () => now });
      await store.reserve('clock', 'a', [line], 1_000);
      now += 999;
      expect(await store.reserve('clock', 'b', [line], 1_000)).to.deep.equal({ ok: false, now, line, used: 5n, freesAt: 1_001_000 });
      now += 1;
      expect(await store.reserve('clock', 'c', [line], 1_000)).to.deep.equal({ ok: true, now });
      await store.close();
    });
  });

  describe('when a commit is repeated (a retry)', () => {
    it('counts it once', async () => {
      const store = new SqlitePolicyStore({ path: file });
      const big = { ...line, amount: 3n, limit: 100n };
      await store.reserve('retry', 'a', [big], HOUR);
      await store.commit('retry', 'a', [big], HOUR);
      await store.commit('retry', 'a', [big], HOUR);
      await store.reserve('retry', 'b', [big], HOUR);
      await store.reserve('retry', 'b', [big], HOUR); // a repeated reservation replaces the first
      expect(await store.usage('retry', '0.0.5', 'HBAR', HOUR)).to.deep.equal({ committed: 3n, pending: 3n });
      await store.close();
    });
  });

  describe('when the file cannot be opened', () => {
    it('fails each operation with E_STORE_UNAVAILABLE naming the file, so the policy blocks', async () => {
      const blocked = path.join(folder, 'not-a-folder');
      await new SqlitePolicyStore({ path: path.join(folder, 'x.sqlite') }).close();
      rmSync(blocked, { force: true });
      (await import('node:fs')).writeFileSync(blocked, 'a file where a folder should be');
      const store = new SqlitePolicyStore({ path: path.join(blocked, 'state.sqlite') });
      const error = await store.reserve('b', 'a', [line], HOUR).catch((caught: unknown) => caught);
      expect(error).to.include({ code: ErrorCode.STORE_UNAVAILABLE });
      expect((error as Error).message).to.include(`the policy store (SQLite at ${path.join(blocked, 'state.sqlite')}) failed: `);
      const counted = await store.counter('c', 1, 1_000).take('t').catch((caught: unknown) => caught);
      expect(counted).to.include({ code: ErrorCode.STORE_UNAVAILABLE });
      await store.close();
    });
  });

  describe('when it is closed', () => {
    it('refuses every operation instead of reopening', async () => {
      const store = new SqlitePolicyStore({ path: file });
      await store.usage('closed', '0.0.5', 'HBAR', HOUR);
      await store.close();
      const error = await store.reserve('closed', 'a', [line], HOUR).catch((caught: unknown) => caught);
      expect(error).to.include({ code: ErrorCode.STORE_UNAVAILABLE });
      expect((error as Error).message).to.match(/the store is closed$/);
    });
  });

  describe('as a policy option', () => {
    it('is what { sqlite: path } names, owned by the policy; a bad path is refused naming what is accepted', async () => {
      const { store, owned } = storeFrom({ sqlite: file }, 'SpendLimitPolicy');
      expect(owned).to.equal(true);
      expect(store.description).to.equal(`SQLite at ${file}`);
      expect(store.shared).to.equal(true);
      await store.close();
      expect(() => storeFrom({ sqlite: '' }, 'SpendLimitPolicy')).to.throw(/store/);
      expect(() => storeFrom({ sqlite: 'x', prefix: 'y' }, 'SpendLimitPolicy')).to.throw(/store/);
      expect(() => new SqlitePolicyStore({ path: 7 as unknown as string })).to.throw(/SqlitePolicyStore.*path.*a file path/s);
    });

    // An operator moving from Redis to the file keeps the Redis prefix: the error once called 'prefix' unknown and listed it as accepted.
    it('refuses a Redis option beside the file, listing what the file form accepts (its path), not the Redis options', () => {
      const refusal = (store: unknown) => (() => new SpendLimitPolicy({ hbar: 1, windowMs: 60_000, store: store as never })) as () => void;
      expect(refusal({ sqlite: file, prefix: 'agents' })).to.throw("SpendLimitPolicy: unknown option 'store.prefix'; accepted: sqlite.");
      expect(refusal({ sqlite: file, commandTimeoutMs: 500 })).to.throw("unknown option 'store.commandTimeoutMs'; accepted: sqlite.");
      // The Redis form's own mistakes still list the Redis options.
      expect(refusal({ redis: 'redis://127.0.0.1:6379', prefx: 'agents' })).to.throw("unknown option 'store.prefx'; accepted: redis, prefix, commandTimeoutMs, connectTimeoutMs.");
    });
  });
});
