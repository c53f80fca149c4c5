import { expect } from 'chai';
import {
  AccountCreateTransaction, AccountRecordsQuery, FreezeTransaction, FreezeType, Hbar, KeyList, PrecheckStatusError, PrivateKey,
  ReceiptStatusError, Status, TransferTransaction, type Client,
} from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';

describe('devnet key structures and unsupported operations', () => {
  let net: Devnet;
  let client: Client;

  before(async () => {
    net = await startDevnet();
    client = net.client();
  });
  after(async () => { await net.stop(); });

  describe('when an account is guarded by a 2-of-3 threshold key', () => {
    it('accepts two signatures and rejects one', async () => {
      const keys = [PrivateKey.generateED25519(), PrivateKey.generateECDSA(), PrivateKey.generateED25519()];
      const threshold = new KeyList(keys.map((k) => k.publicKey), 2);
      const accountId = (await (await new AccountCreateTransaction().setKeyWithoutAlias(threshold).setInitialBalance(new Hbar(2)).execute(client)).getReceipt(client)).accountId!.toString();
      const spend = () => new TransferTransaction().addHbarTransfer(accountId, Hbar.fromTinybars(-1)).addHbarTransfer(net.operatorId, Hbar.fromTinybars(1)).freezeWith(client);
      const one = await (await (await spend().sign(keys[0])).execute(client)).getReceipt(client).catch((e: unknown) => e);
      expect(one).to.be.instanceOf(ReceiptStatusError);
      expect((one as ReceiptStatusError).status).to.equal(Status.InvalidSignature);
      const tx = await (await spend().sign(keys[1])).sign(keys[2]);
      expect((await (await tx.execute(client)).getReceipt(client)).status).to.equal(Status.Success);
    });
  });

  describe('when an operation is outside the devnet', () => {
    it('answers NOT_SUPPORTED at precheck for transactions and queries', async () => {
      const tx = await new FreezeTransaction().setFreezeType(FreezeType.FreezeAbort).execute(client).catch((e: unknown) => e);
      expect(tx).to.be.instanceOf(PrecheckStatusError);
      expect((tx as PrecheckStatusError).status).to.equal(Status.NotSupported);
      const query = await new AccountRecordsQuery().setAccountId(net.operatorId).execute(client).catch((e: unknown) => e);
      expect(query).to.be.instanceOf(PrecheckStatusError);
      expect((query as PrecheckStatusError).status).to.equal(Status.NotSupported);
    });
  });
});
