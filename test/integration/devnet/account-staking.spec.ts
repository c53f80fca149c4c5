import { expect } from 'chai';
import {
  AccountCreateTransaction, AccountInfoQuery, AccountUpdateTransaction, Hbar, PrivateKey, ReceiptStatusError, Status, type AccountId,
} from '@hiero-ledger/sdk';
import { devnetSuite } from '../../support/devnet-suite.js';

describe('devnet account staking fields', () => {
  const suite = devnetSuite();

  async function status(promise: Promise<unknown>): Promise<Status> {
    const outcome = await promise.catch((e: unknown) => e);
    if (outcome instanceof ReceiptStatusError) return outcome.status;
    return (outcome as { status: Status }).status;
  }

  const create = () => new AccountCreateTransaction().setKeyWithoutAlias(PrivateKey.generateED25519().publicKey).setInitialBalance(new Hbar(1));
  const stakingOf = async (accountId: AccountId) => (await new AccountInfoQuery().setAccountId(accountId).execute(suite.client)).stakingInfo!;
  const mirrorAccount = async (accountId: AccountId) =>
    await (await fetch(`${suite.net.mirrorUrl}/api/v1/accounts/${accountId.toString()}`)).json() as { staked_account_id: string | null; staked_node_id: number | null; decline_reward: boolean };

  describe('when an account is created staked to another account', () => {
    it('reports the target in AccountInfo and on the mirror, and clearing it leaves none', async () => {
      const key = PrivateKey.generateED25519();
      const receipt = await (await new AccountCreateTransaction().setKeyWithoutAlias(key.publicKey).setStakedAccountId('0.0.3').setDeclineStakingReward(true)
        .execute(suite.client)).getReceipt(suite.client);
      const accountId = receipt.accountId!;
      const staking = await stakingOf(accountId);
      expect(staking.stakedAccountId?.toString()).to.equal('0.0.3');
      expect(staking.stakedNodeId).to.equal(null);
      expect(staking.declineStakingReward).to.equal(true);
      expect(await mirrorAccount(accountId)).to.include({ staked_account_id: '0.0.3', staked_node_id: null, decline_reward: true });
      const clear = await (await new AccountUpdateTransaction().setAccountId(accountId).clearStakedAccountId().freezeWith(suite.client).sign(key)).execute(suite.client);
      expect((await clear.getReceipt(suite.client)).status).to.equal(Status.Success);
      expect((await stakingOf(accountId)).stakedAccountId).to.equal(null);
    });
  });

  describe('when an account stakes to a node', () => {
    it('takes node 0, the devnet node, and moves from an account target to the node', async () => {
      const key = PrivateKey.generateED25519();
      const receipt = await (await new AccountCreateTransaction().setKeyWithoutAlias(key.publicKey).setStakedAccountId(suite.net.operatorId).execute(suite.client)).getReceipt(suite.client);
      const update = await (await new AccountUpdateTransaction().setAccountId(receipt.accountId!).setStakedNodeId(0).freezeWith(suite.client).sign(key)).execute(suite.client);
      expect((await update.getReceipt(suite.client)).status).to.equal(Status.Success);
      const staking = await stakingOf(receipt.accountId!);
      expect(staking.stakedNodeId?.toNumber()).to.equal(0);
      expect(staking.stakedAccountId).to.equal(null);
      expect((await mirrorAccount(receipt.accountId!)).staked_node_id).to.equal(0);
    });

    it('refuses a node that is not in the address book with INVALID_STAKING_ID', async () => {
      expect(await status((await create().setStakedNodeId(7).execute(suite.client)).getReceipt(suite.client))).to.equal(Status.InvalidStakingId);
    });
  });

  describe('when the staking target does not exist', () => {
    it('fails the creation with INVALID_STAKING_ID and leaves an update\'s account unchanged', async () => {
      expect(await status((await create().setStakedAccountId('0.0.999999').execute(suite.client)).getReceipt(suite.client))).to.equal(Status.InvalidStakingId);
      const key = PrivateKey.generateED25519();
      const receipt = await (await new AccountCreateTransaction().setKeyWithoutAlias(key.publicKey).execute(suite.client)).getReceipt(suite.client);
      const update = await (await new AccountUpdateTransaction().setAccountId(receipt.accountId!).setAccountMemo('changed').setStakedAccountId('0.0.999999')
        .freezeWith(suite.client).sign(key)).execute(suite.client);
      expect(await status(update.getReceipt(suite.client))).to.equal(Status.InvalidStakingId);
      const info = await new AccountInfoQuery().setAccountId(receipt.accountId!).execute(suite.client);
      expect(info.accountMemo).to.equal('');
      expect(info.stakingInfo?.stakedAccountId).to.equal(null);
    });
  });
});
