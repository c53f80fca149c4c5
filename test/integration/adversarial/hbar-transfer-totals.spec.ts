import { expect } from 'chai';
import { startAdversarialWorld, refusedBeforeBuild, tinybarsOf, type AdversarialWorld } from './adversarial-world.js';

/** int64 max in tinybars, written in HBAR: the largest amount one ledger line can carry. */
const INT64_MAX_HBAR = '92233720368.54775807';

describe('adversarial HBAR transfer totals', () => {
  let world: AdversarialWorld;

  before(async () => { world = await startAdversarialWorld(); });
  after(async () => { await world.close(); });

  describe('when each amount fits in int64 but their sum does not', () => {
    it('transfer_hbar_tool refuses the call naming transfers, and no balance moves', async () => {
      const a = await world.net.createAccount({ hbar: 1 });
      const b = await world.net.createAccount({ hbar: 1 });
      const before = [await tinybarsOf(world.client, a.accountId), await tinybarsOf(world.client, b.accountId)];
      const result = await world.kit.execute('transfer_hbar_tool', {
        transfers: [{ accountId: a.accountId, amount: '50000000000' }, { accountId: b.accountId, amount: '50000000000' }],
      });
      const issues = refusedBeforeBuild(result, 'transfers');
      expect(issues.join(' ')).to.match(/64-bit/);
      expect([await tinybarsOf(world.client, a.accountId), await tinybarsOf(world.client, b.accountId)]).to.deep.equal(before);
    });

    it('transfer_hbar_tool refuses the same recipient listed twice whose merged credit would wrap negative', async () => {
      const a = await world.net.createAccount({ hbar: 1 });
      const result = await world.kit.execute('transfer_hbar_tool', {
        transfers: [{ accountId: a.accountId, amount: INT64_MAX_HBAR }, { accountId: a.accountId, amount: '0.00000001' }],
      });
      refusedBeforeBuild(result, 'transfers');
    });

    it('transfer_hbar_with_allowance_tool refuses it too, before the owner is asked for anything', async () => {
      const owner = await world.net.createAccount({ hbar: 1 });
      const to = await world.net.createAccount({ hbar: 1 });
      const result = await world.kit.execute('transfer_hbar_with_allowance_tool', {
        sourceAccountId: owner.accountId,
        transfers: [{ accountId: to.accountId, amount: 1 }, { accountId: to.accountId, amount: INT64_MAX_HBAR }],
      });
      refusedBeforeBuild(result, 'transfers');
    });
  });

  describe('when the sum is exactly int64 max', () => {
    it('is built and left for the ledger to judge (the payer cannot cover it)', async () => {
      const a = await world.net.createAccount({ hbar: 0 });
      const result = await world.kit.execute('transfer_hbar_tool', {
        transfers: [{ accountId: a.accountId, amount: '92233720368.54775806' }, { accountId: a.accountId, amount: '0.00000001' }],
      });
      expect(result.raw.errorCode).to.match(/^INSUFFICIENT_(PAYER|ACCOUNT)_BALANCE$/);
      expect(await tinybarsOf(world.client, a.accountId)).to.equal(0n);
    });
  });
});
