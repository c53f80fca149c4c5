import { expect } from 'chai';
import { AccountBalanceQuery } from '@hiero-ledger/sdk';
import { startAdversarialWorld, refusedBeforeBuild, type AdversarialWorld } from './adversarial-world.js';

/**
 * JSON numbers are doubles: beyond 2^53 neighbouring integers share one value, so an amount the LLM
 * wrote as 9007199254740993 arrives as 9007199254740992. Moving that would move an amount nobody asked for.
 */
describe('adversarial amounts that a JSON number cannot carry exactly', () => {
  let world: AdversarialWorld;
  let tokenId: string;
  let recipient: string;

  async function unitsHeld(accountId: string): Promise<string> {
    const balance = await new AccountBalanceQuery().setAccountId(accountId).execute(world.client);
    return String(balance.tokens?.get(tokenId) ?? '0');
  }

  before(async () => {
    world = await startAdversarialWorld();
    const token = await world.kit.execute('create_fungible_token_tool', { tokenName: 'Grain', tokenSymbol: 'GRN', decimals: 0, initialSupply: '9007199254740993000' });
    expect(token.raw.status, token.humanMessage).to.equal('SUCCESS');
    tokenId = String(token.raw.tokenId);
    const account = await world.kit.execute('create_account_tool', { maxAutomaticTokenAssociations: -1 });
    expect(account.raw.status, account.humanMessage).to.equal('SUCCESS');
    recipient = String(account.raw.accountId);
  });
  after(async () => { await world.close(); });

  describe('when a token amount is a number beyond 2^53 smallest units', () => {
    it('refuses it naming the field and asks for a string, and nothing moves', async () => {
      // eslint-disable-next-line no-loss-of-precision -- the point: this literal is not the number it spells
      const result = await world.kit.execute('transfer_fungible_token_tool', { tokenId, transfers: [{ accountId: recipient, amount: 9007199254740993 }] });
      const issues = refusedBeforeBuild(result, 'transfers[0].amount');
      expect(issues.join(' ')).to.match(/string/);
      expect(await unitsHeld(recipient)).to.equal('0');
    });

    it('moves the exact amount when the same value comes as a string', async () => {
      const result = await world.kit.execute('transfer_fungible_token_tool', { tokenId, transfers: [{ accountId: recipient, amount: '9007199254740993' }] });
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect(await unitsHeld(recipient)).to.equal('9007199254740993');
    });
  });

  describe('when an HBAR amount is a number beyond 2^53 tinybars', () => {
    it('refuses it before anything is built', async () => {
      const result = await world.kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 90071992.54740993 }] });
      refusedBeforeBuild(result, 'transfers[0].amount');
    });
  });

  describe('when a number is large but well within 2^53 smallest units', () => {
    it('is taken as it is', async () => {
      const result = await world.kit.execute('transfer_fungible_token_tool', { tokenId, transfers: [{ accountId: recipient, amount: 4503599627370496 }] });
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect(await unitsHeld(recipient)).to.equal((9007199254740993n + 4503599627370496n).toString());
    });
  });
});
