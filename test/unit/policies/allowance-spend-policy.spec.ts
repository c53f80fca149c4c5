import { expect } from 'chai';
import { AllowanceSpendPolicy } from '../../../src/policies/allowance-spend-policy.js';
import { AllowanceHolds } from '../../../src/policies/allowance-holds.js';

describe('AllowanceSpendPolicy', () => {
  describe('when constructed', () => {
    it('needs owners, naming what is wrong', () => {
      expect(() => new AllowanceSpendPolicy({ owners: [] })).to.throw("AllowanceSpendPolicy: 'owners' must be at least one owner account ID");
      expect(() => new AllowanceSpendPolicy({ owners: ['alice'] })).to.throw(/'owners\[0\]' must be an account ID such as 0\.0\.1001/);
      expect(() => new AllowanceSpendPolicy(undefined as never)).to.throw(/expected options \{ owners, tools\? \}/);
    });

    it('guards every value-moving tool, so an operator-funded one cannot slip past', () => {
      const policy = new AllowanceSpendPolicy({ owners: ['0.0.1234'] });
      expect(policy.relevantTools).to.include.members(['transfer_hbar_tool', 'transfer_erc20_tool', 'approve_hbar_allowance_tool', 'transfer_hbar_with_allowance_tool']);
    });
  });

  describe('its holds', () => {
    it('count a call in flight, free one that did not execute, and keep one that did until the mirror shows it', () => {
      const holds = new AllowanceHolds(1_000);
      holds.hold('a', [{ key: 'k', amount: 5n }], 0);
      holds.hold('b', [{ key: 'k', amount: 7n }], 0);
      expect(holds.held('k')).to.equal(12n);
      holds.settle({ callId: 'a', method: 'm', executed: false, status: 'ERROR' }, 0);
      expect(holds.held('k')).to.equal(7n);
      holds.settle({ callId: 'b', method: 'm', executed: true, status: 'SUCCESS', transactionId: '0.0.2@1.1' }, 0);
      expect(holds.held('k')).to.equal(7n);
      expect(holds.held('other')).to.equal(0n);
    });
  });
});
