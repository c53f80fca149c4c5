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
});
