import { expect } from 'chai';
import {
  AccountCreateTransaction, Hbar, KeyList, PrecheckStatusError, PrivateKey, ReceiptStatusError, Status, TransactionId, TransferTransaction,
} from '@hiero-ledger/sdk';
import { devnetSuite } from '../../support/devnet-suite.js';

/** A signature made by the right key over the right bytes, with one bit flipped: the key matches, the maths does not. */
function corrupted(signature: Uint8Array): Uint8Array {
  const copy = Uint8Array.from(signature);
  copy[10] ^= 0x01;
  return copy;
}

/** Signs like `key` would, but hands the network a corrupted signature. */
const badSigner = (key: PrivateKey) => (message: Uint8Array) => Promise.resolve(corrupted(key.sign(message)));

describe('devnet signature verification through the SDK', () => {
  const suite = devnetSuite();

  const spendFrom = (accountId: string) =>
    new TransferTransaction().addHbarTransfer(accountId, Hbar.fromTinybars(-1)).addHbarTransfer(suite.net.operatorId, Hbar.fromTinybars(1)).freezeWith(suite.client);

  async function receiptStatus(tx: TransferTransaction): Promise<Status> {
    const outcome = await (await tx.execute(suite.client)).getReceipt(suite.client).catch((e: unknown) => e);
    if (outcome instanceof ReceiptStatusError) return outcome.status;
    return (outcome as { status: Status }).status;
  }

  for (const [type, generate] of [['ED25519', () => PrivateKey.generateED25519()], ['ECDSA(secp256k1)', () => PrivateKey.generateECDSA()]] as const) {
    describe(`when the ${type} signature of a debited account is corrupted`, () => {
      it('fails the transfer with INVALID_SIGNATURE, and accepts the intact signature', async () => {
        const { accountId, privateKey } = await suite.net.createAccount({ hbar: 1, key: generate() });
        const bad = await spendFrom(accountId).signWith(privateKey.publicKey, badSigner(privateKey));
        expect(await receiptStatus(bad)).to.equal(Status.InvalidSignature);
        const good = await spendFrom(accountId).sign(privateKey);
        expect(await receiptStatus(good)).to.equal(Status.Success);
      });
    });

    describe(`when the payer's ${type} signature is corrupted`, () => {
      it('refuses the transaction at precheck with INVALID_SIGNATURE', async () => {
        const { accountId, privateKey } = await suite.net.createAccount({ hbar: 1, key: generate() });
        const payer = suite.net.client().setOperatorWith(accountId, privateKey.publicKey, badSigner(privateKey));
        const tx = new TransferTransaction().addHbarTransfer(accountId, Hbar.fromTinybars(-1)).addHbarTransfer(suite.net.operatorId, Hbar.fromTinybars(1))
          .setTransactionId(TransactionId.generate(accountId));
        const error = await tx.execute(payer).catch((e: unknown) => e);
        expect(error).to.be.instanceOf(PrecheckStatusError);
        expect((error as PrecheckStatusError).status).to.equal(Status.InvalidSignature);
      });
    });
  }

  describe('when an account is guarded by a key list of an ED25519 and an ECDSA key', () => {
    it('needs both intact signatures', async () => {
      const ed = PrivateKey.generateED25519();
      const ecdsa = PrivateKey.generateECDSA();
      const create = new AccountCreateTransaction().setKeyWithoutAlias(new KeyList([ed.publicKey, ecdsa.publicKey])).setInitialBalance(new Hbar(1));
      const accountId = (await (await create.execute(suite.client)).getReceipt(suite.client)).accountId!.toString();
      const badEd = await (await spendFrom(accountId).signWith(ed.publicKey, badSigner(ed))).sign(ecdsa);
      expect(await receiptStatus(badEd)).to.equal(Status.InvalidSignature);
      const badEcdsa = await (await spendFrom(accountId).sign(ed)).signWith(ecdsa.publicKey, badSigner(ecdsa));
      expect(await receiptStatus(badEcdsa)).to.equal(Status.InvalidSignature);
      const both = await (await spendFrom(accountId).sign(ed)).sign(ecdsa);
      expect(await receiptStatus(both)).to.equal(Status.Success);
    });
  });

  describe('when an account is guarded by a 1-of-2 threshold key', () => {
    it('does not count a corrupted signature towards the threshold', async () => {
      const keys = [PrivateKey.generateED25519(), PrivateKey.generateECDSA()];
      const create = new AccountCreateTransaction().setKeyWithoutAlias(new KeyList(keys.map((k) => k.publicKey), 1)).setInitialBalance(new Hbar(1));
      const accountId = (await (await create.execute(suite.client)).getReceipt(suite.client)).accountId!.toString();
      for (const key of keys) {
        expect(await receiptStatus(await spendFrom(accountId).signWith(key.publicKey, badSigner(key)))).to.equal(Status.InvalidSignature);
        expect(await receiptStatus(await spendFrom(accountId).sign(key))).to.equal(Status.Success);
      }
    });
  });
});
