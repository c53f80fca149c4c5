import { expect } from 'chai';
import { startAdversarialWorld, refusedBeforeBuild, tinybarsOf, type AdversarialWorld } from './adversarial-world.js';

describe('adversarial duplicate entries', () => {
  let world: AdversarialWorld;
  let tokenId: string;

  before(async () => {
    world = await startAdversarialWorld();
    const token = await world.kit.execute('create_fungible_token_tool', { tokenName: 'Tin', tokenSymbol: 'SN', decimals: 2, initialSupply: 100 });
    expect(token.raw.status, token.humanMessage).to.equal('SUCCESS');
    tokenId = String(token.raw.tokenId);
  });
  after(async () => { await world.close(); });

  describe('when one token is approved twice in one call', () => {
    it('refuses the call naming the repeated entry: the ledger would keep only the last amount while the result reported both', async () => {
      const spender = await world.net.createAccount({ hbar: 1 });
      const result = await world.kit.execute('approve_token_allowance_tool', {
        spenderAccountId: spender.accountId,
        tokenApprovals: [{ tokenId, amount: 1 }, { tokenId: ` ${tokenId}`, amount: 50 }],
      });
      const issues = refusedBeforeBuild(result, 'tokenApprovals[1].tokenId');
      expect(issues.join(' ')).to.contain('tokenApprovals[0]');
    });

    it('still approves different tokens in one call', async () => {
      const other = await world.kit.execute('create_fungible_token_tool', { tokenName: 'Zinc', tokenSymbol: 'ZN', decimals: 0, initialSupply: 5 });
      const spender = await world.net.createAccount({ hbar: 1 });
      const result = await world.kit.execute('approve_token_allowance_tool', {
        spenderAccountId: spender.accountId,
        tokenApprovals: [{ tokenId, amount: 1 }, { tokenId: String(other.raw.tokenId), amount: 2 }],
      });
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
    });
  });

  describe('when one HBAR recipient is listed twice', () => {
    it('credits the sum once and debits the sender exactly that', async () => {
      const to = await world.net.createAccount({ hbar: 0 });
      const result = await world.kit.execute('transfer_hbar_tool', { transfers: [{ accountId: to.accountId, amount: '0.5' }, { accountId: ` ${to.accountId}\n`, amount: 0.25 }] });
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect(await tinybarsOf(world.client, to.accountId)).to.equal(75_000_000n);
    });
  });
});
