import { expect } from 'chai';
import { AccountAllowanceApproveTransaction, type TokenMintTransaction } from '@hiero-ledger/sdk';
import { MaxRecipientsPolicy } from '../../../src/policies/max-recipients-policy.js';
import { startTokenWorld, succeeded, tokenBalance, type Actor, type TokenWorld } from './token-fixtures.js';

describe('core-token fungible tools on the devnet (AUTONOMOUS)', () => {
  let world: TokenWorld;
  let alice: Actor;
  let bob: Actor;
  let tokenId: string;

  before(async () => {
    world = await startTokenWorld();
    alice = await world.actor();
    bob = await world.actor();
    const raw = succeeded(
      await world.kit.execute('create_fungible_token_tool', {
        tokenName: 'Gold Coin', tokenSymbol: 'GLD', decimals: 2, initialSupply: 1000, isSupplyKey: true, tokenMemo: 'test gold',
      }),
    );
    tokenId = String(raw.tokenId);
  });
  after(async () => { await world.close(); });

  describe('when creating a fungible token', () => {
    it('puts the initial supply, scaled by decimals, in the operator treasury', async () => {
      const token = await world.mirror.getToken(tokenId);
      expect(token).to.include({ name: 'Gold Coin', symbol: 'GLD', decimals: '2', total_supply: '100000', type: 'FUNGIBLE_COMMON', treasury_account_id: world.net.operatorId });
      expect(token.supply_type).to.equal('INFINITE');
      expect(token.admin_key?.key).to.equal(world.net.operatorKey.publicKey.toStringRaw());
      expect(token.supply_key?.key).to.equal(world.net.operatorKey.publicKey.toStringRaw());
      expect(await tokenBalance(world.mirror, world.net.operatorId, tokenId)).to.equal(100000);
    });

    it('creates a finite token capped at maxSupply when maxSupply is given', async () => {
      const raw = succeeded(await world.kit.execute('create_fungible_token_tool', { tokenName: 'Capped', tokenSymbol: 'CAP', decimals: 1, initialSupply: 5, maxSupply: 10 }));
      const token = await world.mirror.getToken(String(raw.tokenId));
      expect(token).to.include({ supply_type: 'FINITE', max_supply: '100', total_supply: '50' });
      expect(token.supply_key).to.equal(null);
    });
  });

  describe('when minting', () => {
    it('runs the full lifecycle: every hook stage sees the call, postCoreAction sees the frozen mint', async () => {
      const kit = await world.kitWith({});
      const stages: string[] = [];
      let frozenAmount: string | undefined;
      kit.on('preToolExecution', () => { stages.push('preToolExecution'); });
      kit.on('postParamsNormalization', (event) => { stages.push(`postParamsNormalization:${String((event.normalisedParams as { amount: unknown }).amount)}`); });
      kit.on('postCoreAction', (event) => {
        const tx = event.coreActionResult as TokenMintTransaction;
        stages.push('postCoreAction');
        if (tx.isFrozen()) frozenAmount = tx.amount?.toString();
      });
      kit.on('postToolExecution', (event) => { stages.push(`postToolExecution:${String(event.toolResult?.raw.status)}`); });
      succeeded(await kit.execute('mint_fungible_token_tool', { tokenId, amount: 0.01 }));
      expect(stages).to.deep.equal(['preToolExecution', 'postParamsNormalization:1', 'postCoreAction', 'postToolExecution:SUCCESS']);
      expect(frozenAmount).to.equal('1');
      expect((await world.mirror.getToken(tokenId)).total_supply).to.equal('100001');
    });

    it('adds the display amount, scaled by the mirror-reported decimals, to the supply', async () => {
      const result = await world.kit.execute('mint_fungible_token_tool', { tokenId, amount: 2.5 });
      succeeded(result);
      expect(result.humanMessage).to.contain('Minted 2.5 of token');
      expect((await world.mirror.getToken(tokenId)).total_supply).to.equal('100251');
    });
  });

  describe('when associating and transferring', () => {
    it('associates the account whose key signs', async () => {
      succeeded(await alice.kit.execute('associate_token_tool', { tokenIds: [tokenId] }));
      expect(await tokenBalance(world.mirror, alice.accountId, tokenId)).to.equal(0);
    });

    it('moves the scaled amount from the operator to the recipient', async () => {
      const before = await tokenBalance(world.mirror, world.net.operatorId, tokenId);
      const result = await world.kit.execute('transfer_fungible_token_tool', { tokenId, transfers: [{ accountId: alice.accountId, amount: '12.34' }], transactionMemo: 'pay alice' });
      succeeded(result);
      expect(await tokenBalance(world.mirror, alice.accountId, tokenId)).to.equal(1234);
      expect(await tokenBalance(world.mirror, world.net.operatorId, tokenId)).to.equal(before! - 1234);
    });

    it('reports a ledger refusal with the Hedera status and the transaction ID', async () => {
      const result = await world.kit.execute('transfer_fungible_token_tool', { tokenId, transfers: [{ accountId: bob.accountId, amount: 1 }] });
      expect(result.raw.status).to.equal('ERROR');
      expect(result.raw.errorCode).to.equal('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
      expect(result.raw.transactionId).to.be.a('string');
      expect(result.humanMessage).to.contain('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
    });
  });

  describe('when airdropping', () => {
    it('credits associated recipients at once and leaves a pending airdrop for the others', async () => {
      const aliceBefore = await tokenBalance(world.mirror, alice.accountId, tokenId);
      succeeded(await world.kit.execute('airdrop_fungible_token_tool', {
        tokenId, recipients: [{ accountId: alice.accountId, amount: 1 }, { accountId: bob.accountId, amount: 0.5 }],
      }));
      expect(await tokenBalance(world.mirror, alice.accountId, tokenId)).to.equal(aliceBefore! + 100);
      expect(await tokenBalance(world.mirror, bob.accountId, tokenId)).to.equal(undefined);
      const pending = await fetch(`${world.net.mirrorUrl}/api/v1/accounts/${bob.accountId}/airdrops/pending`).then((r) => r.json()) as { airdrops: Array<{ amount: number; token_id: string }> };
      expect(pending.airdrops.map((a) => [a.token_id, a.amount])).to.deep.include([tokenId, 50]);
    });

    it('gives MaxRecipientsPolicy the recipients plus the sender debit, so only recipients count', async () => {
      const guarded = await world.kitWith({ hooks: [new MaxRecipientsPolicy(1)] });
      const blocked = await guarded.execute('airdrop_fungible_token_tool', {
        tokenId, recipients: [{ accountId: alice.accountId, amount: 1 }, { accountId: bob.accountId, amount: 1 }],
      });
      expect(blocked.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      succeeded(await guarded.execute('airdrop_fungible_token_tool', { tokenId, recipients: [{ accountId: alice.accountId, amount: 1 }] }));
    });
  });

  describe('when spending an allowance', () => {
    it('moves the owner\'s tokens with only the spender (operator) signing', async () => {
      const approve = await new AccountAllowanceApproveTransaction()
        .approveTokenAllowance(tokenId, alice.accountId, world.net.operatorId, 500)
        .execute(alice.client);
      await approve.getReceipt(alice.client);
      succeeded(await bob.kit.execute('associate_token_tool', { tokenIds: [tokenId] }));
      const aliceBefore = await tokenBalance(world.mirror, alice.accountId, tokenId);
      succeeded(await world.kit.execute('transfer_fungible_token_with_allowance_tool', {
        tokenId, sourceAccountId: alice.accountId, transfers: [{ accountId: bob.accountId, amount: 3 }],
      }));
      expect(await tokenBalance(world.mirror, bob.accountId, tokenId)).to.equal(300);
      expect(await tokenBalance(world.mirror, alice.accountId, tokenId)).to.equal(aliceBefore! - 300);
    });

    it('reports AMOUNT_EXCEEDS_ALLOWANCE when the transfer is larger than what is left', async () => {
      const result = await world.kit.execute('transfer_fungible_token_with_allowance_tool', {
        tokenId, sourceAccountId: alice.accountId, transfers: [{ accountId: bob.accountId, amount: 2.01 }],
      });
      expect(result.raw.status).to.equal('ERROR');
      expect(result.raw.errorCode).to.equal('AMOUNT_EXCEEDS_ALLOWANCE');
    });
  });

  describe('when dissociating', () => {
    it('removes an association with a zero balance', async () => {
      const other = String(succeeded(await world.kit.execute('create_fungible_token_tool', { tokenName: 'Other', tokenSymbol: 'OTH' })).tokenId);
      succeeded(await alice.kit.execute('associate_token_tool', { tokenIds: [other] }));
      expect(await tokenBalance(world.mirror, alice.accountId, other)).to.equal(0);
      succeeded(await alice.kit.execute('dissociate_token_tool', { tokenIds: [other] }));
      expect(await tokenBalance(world.mirror, alice.accountId, other)).to.equal(undefined);
    });
  });

  describe('when updating a token', () => {
    it('changes only the given fields', async () => {
      const result = await world.kit.execute('update_token_tool', { tokenId, tokenName: 'Gold Coin v2', tokenMemo: 'renamed' });
      succeeded(result);
      expect(result.humanMessage).to.contain('Updated tokenName, tokenMemo');
      const token = await world.mirror.getToken(tokenId);
      expect(token).to.include({ name: 'Gold Coin v2', memo: 'renamed', symbol: 'GLD' });
    });

    it('refuses before building anything when the agent does not hold the admin key', async () => {
      const result = await alice.kit.execute('update_token_tool', { tokenId, tokenName: 'Stolen' });
      expect(result.raw.errorCode).to.equal('E_INVALID_PARAMS');
      expect(result.raw.issues).to.deep.equal([`tokenId: the agent's key is not the admin key of token ${tokenId}; only its admin can update it`]);
      expect((await world.mirror.getToken(tokenId)).name).to.equal('Gold Coin v2');
    });
  });
});
