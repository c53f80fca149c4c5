import { expect } from 'chai';
import { AccountId, Hbar, type Client } from '@hiero-ledger/sdk';
import { RecipientAllowlistPolicy, RecipientDenylistPolicy } from '../../../src/policies/index.js';
import { offlineClient } from '../../support/offline-client.js';
import { callWith, hbarCredits } from './value-policy-kit.js';

describe('recipient lists', () => {
  let client: Client;
  beforeEach(() => (client = offlineClient()));
  afterEach(() => client.close());

  describe('RecipientAllowlistPolicy', () => {
    it('allows calls whose every recipient is listed, however the list or the call spells them', async () => {
      const policy = new RecipientAllowlistPolicy(['0.0.000005', '0.0.6-abcde']);
      expect(policy.description).to.equal('Allows value to go only to 0.0.5, 0.0.6');
      expect((await callWith(client, [policy], 'transfer_hbar_tool', hbarCredits([['0.0.5', 1], ['0.0.6', 2]]))).raw.status).to.equal('SUCCESS');
    });

    it('refuses a call with any recipient off the list, naming each with what it would receive', async () => {
      const policy = new RecipientAllowlistPolicy(['0.0.5']);
      const result = await callWith(client, [policy], 'transfer_hbar_tool', hbarCredits([['0.0.5', 1], ['0.0.9', 2.5], ['0.0.10', 1]]));
      expect(result.raw.blockedBy).to.deep.equal({
        policy: 'Recipient Allowlist Policy',
        stage: 'postParamsNormalization',
        reason: 'transfer_hbar_tool sends 2.5 HBAR to 0.0.9, 1 HBAR to 0.0.10, not on the recipient allowlist (0.0.5)',
      });
    });

    it('judges spenders of approvals, the beneficiary of a deletion and new accounts too', async () => {
      const policy = new RecipientAllowlistPolicy(['0.0.5']);
      const approval = { ownerAccountId: AccountId.fromString('0.0.2'), spenderAccountId: AccountId.fromString('0.0.9'), amount: new Hbar(1) };
      expect((await callWith(client, [policy], 'approve_hbar_allowance_tool', approval)).raw.blockedBy?.reason).to.contain('1 HBAR to 0.0.9');
      const deletion = { accountId: AccountId.fromString('0.0.7'), transferAccountId: AccountId.fromString('0.0.9') };
      expect((await callWith(client, [policy], 'delete_account_tool', deletion)).raw.blockedBy?.reason).to.contain('the whole HBAR balance of 0.0.7 to 0.0.9');
      const creation = { initialBalance: 1, initialBalanceHbar: new Hbar(1) };
      expect((await callWith(client, [policy], 'create_account_tool', creation)).raw.blockedBy?.reason).to.contain('1 HBAR to new-account');
      expect((await callWith(client, [new RecipientAllowlistPolicy(['0.0.5', 'new-account'])], 'create_account_tool', creation)).raw.status).to.equal('SUCCESS');
    });

    it('lets calls that move nothing through', async () => {
      const policy = new RecipientAllowlistPolicy(['0.0.5']);
      expect((await callWith(client, [policy], 'create_account_tool', { initialBalance: 0, initialBalanceHbar: new Hbar(0) })).raw.status).to.equal('SUCCESS');
    });
  });

  describe('RecipientDenylistPolicy', () => {
    it('refuses a call sending anything to a listed account, in any spelling, and allows the rest', async () => {
      const policy = new RecipientDenylistPolicy(['0.0.666']);
      const result = await callWith(client, [policy], 'transfer_hbar_tool', hbarCredits([['0.0.5', 1], ['0.0.000666', 3]]));
      expect(result.raw.blockedBy?.reason).to.equal('transfer_hbar_tool sends 3 HBAR to 0.0.666, on the recipient denylist');
      expect((await callWith(client, [policy], 'transfer_hbar_tool', hbarCredits([['0.0.5', 1]]))).raw.status).to.equal('SUCCESS');
    });
  });

  describe('when constructed with a bad list', () => {
    it('refuses it, naming the entry', () => {
      for (const Policy of [RecipientAllowlistPolicy, RecipientDenylistPolicy]) {
        expect(() => new Policy([])).to.throw("'accounts' must be a non-empty list");
        expect(() => new Policy('0.0.5' as never)).to.throw("'accounts' must be a non-empty list");
        expect(() => new Policy(['0.0.5', 'alice'])).to.throw(`'accounts[1]' must be an account ID such as 0.0.1001 ("alice" is not an account ID; expected shard.realm.num such as 0.0.1234), got "alice".`);
        expect(() => new Policy(['0x742d35cc6634c0532925a3b844bc454e4438f44e'])).to.throw("'accounts[0]' must be an account ID such as 0.0.1001 (the EVM address 0x742d35cc6634c0532925a3b844bc454e4438f44e names an account only the network can look up");
        expect(() => new Policy(['0.0.5'], { tool: ['x'] } as never)).to.throw("unknown option 'tool'");
      }
    });
  });
});
