import { expect } from 'chai';
import { BudgetHistory } from '../../../src/console/budget-history.js';

describe('BudgetHistory', () => {
  it('keeps a point per change of each policy figure, and none for a figure that is not one', () => {
    const history = new BudgetHistory();
    const row = (used: string | undefined) => ({ policy: 'Spend Limit Policy', scope: 'budget "a"', unit: 'HBAR', limit: '10', ...(used === undefined ? {} : { used }) });
    history.record([row('0'), { policy: 'Rate Limit Policy', unit: 'calls', limit: '3', note: 'per key' }], 1_000);
    history.record([row('0')], 2_000);
    history.record([row('2.5')], 3_000);
    history.record([row('unreadable')], 4_000);
    // Not spend in its limit's unit: a call count, and a token's usage in smallest units before its decimals are read.
    history.record([{ policy: 'Rate Limit Policy', unit: 'calls', used: '2', limit: '3' }, { policy: 'Spend Limit Policy', unit: '0.0.9999', used: '5000000', limit: '50', note: "in the token's smallest units" }], 5_000);
    expect(history.all()).to.deep.equal([{ policy: 'Spend Limit Policy', scope: 'budget "a"', unit: 'HBAR', limit: '10', points: [[1_000, 0], [3_000, 2.5]] }]);
  });
});
