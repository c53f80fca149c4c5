import { expect } from 'chai';
import {
  AccountCreateTransaction, AccountInfoQuery, AccountUpdateTransaction, ContractId, EvmHook, EvmHookCall, FungibleHookCall, FungibleHookType, Hbar,
  HookCreationDetails, HookExtensionPoint, KeyList, Long, PrivateKey, ReceiptStatusError, Status, TransferTransaction,
} from '@hiero-ledger/sdk';
import { devnetSuite } from '../../support/devnet-suite.js';

describe('devnet hooks (HIP-1195) and contract keys', () => {
  const suite = devnetSuite();

  async function status(promise: Promise<{ getReceipt: (client: typeof suite.client) => Promise<unknown> }>): Promise<Status> {
    const outcome = await (await promise).getReceipt(suite.client).catch((e: unknown) => e);
    return outcome instanceof ReceiptStatusError ? outcome.status : (outcome as { status: Status }).status;
  }
  const hook = () => new HookCreationDetails({ extensionPoint: HookExtensionPoint.ACCOUNT_ALLOWANCE_HOOK, hookId: 1, evmHook: new EvmHook({ contractId: ContractId.fromString('0.0.1001') }) });

  describe('when a transaction creates, deletes or calls a hook', () => {
    it('fails it with HOOKS_NOT_ENABLED, as a node without hooks does, and leaves the account as it was', async () => {
      const key = PrivateKey.generateED25519();
      const created = new AccountCreateTransaction().setKeyWithoutAlias(key.publicKey).addHook(hook()).execute(suite.client);
      expect(await status(created)).to.equal(Status.HooksNotEnabled);
      const { accountId, privateKey } = await suite.net.createAccount({ hbar: 1 });
      const update = (tx: AccountUpdateTransaction) => tx.setAccountId(accountId).setAccountMemo('touched').freezeWith(suite.client).sign(privateKey);
      expect(await status((await update(new AccountUpdateTransaction().addHookToCreate(hook()))).execute(suite.client))).to.equal(Status.HooksNotEnabled);
      expect(await status((await update(new AccountUpdateTransaction().addHookToDelete(Long.fromNumber(1)))).execute(suite.client))).to.equal(Status.HooksNotEnabled);
      expect((await new AccountInfoQuery().setAccountId(accountId).execute(suite.client)).accountMemo).to.equal('');
      const call = new FungibleHookCall({ hookId: Long.fromNumber(1), type: FungibleHookType.PRE_TX_ALLOWANCE_HOOK, evmHookCall: new EvmHookCall({ gasLimit: Long.fromNumber(25_000) }) });
      const transfer = new TransferTransaction().addHbarTransferWithHook(accountId, Hbar.fromTinybars(-5), call).addHbarTransfer(suite.net.operatorId, Hbar.fromTinybars(5));
      expect(await status(transfer.execute(suite.client))).to.equal(Status.HooksNotEnabled);
    });
  });

  describe('when a key names a contract', () => {
    it('is accepted inside a threshold key, and the account is still moved by the simple key beside it', async () => {
      const { accountId, privateKey } = await suite.net.createAccount({ hbar: 2 });
      const key = new KeyList([privateKey.publicKey, ContractId.fromString('0.0.1001')], 1);
      const update = await new AccountUpdateTransaction().setAccountId(accountId).setKey(key).freezeWith(suite.client).sign(privateKey);
      expect(await status(update.execute(suite.client))).to.equal(Status.Success);
      const info = await new AccountInfoQuery().setAccountId(accountId).execute(suite.client);
      expect((info.key as KeyList).toArray().map((k) => k.toString())).to.deep.equal([privateKey.publicKey.toString(), '0.0.1001']);
      const spend = await new TransferTransaction().addHbarTransfer(accountId, Hbar.fromTinybars(-7)).addHbarTransfer(suite.net.operatorId, Hbar.fromTinybars(7))
        .freezeWith(suite.client).sign(privateKey);
      expect(await status(spend.execute(suite.client))).to.equal(Status.Success);
    });

    it('never signs a HAPI transaction on its own: an account keyed only by a contract cannot be debited', async () => {
      const contractOnly = await (await new AccountCreateTransaction().setKeyWithoutAlias(ContractId.fromString('0.0.1001')).setInitialBalance(new Hbar(1))
        .execute(suite.client)).getReceipt(suite.client);
      const spend = new TransferTransaction().addHbarTransfer(contractOnly.accountId!, Hbar.fromTinybars(-1)).addHbarTransfer(suite.net.operatorId, Hbar.fromTinybars(1));
      expect(await status(spend.execute(suite.client))).to.equal(Status.InvalidSignature);
    });
  });
});
