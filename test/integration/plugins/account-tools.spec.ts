import { expect } from 'chai';
import {
  AccountAllowanceApproveTransaction, AccountCreateTransaction, AccountDeleteTransaction, AccountInfoQuery, AccountUpdateTransaction,
  PrivateKey, TokenAssociateTransaction, TokenCreateTransaction, TransferTransaction, type Client,
} from '@hiero-ledger/sdk';
import { MaxRecipientsPolicy } from '../../../src/policies/max-recipients-policy.js';
import type { TransferHbarNormalised } from '../../../plugins/core-account/transfer-hbar-tool.js';
import { AgentMode, decodeReturnedBytes, startCoreWorld, succeeded, tinybarsOf, type Actor, type CoreWorld } from './core-plugins-world.js';

const HBAR = 100_000_000n;

async function createToken(owner: Actor, decimals: number, supply: number): Promise<string> {
  const tx = new TokenCreateTransaction().setTokenName('Silver').setTokenSymbol('SLV').setDecimals(decimals).setInitialSupply(supply)
    .setTreasuryAccountId(owner.accountId).setAdminKey(owner.privateKey.publicKey);
  const receipt = await (await tx.execute(owner.client)).getReceipt(owner.client);
  return receipt.tokenId!.toString();
}

async function associate(actor: Actor, tokenId: string): Promise<void> {
  await (await new TokenAssociateTransaction().setAccountId(actor.accountId).setTokenIds([tokenId]).execute(actor.client)).getReceipt(actor.client);
}

/** The spender moves `units` of the owner's token to itself through the allowance; returns the status name. */
async function spendTokenAllowance(spender: Actor, owner: string, tokenId: string, units: number): Promise<string> {
  try {
    const tx = new TransferTransaction().addApprovedTokenTransfer(tokenId, owner, -units).addTokenTransfer(tokenId, spender.accountId, units);
    return (await (await tx.execute(spender.client)).getReceipt(spender.client)).status.toString();
  } catch (error) {
    return String((error as { status?: unknown }).status ?? error);
  }
}

