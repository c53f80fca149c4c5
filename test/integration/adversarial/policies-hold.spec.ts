import { expect } from 'chai';
import { MaxRecipientsPolicy } from '../../../src/policies/max-recipients-policy.js';
import { AbstractPolicy } from '../../../src/listeners/abstract-policy.js';
import type { ToolResult } from '../../../src/lifecycle/tool-result.js';
import { startAdversarialWorld, tinybarsOf, type AdversarialWorld } from './adversarial-world.js';

/** Asserts a policy refused the call; returns the reason it gave. */
function blocked(result: ToolResult, policy: string): string {
  expect(result.raw.errorCode, result.humanMessage).to.equal('E_POLICY_BLOCKED');
  expect(result.raw.transactionId, 'nothing may be submitted').to.equal(undefined);
  expect(result.raw.blockedBy?.policy).to.equal(policy);
  return String(result.raw.blockedBy?.reason ?? '');
}

class ThrowingPolicy extends AbstractPolicy {
  override name = 'Throwing';
  override relevantTools = ['transfer_hbar_tool'];
  protected override shouldBlockPostParamsNormalization(): boolean { throw new TypeError('cannot read properties of undefined'); }
}

class RejectingPolicy extends AbstractPolicy {
  override name = 'Rejecting';
  override relevantTools = ['transfer_hbar_tool'];
  protected override shouldBlockPreToolExecution(): Promise<boolean> { return Promise.reject(new Error('risk service unavailable')); }
}

class SilentPolicy extends AbstractPolicy {
  override name = 'Silent';
  override relevantTools = ['transfer_hbar_tool'];
  protected override shouldBlockPostCoreAction(): Promise<boolean> { return new Promise<boolean>(() => undefined); }
}

describe('adversarial policies under hostile calls', () => {
  let world: AdversarialWorld;

  before(async () => { world = await startAdversarialWorld(); });
  after(async () => { await world.close(); });

  describe('when MaxRecipientsPolicy(1) meets one account spelled two ways', () => {
    it('counts it once, lets it through and credits both lines to that account', async () => {
      const kit = await world.kitWith({ context: { hooks: [new MaxRecipientsPolicy(1)] } });
      const to = await world.net.createAccount({ hbar: 0 });
      const result = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: to.accountId, amount: 1 }, { accountId: `  ${to.accountId}\n`, amount: 1 }] });
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect(await tinybarsOf(world.client, to.accountId)).to.equal(200_000_000n);
    });
  });

  describe('when MaxRecipientsPolicy(1) meets two accounts through each value-moving core tool', () => {
    let kit: Awaited<ReturnType<AdversarialWorld['kitWith']>>;
    let a: string;
    let b: string;
    let fungible: string;
    let nft: string;

    before(async () => {
      kit = await world.kitWith({ context: { hooks: [new MaxRecipientsPolicy(1)] } });
      a = (await world.kit.execute('create_account_tool', { maxAutomaticTokenAssociations: -1 })).raw.accountId as string;
      b = (await world.kit.execute('create_account_tool', { maxAutomaticTokenAssociations: -1 })).raw.accountId as string;
      fungible = (await world.kit.execute('create_fungible_token_tool', { tokenName: 'Iron', tokenSymbol: 'FE', initialSupply: 100 })).raw.tokenId as string;
      nft = (await world.kit.execute('create_non_fungible_token_tool', { tokenName: 'Maps', tokenSymbol: 'MAP' })).raw.tokenId as string;
      const minted = await world.kit.execute('mint_non_fungible_token_tool', { tokenId: nft, uris: ['ipfs://a', 'ipfs://b'] });
      expect(minted.raw.status, minted.humanMessage).to.equal('SUCCESS');
    });

    it('blocks transfer_hbar_tool and nothing moves', async () => {
      blocked(await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: a, amount: 1 }, { accountId: b, amount: 1 }] }), 'Max Recipients Policy');
      expect(await tinybarsOf(world.client, a)).to.equal(0n);
    });

    it('blocks transfer_fungible_token_tool', async () => {
      blocked(await kit.execute('transfer_fungible_token_tool', { tokenId: fungible, transfers: [{ accountId: a, amount: 1 }, { accountId: b, amount: 1 }] }), 'Max Recipients Policy');
    });

    it('blocks airdrop_fungible_token_tool', async () => {
      blocked(await kit.execute('airdrop_fungible_token_tool', { tokenId: fungible, recipients: [{ accountId: a, amount: 1 }, { accountId: b, amount: 1 }] }), 'Max Recipients Policy');
    });

    it('blocks transfer_non_fungible_token_tool', async () => {
      blocked(await kit.execute('transfer_non_fungible_token_tool', { tokenId: nft, recipients: [{ recipientId: a, serialNumber: 1 }, { recipientId: b, serialNumber: 2 }] }), 'Max Recipients Policy');
    });

    it('blocks the allowance variants too', async () => {
      blocked(await kit.execute('transfer_hbar_with_allowance_tool', { sourceAccountId: a, transfers: [{ accountId: b, amount: 1 }, { accountId: world.net.operatorId, amount: 1 }] }), 'Max Recipients Policy');
      blocked(await kit.execute('transfer_fungible_token_with_allowance_tool', { tokenId: fungible, sourceAccountId: a, transfers: [{ accountId: b, amount: 1 }, { accountId: world.net.operatorId, amount: 1 }] }), 'Max Recipients Policy');
    });
  });

  describe('when a policy throws, rejects or never answers', () => {
    it('blocks the call each time, names the policy, and no HBAR moves', async () => {
      const to = await world.net.createAccount({ hbar: 0 });
      const call = { transfers: [{ accountId: to.accountId, amount: 1 }] };
      const throwing = await (await world.kitWith({ context: { hooks: [new ThrowingPolicy()] } })).execute('transfer_hbar_tool', call);
      expect(blocked(throwing, 'Throwing')).to.contain('cannot read properties');
      const rejecting = await (await world.kitWith({ context: { hooks: [new RejectingPolicy()] } })).execute('transfer_hbar_tool', call);
      expect(blocked(rejecting, 'Rejecting')).to.contain('risk service unavailable');
      const silent = await (await world.kitWith({ policyTimeoutMs: 50, context: { hooks: [new SilentPolicy()] } })).execute('transfer_hbar_tool', call);
      expect(blocked(silent, 'Silent')).to.contain('time budget');
      expect(await tinybarsOf(world.client, to.accountId)).to.equal(0n);
    });

    it('blocks when a custom recipient counter answers something that is not a count', async () => {
      const policy = new MaxRecipientsPolicy(5, [], { transfer_hbar_tool: () => Number.NaN });
      const to = await world.net.createAccount({ hbar: 0 });
      blocked(await (await world.kitWith({ context: { hooks: [policy] } })).execute('transfer_hbar_tool', { transfers: [{ accountId: to.accountId, amount: 1 }] }), 'Max Recipients Policy');
      expect(await tinybarsOf(world.client, to.accountId)).to.equal(0n);
    });
  });
});
