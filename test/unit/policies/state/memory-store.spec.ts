import { expect } from 'chai';
import { MemoryPolicyStore } from '../../../../src/policies/state/memory-store.js';
import { storeContract } from '../../../support/store-contract.js';

describe('MemoryPolicyStore', function () {
  this.timeout(10_000);

  describe('as a PolicyStore', () => {
    storeContract(() => new MemoryPolicyStore());
  });

  describe('when its clock is given', () => {
    it('keeps budgets by that clock, to the millisecond', async () => {
      let now = 1_000_000;
      const store = new MemoryPolicyStore({ now: () => now });
      const line = { account: '0.0.5', asset: 'HBAR', amount: 5n, limit: 5n };
      await store.reserve('b', 'a', [line], 1_000);
      now += 999;
      expect(await store.reserve('b', 'b', [line], 1_000)).to.deep.equal({ ok: false, now, line, used: 5n, freesAt: 1_001_000 });
      now += 1;
      expect(await store.reserve('b', 'c', [line], 1_000)).to.deep.equal({ ok: true, now });
    });
  });

  describe('when many calls commit within one millisecond', () => {
    it('counts each once, a repeated commit once, and frees them all when their ms leaves the window', async () => {
      let now = 2_000_000;
      const store = new MemoryPolicyStore({ now: () => now });
      const line = { account: '0.0.5', asset: 'HBAR', amount: 3n, limit: 1_000n };
      for (let call = 0; call < 100; call++) {
        expect(await store.reserve('b', `c${call}`, [line], 1_000)).to.include({ ok: true });
        await store.commit('b', `c${call}`, [line], 1_000);
      }
      await store.commit('b', 'c7', [line], 1_000); // a retry of a commit that had gone through
      expect(await store.usage('b', '0.0.5', 'HBAR', 1_000)).to.deep.equal({ committed: 300n, pending: 0n });
      const refused = await store.reserve('b', 'over', [{ ...line, amount: 701n }], 1_000);
      expect(refused).to.deep.include({ ok: false, used: 300n, freesAt: 2_001_000 });
      now += 1_000;
      expect(await store.usage('b', '0.0.5', 'HBAR', 1_000)).to.deep.equal({ committed: 0n, pending: 0n });
    });
  });
});