describe('core-account tools on the devnet', () => {
  let world: CoreWorld;
  let client: Client;

  before(async () => {
    world = await startCoreWorld();
    client = world.client;
  });
  after(async () => { await world.close(); });

  describe('when transferring HBAR (AUTONOMOUS)', () => {
    it('credits each recipient and debits the operator, reporting the normalised shape policies count', async () => {
      const a = await world.net.createAccount({ hbar: 1 });
      const b = await world.net.createAccount({ hbar: 1 });
      let normalised: TransferHbarNormalised | undefined;
      world.kit.on('postParamsNormalization', (event) => { if (event.method === 'transfer_hbar_tool') normalised = event.normalisedParams as TransferHbarNormalised; });
      const result = await world.kit.execute('transfer_hbar_tool', { transfers: [{ accountId: a.accountId, amount: 1.5 }, { accountId: b.accountId, amount: '0.00000001' }], transactionMemo: 'rent' });
      succeeded(result);
      expect(result.humanMessage).to.contain(`to ${a.accountId} (1.5 ℏ)`);
      expect(await tinybarsOf(client, a.accountId)).to.equal(HBAR + 150_000_000n);
      expect(await tinybarsOf(client, b.accountId)).to.equal(HBAR + 1n);
      expect(normalised!.hbarTransfers.map((entry) => [entry.accountId.toString(), entry.amount.toTinybars().toString()])).to.deep.equal([
        [a.accountId, '150000000'], [b.accountId, '1'], [world.net.operatorId, '-150000001'],
      ]);
      const record = await world.mirror.getTransaction(String(result.raw.transactionId));
      expect(Buffer.from(record.transactions[0].memo_base64, 'base64').toString()).to.equal('rent');
    });

    it('is blocked by MaxRecipientsPolicy before anything moves when there are too many recipients', async () => {
      const kit = await world.kitWith({ hooks: [new MaxRecipientsPolicy(1)] });
      const a = await world.net.createAccount({ hbar: 0 });
      const b = await world.net.createAccount({ hbar: 0 });
      const result = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: a.accountId, amount: 1 }, { accountId: b.accountId, amount: 1 }] });
      expect(result.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect(await tinybarsOf(client, a.accountId)).to.equal(0n);
    });

    it('reports the Hedera status when the ledger refuses', async () => {
      const poor = await world.actor(1);
      const target = await world.net.createAccount({ hbar: 0 });
      const result = await poor.kit.execute('transfer_hbar_tool', { transfers: [{ accountId: target.accountId, amount: 5 }] });
      expect(result.raw.status).to.equal('ERROR');
      // A node may refuse at precheck (payer cannot cover amount plus fee) or at consensus.
      expect(result.raw.errorCode).to.match(/^INSUFFICIENT_(PAYER|ACCOUNT)_BALANCE$/);
      expect(result.humanMessage).to.contain(String(result.raw.errorCode));
      expect(await tinybarsOf(client, target.accountId)).to.equal(0n);
    });
  });

  describe('when granting, spending and revoking an HBAR allowance', () => {
    it('lets the spender move up to the allowance out of the owner, and no more once revoked', async () => {
      const owner = await world.actor(20);
      const spender = await world.actor(5);
      const payee = await world.net.createAccount({ hbar: 0 });
      succeeded(await owner.kit.execute('approve_hbar_allowance_tool', { spenderAccountId: spender.accountId, amount: 3 }));

      const ownerBefore = await tinybarsOf(client, owner.accountId);
      const spent = await spender.kit.execute('transfer_hbar_with_allowance_tool', { sourceAccountId: owner.accountId, transfers: [{ accountId: payee.accountId, amount: 2 }] });
      succeeded(spent);
      expect(spent.humanMessage).to.contain('using its allowance');
      expect(await tinybarsOf(client, payee.accountId)).to.equal(2n * HBAR);
      expect(ownerBefore - (await tinybarsOf(client, owner.accountId))).to.equal(2n * HBAR);

      const over = await spender.kit.execute('transfer_hbar_with_allowance_tool', { sourceAccountId: owner.accountId, transfers: [{ accountId: payee.accountId, amount: 1.5 }] });
      expect(over.raw.errorCode).to.equal('AMOUNT_EXCEEDS_ALLOWANCE');

      succeeded(await owner.kit.execute('delete_hbar_allowance_tool', { spenderAccountId: spender.accountId }));
      const revoked = await spender.kit.execute('transfer_hbar_with_allowance_tool', { sourceAccountId: owner.accountId, transfers: [{ accountId: payee.accountId, amount: 0.5 }] });
      expect(revoked.raw.status).to.equal('ERROR');
      expect(revoked.raw.errorCode).to.equal('SPENDER_DOES_NOT_HAVE_ALLOWANCE');
      expect(await tinybarsOf(client, payee.accountId)).to.equal(2n * HBAR);
    });
  });

  describe('when granting and revoking a token allowance', () => {
    it('scales the amount by the token decimals read from the mirror, and revokes it', async () => {
      const owner = await world.actor(50);
      const spender = await world.actor(10);
      const tokenId = await createToken(owner, 2, 100_000);
      await associate(spender, tokenId);
      const approved = await owner.kit.execute('approve_token_allowance_tool', { spenderAccountId: spender.accountId, tokenApprovals: [{ tokenId, amount: 10.5 }] });
      succeeded(approved);
      expect(approved.humanMessage).to.contain(`10.5 of token ${tokenId} (1050 smallest units)`);
      expect(await spendTokenAllowance(spender, owner.accountId, tokenId, 1051)).to.equal('AMOUNT_EXCEEDS_ALLOWANCE');
      expect(await spendTokenAllowance(spender, owner.accountId, tokenId, 1000)).to.equal('SUCCESS');
      const tokens = (await world.mirror.getAccountTokens(spender.accountId)).tokens;
      expect(tokens.find((entry) => entry.token_id === tokenId)?.balance).to.equal(1000);

      succeeded(await owner.kit.execute('delete_token_allowance_tool', { spenderAccountId: spender.accountId, tokenIds: [tokenId] }));
      expect(await spendTokenAllowance(spender, owner.accountId, tokenId, 10)).to.equal('SPENDER_DOES_NOT_HAVE_ALLOWANCE');
    });

    it('refuses an amount finer than the token decimals, naming the field', async () => {
      const owner = await world.actor(50);
      const tokenId = await createToken(owner, 2, 1000);
      const result = await owner.kit.execute('approve_token_allowance_tool', { spenderAccountId: world.net.operatorId, tokenApprovals: [{ tokenId, amount: 0.001 }] });
      expect(result.raw.errorCode).to.equal('E_INVALID_PARAMS');
      expect(result.raw.issues).to.deep.equal(['tokenApprovals[0].amount: has 3 decimal places but at most 2 are allowed (the token has 2 decimals)']);
    });

    it('refuses an unknown token as invalid input', async () => {
      const result = await world.kit.execute('approve_token_allowance_tool', { spenderAccountId: '0.0.1001', tokenApprovals: [{ tokenId: '0.0.987654', amount: 1 }] });
      expect(result.raw.issues).to.deep.equal(['tokenApprovals[0].tokenId: token 0.0.987654 does not exist on this network']);
    });
  });

  describe('when creating, updating and deleting accounts', () => {
    it('creates an account with the given key and initial balance', async () => {
      const key = PrivateKey.generateECDSA();
      const result = await world.kit.execute('create_account_tool', { publicKey: key.publicKey.toStringDer(), initialBalance: 2.5, accountMemo: 'made by agent', maxAutomaticTokenAssociations: 3 });
      const raw = succeeded(result);
      expect(raw.accountId).to.match(/^0\.0\.\d+$/);
      expect(result.humanMessage).to.contain(`Created account ${String(raw.accountId)}`);
      const info = await new AccountInfoQuery().setAccountId(String(raw.accountId)).execute(client);
      expect(info.balance.toTinybars().toString()).to.equal('250000000');
      expect(info.key.toString()).to.equal(key.publicKey.toString());
      expect(info.accountMemo).to.equal('made by agent');
    });

    it("defaults the new account's key to the agent's key", async () => {
      const raw = succeeded(await world.kit.execute('create_account_tool', {}));
      const info = await new AccountInfoQuery().setAccountId(String(raw.accountId)).execute(client);
      expect(info.key.toString()).to.equal(world.net.operatorKey.publicKey.toString());
      expect(info.balance.toTinybars().toNumber()).to.equal(0);
    });

    it("updates the agent's own account settings", async () => {
      const actor = await world.actor(5);
      succeeded(await actor.kit.execute('update_account_tool', { accountMemo: 'updated', maxAutomaticTokenAssociations: 7 }));
      const account = await world.mirror.getAccount(actor.accountId);
      expect(account.memo).to.equal('updated');
      expect(account.max_automatic_token_associations).to.equal(7);
    });

    it('deletes an account and sweeps its HBAR to the transfer account', async () => {
      const created = succeeded(await world.kit.execute('create_account_tool', { initialBalance: 4 }));
      const receiver = await world.net.createAccount({ hbar: 0 });
      const result = await world.kit.execute('delete_account_tool', { accountId: String(created.accountId), transferAccountId: receiver.accountId });
      succeeded(result);
      expect(result.humanMessage).to.contain(`Deleted account ${String(created.accountId)}`);
      expect(await tinybarsOf(client, receiver.accountId)).to.equal(4n * HBAR);
      expect((await world.mirror.getAccount(String(created.accountId))).deleted).to.equal(true);
    });
  });

  describe('when the mode is RETURN_BYTES', () => {
    let payer: Actor;
    let bytesKit: Awaited<ReturnType<CoreWorld['kitWith']>>;
    let tokenId: string;

    before(async () => {
      payer = await world.actor(30);
      bytesKit = await world.kitWith({ mode: AgentMode.RETURN_BYTES, accountId: payer.accountId });
      tokenId = await createToken(payer, 3, 5000);
    });

    it('returns an HBAR transfer paid by context.accountId, moving nothing', async () => {
      const target = await world.net.createAccount({ hbar: 0 });
      const before = await tinybarsOf(client, payer.accountId);
      const result = await bytesKit.execute('transfer_hbar_tool', { transfers: [{ accountId: target.accountId, amount: 1.25 }] });
      const tx = await decodeReturnedBytes(world, result, TransferTransaction, payer.accountId);
      const transfers = Object.fromEntries([...tx.hbarTransfers].map(([id, amount]) => [id.toString(), amount.toTinybars().toString()]));
      expect(transfers).to.deep.equal({ [target.accountId]: '125000000', [payer.accountId]: '-125000000' });
      expect(await tinybarsOf(client, payer.accountId)).to.equal(before);
      expect(await tinybarsOf(client, target.accountId)).to.equal(0n);
    });

    it('returns an allowance spend whose owner debit is approved', async () => {
      const result = await bytesKit.execute('transfer_hbar_with_allowance_tool', { sourceAccountId: '0.0.1001', transfers: [{ accountId: world.net.operatorId, amount: 1 }] });
      const tx = await decodeReturnedBytes(world, result, TransferTransaction, payer.accountId);
      const owner = tx.hbarTransfersList.find((entry) => entry.accountId.toString() === '0.0.1001');
      expect(owner?.isApproved).to.equal(true);
      expect(owner?.amount.toTinybars().toString()).to.equal('-100000000');
    });

    it('returns HBAR allowance approvals and revocations for the payer as owner', async () => {
      const approve = await decodeReturnedBytes(world, await bytesKit.execute('approve_hbar_allowance_tool', { spenderAccountId: world.net.operatorId, amount: 7 }), AccountAllowanceApproveTransaction, payer.accountId);
      expect(approve.hbarApprovals.map((entry) => [entry.ownerAccountId?.toString(), entry.spenderAccountId?.toString(), entry.amount?.toTinybars().toString()]))
        .to.deep.equal([[payer.accountId, world.net.operatorId, '700000000']]);
      const revoke = await decodeReturnedBytes(world, await bytesKit.execute('delete_hbar_allowance_tool', { spenderAccountId: world.net.operatorId }), AccountAllowanceApproveTransaction, payer.accountId);
      expect(revoke.hbarApprovals[0].amount?.toTinybars().toString()).to.equal('0');
    });

    it('returns token allowance approvals scaled by decimals, and revocations', async () => {
      const approve = await decodeReturnedBytes(world, await bytesKit.execute('approve_token_allowance_tool', { spenderAccountId: world.net.operatorId, tokenApprovals: [{ tokenId, amount: 1.5 }] }), AccountAllowanceApproveTransaction, payer.accountId);
      expect(approve.tokenApprovals.map((entry) => [entry.tokenId.toString(), entry.amount?.toString()])).to.deep.equal([[tokenId, '1500']]);
      const revoke = await decodeReturnedBytes(world, await bytesKit.execute('delete_token_allowance_tool', { spenderAccountId: world.net.operatorId, tokenIds: [tokenId] }), AccountAllowanceApproveTransaction, payer.accountId);
      expect(revoke.tokenApprovals[0].amount?.toString()).to.equal('0');
    });

    it("returns an account creation keyed to the payer's key read from the mirror", async () => {
      const tx = await decodeReturnedBytes(world, await bytesKit.execute('create_account_tool', { initialBalance: 1 }), AccountCreateTransaction, payer.accountId);
      expect(tx.key?.toString()).to.equal(payer.privateKey.publicKey.toString());
      expect(tx.initialBalance?.toTinybars().toString()).to.equal('100000000');
    });

    it('returns account updates and deletions for the payer', async () => {
      const update = await decodeReturnedBytes(world, await bytesKit.execute('update_account_tool', { accountMemo: 'via wallet' }), AccountUpdateTransaction, payer.accountId);
      expect(update.accountId?.toString()).to.equal(payer.accountId);
      expect(update.accountMemo).to.equal('via wallet');
      const del = await decodeReturnedBytes(world, await bytesKit.execute('delete_account_tool', { accountId: '0.0.1001', transferAccountId: world.net.operatorId }), AccountDeleteTransaction, payer.accountId);
      expect(del.accountId?.toString()).to.equal('0.0.1001');
      expect(del.transferAccountId?.toString()).to.equal(world.net.operatorId);
    });
  });
});
