// BRIDGE (issue 12, wt-b): tests of the stand-in for movementsOf; deleted with it at the merge.
import { expect } from 'chai';
import { AccountId, Hbar } from '@hiero-ledger/sdk';
import { bridgeMovements } from '../../../src/policies/movements-bridge.js';

function eventFor(method: string, lines: [string, number][]): Record<string, unknown> {
  return { method, normalisedParams: { hbarTransfers: lines.map(([account, hbar]) => ({ accountId: AccountId.fromString(account), amount: new Hbar(hbar) })) } };
}

describe('movements bridge (until movementsOf lands)', () => {
  it('turns an HBAR transfer list into movements from the debited account, in tinybars, canonical IDs', () => {
    const event = eventFor('transfer_hbar_tool', [['0.0.000005', 1.5], ['0.0.6', 2], ['0.0.2', -3.5]]);
    bridgeMovements(event);
    expect(event.movements).to.deep.equal([
      { asset: 'HBAR', from: '0.0.2', to: '0.0.5', amount: 150_000_000n, display: '1.5 HBAR' },
      { asset: 'HBAR', from: '0.0.2', to: '0.0.6', amount: 200_000_000n, display: '2 HBAR' },
    ]);
  });

  it('reads the params the event holds when first asked, so a hook that replaced them is seen', () => {
    const event = eventFor('transfer_hbar_with_allowance_tool', [['0.0.5', 1], ['0.0.9', -1]]);
    bridgeMovements(event);
    event.normalisedParams = eventFor('x', [['0.0.5', 2], ['0.0.9', -2]]).normalisedParams;
    expect((event.movements as { amount: bigint }[])[0]!.amount).to.equal(200_000_000n);
  });

  it('gives other tools no movements, and leaves an event that already has them alone', () => {
    const other = { method: 'create_topic_tool', normalisedParams: {} };
    bridgeMovements(other);
    expect('movements' in other).to.equal(false);
    const given = { method: 'transfer_hbar_tool', movements: [] };
    bridgeMovements(given);
    expect(given.movements).to.deep.equal([]);
  });

  it('throws (which blocks) on a list that does not balance or cannot be read', () => {
    const unbalanced = eventFor('transfer_hbar_tool', [['0.0.5', 2], ['0.0.2', -1]]);
    bridgeMovements(unbalanced);
    expect(() => unbalanced.movements).to.throw(/does not balance/);
    const unreadable = { method: 'transfer_hbar_tool', normalisedParams: {} };
    bridgeMovements(unreadable);
    expect(() => (unreadable as { movements?: unknown }).movements).to.throw(/no "hbarTransfers"/);
  });
});
