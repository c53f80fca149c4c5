import { expect } from 'chai';
import type { BudgetLine, PolicyStore } from '../../src/policies/state/policy-store.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const HOUR = 3_600_000;

function line(amount: bigint, limit: bigint, account = '0.0.1001', asset = 'HBAR'): BudgetLine {
  return { account, asset, amount, limit };
}

/**
 * What every PolicyStore does, run against the memory store and the Redis store alike. `make`
 * returns a store with fresh state; `another` (when given) a second store on the same state, as a
 * second process would have.
 */
export function storeContract(make: () => PolicyStore, another?: (first: PolicyStore) => PolicyStore): void {
  let store: PolicyStore;
  let budget: string;
  let seq = 0;

  beforeEach(() => {
    store = make();
    budget = `b${Date.now()}-${seq++}`;
  });
  afterEach(async () => {
    await store.close();
  });

  describe('budgets', () => {
    it('reserves what fits, refuses what does not with what is used, and counts reservations', async () => {
      expect(await store.reserve(budget, 'a', [line(300n, 500n)], HOUR)).to.include({ ok: true });
      const refused = await store.reserve(budget, 'b', [line(201n, 500n)], HOUR);
      expect(refused).to.deep.include({ ok: false, used: 300n, line: line(201n, 500n) });
      expect(refused.ok === false && refused.freesAt).to.be.a('number');
      expect(await store.reserve(budget, 'c', [line(200n, 500n)], HOUR)).to.include({ ok: true });
      expect(await store.usage(budget, '0.0.1001', 'HBAR', HOUR)).to.deep.equal({ committed: 0n, pending: 500n });
    });

    it('says when enough frees up: when the oldest entries that make room leave the window', async () => {
      const first = await store.reserve(budget, 'a', [line(100n, 300n)], HOUR);
      await sleep(20);
      const second = await store.reserve(budget, 'b', [line(100n, 300n)], HOUR);
      await store.reserve(budget, 'c', [line(100n, 300n)], HOUR);
      const refused = await store.reserve(budget, 'd', [line(150n, 300n)], HOUR);
      expect(refused.ok).to.equal(false);
      if (refused.ok || !first.ok || !second.ok) throw new Error('unreachable');
      // 300 used + 150 > 300: the two oldest (200) must leave; the second left at its time + window.
      expect(refused.freesAt).to.be.within(second.now + HOUR - 5, second.now + HOUR + 5);
      const never = await store.reserve(budget, 'e', [line(301n, 300n)], HOUR);
      expect(never.ok === false && never.freesAt).to.equal(undefined);
    });

    it('reserves all lines of a call or none', async () => {
      await store.reserve(budget, 'a', [line(90n, 100n, '0.0.2')], HOUR);
      const refused = await store.reserve(budget, 'b', [line(10n, 100n, '0.0.1'), line(20n, 100n, '0.0.2')], HOUR);
      expect(refused).to.deep.include({ ok: false, used: 90n });
      expect(await store.usage(budget, '0.0.1', 'HBAR', HOUR)).to.deep.equal({ committed: 0n, pending: 0n });
    });

    it('keeps a commit, gives a release back, and a release after a commit changes nothing', async () => {
      await store.reserve(budget, 'a', [line(100n, 500n)], HOUR);
      await store.reserve(budget, 'b', [line(200n, 500n)], HOUR);
      await store.commit(budget, 'a', [line(100n, 500n)], HOUR);
      await store.release(budget, 'b', [line(200n, 500n)]);
      await store.release(budget, 'a', [line(100n, 500n)]);
      expect(await store.usage(budget, '0.0.1001', 'HBAR', HOUR)).to.deep.equal({ committed: 100n, pending: 0n });
      expect(await store.reserve(budget, 'c', [line(400n, 500n)], HOUR)).to.include({ ok: true });
    });

    it('keeps budgets apart by name, account and asset', async () => {
      await store.reserve(budget, 'a', [line(500n, 500n)], HOUR);
      expect(await store.reserve(`${budget}-other`, 'b', [line(500n, 500n)], HOUR)).to.include({ ok: true });
      expect(await store.reserve(budget, 'c', [line(500n, 500n, '0.0.1002')], HOUR)).to.include({ ok: true });
      expect(await store.reserve(budget, 'd', [line(500n, 500n, '0.0.1001', '0.0.7')], HOUR)).to.include({ ok: true });
    });

    it('forgets what left the window, reserved or committed', async () => {
      await store.reserve(budget, 'a', [line(300n, 500n)], 300);
      await store.reserve(budget, 'b', [line(200n, 500n)], 300);
      await store.commit(budget, 'b', [line(200n, 500n)], 300);
      expect((await store.reserve(budget, 'c', [line(1n, 500n)], 300)).ok).to.equal(false);
      await sleep(350);
      expect(await store.usage(budget, '0.0.1001', 'HBAR', 300)).to.deep.equal({ committed: 0n, pending: 0n });
      expect((await store.reserve(budget, 'd', [line(500n, 500n)], 300)).ok).to.equal(true);
    });

    it('adds amounts beyond 2^53 exactly (token amounts go up to 2^63 - 1)', async () => {
      const limit = 2n ** 63n - 1n;
      const big = 2n ** 62n + 1n;
      expect((await store.reserve(budget, 'a', [line(big, limit)], HOUR)).ok).to.equal(true);
      const refused = await store.reserve(budget, 'b', [line(big, limit)], HOUR);
      expect(refused).to.deep.include({ ok: false, used: big });
      expect((await store.reserve(budget, 'c', [line(limit - big, limit)], HOUR)).ok).to.equal(true);
      expect(await store.usage(budget, '0.0.1001', 'HBAR', HOUR)).to.deep.equal({ committed: 0n, pending: limit });
      await store.commit(budget, 'c', [line(limit - big, limit)], HOUR);
      await store.release(budget, 'a', [line(big, limit)]);
      expect(await store.usage(budget, '0.0.1001', 'HBAR', HOUR)).to.deep.equal({ committed: limit - big, pending: 0n });
    });

    it('stays fast with 2000 spends in the window (running totals, not a sum per call)', async () => {
      for (let at = 0; at < 2_000; at++) {
        await store.reserve(budget, `s${at}`, [line(1n, 10_000n)], HOUR);
        await store.commit(budget, `s${at}`, [line(1n, 10_000n)], HOUR);
      }
      const started = process.hrtime.bigint();
      for (let at = 0; at < 200; at++) await store.reserve(budget, `t${at}`, [line(1n, 10_000n)], HOUR);
      const perCallUs = Number(process.hrtime.bigint() - started) / 200 / 1_000;
      expect(perCallUs, `${perCallUs.toFixed(0)} µs per reservation with 2000 spends in the window`).to.be.below(2_000);
      expect(await store.usage(budget, '0.0.1001', 'HBAR', HOUR)).to.deep.equal({ committed: 2_000n, pending: 200n });
    });

    it('admits exactly what fits when 100 reserve at once', async () => {
      const stores = another ? [store, another(store), another(store), another(store)] : [store];
      const answers = await Promise.all(Array.from({ length: 100 }, (_, at) => stores[at % stores.length]!.reserve(budget, `r${at}`, [line(10n, 500n)], HOUR)));
      expect(answers.filter((answer) => answer.ok)).to.have.length(50);
      expect(await store.usage(budget, '0.0.1001', 'HBAR', HOUR)).to.deep.equal({ committed: 0n, pending: 500n });
      for (const extra of stores.slice(1)) await extra.close();
    });
  });

  describe('counters', () => {
    it('admits up to the limit per window, refuses the rest with when it resets, and does not count refusals', async () => {
      const counter = store.counter(budget, 2, 60_000);
      expect(await counter.take('t')).to.include({ ok: true, count: 1 });
      expect(await counter.take('t')).to.include({ ok: true, count: 2 });
      const refused = await counter.take('t');
      expect(refused).to.include({ ok: false, count: 2 });
      expect(refused.resetsInMs).to.be.within(1, 60_000);
      expect(await counter.take('other')).to.include({ ok: true, count: 1 });
      await counter.giveBack('t');
      expect(await counter.take('t')).to.include({ ok: true, count: 2 });
    });

    it('shares a count between counters of one name, and starts afresh when the window ends', async () => {
      const one = store.counter(budget, 1, 1_000);
      const two = store.counter(budget, 1, 1_000);
      expect((await one.take('t')).ok).to.equal(true);
      expect((await two.take('t')).ok).to.equal(false);
      await sleep(1_100);
      expect((await two.take('t')).ok).to.equal(true);
    });

    it('reads a count without counting, and reads none once the window ended', async () => {
      const counter = store.counter(budget, 2, 1_000);
      expect(await counter.peek!('t')).to.deep.equal({ count: 0, resetsInMs: 0 });
      await counter.take('t');
      const read = await counter.peek!('t');
      expect(read.count).to.equal(1);
      expect(read.resetsInMs).to.be.within(1, 1_000);
      expect(await counter.peek!('t')).to.include({ count: 1 });
      expect((await counter.take('t')).count).to.equal(2);
      await sleep(1_100);
      expect(await counter.peek!('t')).to.deep.equal({ count: 0, resetsInMs: 0 });
    });

    it('never gives back into a new window (no call over the limit)', async () => {
      const counter = store.counter(budget, 1, 1_000);
      await counter.take('t');
      await sleep(1_100);
      await counter.giveBack('t');
      expect((await counter.take('t')).ok).to.equal(true);
      expect((await counter.take('t')).ok).to.equal(false);
    });
  });

  describe('claims', () => {
    it('gives a key to one holder, tells the others who holds it and with what record, and follows updates', async () => {
      const book = store.claims!(budget);
      expect(await book.take('k', 'call-1', '{"state":"running"}', HOUR)).to.deep.equal({ ok: true });
      expect(await book.take('k', 'call-2', 'other', HOUR)).to.deep.equal({ ok: false, holder: 'call-1', record: '{"state":"running"}' });
      await book.update('k', 'call-2', 'not theirs', HOUR);
      await book.update('k', 'call-1', 'line one\nline two', HOUR);
      expect(await book.take('k', 'call-3', 'x', HOUR)).to.deep.equal({ ok: false, holder: 'call-1', record: 'line one\nline two' });
      expect(await store.claims!(`${budget}-other`).take('k', 'call-4', 'x', HOUR)).to.deep.equal({ ok: true });
    });

    it('of claims taken at the same instant, gives the key to exactly one', async () => {
      const book = store.claims!(budget);
      const second = another ? another(store) : store;
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? second : store).claims!(budget).take('race', `call-${i}`, 'r', HOUR)));
      expect(answers.filter((answer) => answer.ok)).to.have.length(1);
      expect(await book.take('race', 'late', 'r', HOUR)).to.include({ ok: false });
      if (second !== store) await second.close();
    });

    it('frees a key when its holder drops it or its hold lapses, never for another holder', async () => {
      const book = store.claims!(budget);
      await book.take('k', 'call-1', 'r', HOUR);
      await book.drop('k', 'call-2');
      expect(await book.take('k', 'call-3', 'r', HOUR)).to.include({ ok: false, holder: 'call-1' });
      await book.drop('k', 'call-1');
      expect(await book.take('k', 'call-3', 'r', 50)).to.deep.equal({ ok: true });
      await sleep(120);
      expect(await book.take('k', 'call-4', 'r', HOUR)).to.deep.equal({ ok: true });
    });
  });
}
