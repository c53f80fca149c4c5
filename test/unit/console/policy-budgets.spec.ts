import { expect } from 'chai';
import { MemoryPolicyStore, RateLimitPolicy, SpendLimitPolicy } from '../../../src/policies/index.js';
import { policyBudgets } from '../../../src/console/policy-budgets.js';

const HOUR = 3_600_000;
const ACCOUNT = '0.0.1001';

describe('policyBudgets (what the console shows of each policy)', () => {
  it('shows every limit of a SpendLimitPolicy (HBAR, tokens, US dollars) with what the account used of it', async () => {
    const store = new MemoryPolicyStore();
    const spend = new SpendLimitPolicy({ hbar: 100, tokens: { '0.0.5678': '1000.5' }, usd: 50, exchangeRate: { mirrorUrl: 'http://127.0.0.1:9' }, windowMs: HOUR, store, name: 'team-a' });
    expect(spend.budgetLimits).to.deep.equal({
      budget: 'team-a',
      windowMs: HOUR,
      assets: [{ asset: 'HBAR', limit: '100', decimals: 8 }, { asset: '0.0.5678', limit: '1000.5' }, { asset: 'USD', limit: '50', decimals: 8 }],
    });
    await store.reserve('team-a', 'call-1', [{ account: ACCOUNT, asset: 'HBAR', amount: 250_000_000n, limit: 10_000_000_000n }, { account: ACCOUNT, asset: 'USD', amount: 125_000_000n, limit: 5_000_000_000n }], HOUR);
    await store.commit('team-a', 'call-1', [{ account: ACCOUNT, asset: 'HBAR', amount: 250_000_000n, limit: 10_000_000_000n }], HOUR);
    const rows = await policyBudgets([spend], ACCOUNT, []);
    const scope = `budget "team-a", account ${ACCOUNT}`;
    expect(rows).to.deep.equal([
      { policy: 'Spend Limit Policy', scope, unit: 'HBAR', limit: '100', used: '2.5' },
      // The token's decimals are read when a call of it is judged: nothing of it was spent here yet.
      { policy: 'Spend Limit Policy', scope, unit: '0.0.5678', limit: '1000.5', used: '0' },
      // Reserved, not yet committed, counts: it is held against the budget.
      { policy: 'Spend Limit Policy', scope, unit: 'USD', limit: '50', used: '1.25' },
    ]);
  });

  it('shows a token used in smallest units, saying so, while its decimals are unread', async () => {
    const store = new MemoryPolicyStore();
    const spend = new SpendLimitPolicy({ tokens: { '0.0.5678': 10 }, windowMs: HOUR, store });
    await store.reserve('spend-limit', 'c', [{ account: ACCOUNT, asset: '0.0.5678', amount: 42n, limit: 1_000n }], HOUR);
    const [row] = await policyBudgets([spend], ACCOUNT, []);
    expect(row).to.include({ used: '42', note: "in the token's smallest units (its decimals are not read yet)" });
  });

  it('invents no figure for budgets and counts kept per key, and says why', async () => {
    const spend = new SpendLimitPolicy({ hbar: 5, windowMs: HOUR, per: 'context.sessionId' });
    const rate = new RateLimitPolicy({ limit: 4, windowMs: 60_000, per: 'context.tenant' });
    const rows = await policyBudgets([spend, rate], ACCOUNT, ['a_tool']);
    expect(rows).to.deep.equal([
      { policy: 'Spend Limit Policy', scope: 'budget "spend-limit"', unit: 'HBAR', limit: '5', note: 'kept per context.sessionId: each key has its own budget, so there is no single figure' },
      { policy: 'Rate Limit Policy', unit: 'calls', limit: '4', note: 'counted per context.tenant: each key has its own count, so there is no single figure' },
    ]);
  });

  it('lists the tools with calls in a window when a rate limit counts each of many tools, or one row when none has any', async () => {
    const store = new MemoryPolicyStore();
    const rate = new RateLimitPolicy({ limit: 2, windowMs: 60_000, store });
    const tools = ['a_tool', 'b_tool', 'c_tool', 'd_tool'];
    expect(await policyBudgets([rate], ACCOUNT, tools)).to.deep.equal([{ policy: 'Rate Limit Policy', scope: 'each tool', unit: 'calls', used: '0', limit: '2' }]);
    await store.counter('rate-limit', 2, 60_000).take('c_tool');
    const rows = await policyBudgets([rate], ACCOUNT, tools);
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ scope: 'tool c_tool', used: '1', limit: '2' });
    expect(Date.parse(rows[0]!.resetsAt!)).to.be.above(Date.now());
  });

  it('claims no count for a rate limit over every tool when it was given no tool names', async () => {
    const rate = new RateLimitPolicy({ limit: 2, windowMs: 60_000 });
    expect(await policyBudgets([rate], ACCOUNT, [])).to.deep.equal([{ policy: 'Rate Limit Policy', scope: 'each tool', unit: 'calls', limit: '2', note: 'counted per tool, and no tool names were given to read the counts of' }]);
  });

  it('shows an unreadable budget as unreadable, with the reason, and no figure', async () => {
    const spend = new SpendLimitPolicy({ hbar: 5, windowMs: HOUR });
    const broken = Object.create(spend, { usage: { value: () => Promise.reject(new Error('store down')) } }) as SpendLimitPolicy;
    expect(await policyBudgets([broken], ACCOUNT, [])).to.deep.equal([{ policy: 'Spend Limit Policy', scope: 'budget "spend-limit", account 0.0.1001', unit: 'HBAR', limit: '5', note: 'usage unreadable: store down' }]);
  });
});
