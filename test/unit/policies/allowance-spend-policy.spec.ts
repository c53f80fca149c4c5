import { expect } from 'chai';
import { AllowanceSpendPolicy } from '../../../src/policies/allowance-spend-policy.js';
import { AllowanceHolds } from '../../../src/policies/allowance-holds.js';
import { MemoryPolicyStore } from '../../../src/policies/state/memory-store.js';

describe('AllowanceSpendPolicy', () => {
  describe('when constructed', () => {
    it('needs owners, naming what is wrong', () => {
      expect(() => new AllowanceSpendPolicy({ owners: [] })).to.throw("AllowanceSpendPolicy: 'owners' must be at least one owner account ID");
      expect(() => new AllowanceSpendPolicy({ owners: ['alice'] })).to.throw(/'owners\[0\]' must be an account ID such as 0\.0\.1001/);
      expect(() => new AllowanceSpendPolicy(undefined as never)).to.throw(/expected options \{ owners, tools\?, store\?, name\? \}/);
    });

    it('guards every value-moving tool, so an operator-funded one cannot slip past', () => {
      const policy = new AllowanceSpendPolicy({ owners: ['0.0.1234'] });
      expect(policy.relevantTools).to.include.members(['transfer_hbar_tool', 'transfer_erc20_tool', 'approve_hbar_allowance_tool', 'transfer_hbar_with_allowance_tool']);
    });
  });

  describe('its holds', () => {
    const hold = (amount: bigint, left = 12n) => [{ owner: '0.0.1234', spender: '0.0.2', asset: 'HBAR', amount, left }];
    const held = async (store: MemoryPolicyStore) => (await store.usage('holds', '0.0.1234', '0.0.2:HBAR', 60_000)).pending;

    it('count a call in flight, refuse one past what the mirror says is left, free one that did not execute, and keep one that did', async () => {
      const store = new MemoryPolicyStore();
      const holds = new AllowanceHolds(store, 'holds', 60_000);
      expect((await holds.hold('a', hold(5n))).ok).to.equal(true);
      expect((await holds.hold('b', hold(7n))).ok).to.equal(true);
      expect(await held(store)).to.equal(12n);
      const refused = await holds.hold('c', hold(1n));
      expect(refused.ok === false && refused.used).to.equal(12n);
      await holds.settle({ callId: 'a', method: 'm', executed: false, status: 'ERROR' });
      expect(await held(store)).to.equal(7n);
      await holds.settle({ callId: 'b', method: 'm', executed: true, status: 'SUCCESS', transactionId: '0.0.2@1.1' });
      expect(await held(store), 'kept until the mirror shows it').to.equal(7n);
    });

    it('are shared by two policies on one store, as two processes on one file are', async () => {
      const store = new MemoryPolicyStore();
      const [one, two] = [new AllowanceHolds(store, 'holds', 60_000), new AllowanceHolds(store, 'holds', 60_000)];
      expect((await one.hold('a', hold(10n))).ok).to.equal(true);
      expect((await two.hold('b', hold(5n))).ok, '10 of 12 held by the other').to.equal(false);
    });
  });
});
