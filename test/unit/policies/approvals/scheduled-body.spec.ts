import { AccountId, Hbar, PrivateKey, ScheduleCreateTransaction, TransactionId, TransferTransaction } from '@hiero-ledger/sdk';
import { proto } from '@hiero-ledger/proto';
import { expect } from 'chai';
import { approvalRequestDigest, checkApprovalSignature, signApproval } from '../../../../src/policies/approvals/index.js';
import { scheduledBodyDigest, scheduledBodyOfScheduleCreate } from '../../../../src/policies/approvals/scheduled-body.js';
import { sampleRecord } from '../../../support/approval-store-contract.js';

const NODE = [new AccountId(3)];

/** A frozen ScheduleCreate of `tinybars` from 0.0.1002 to `to`, paid by 0.0.1001 (or `payer`). */
function scheduleCreate(tinybars: number, to = '0.0.1003', payer?: string): ScheduleCreateTransaction {
  const inner = new TransferTransaction().addHbarTransfer('0.0.1002', Hbar.fromTinybars(-tinybars)).addHbarTransfer(to, Hbar.fromTinybars(tinybars));
  const create = new ScheduleCreateTransaction().setScheduledTransaction(inner);
  if (payer) create.setPayerAccountId(AccountId.fromString(payer));
  return create.setTransactionId(TransactionId.generate('0.0.1001')).setNodeAccountIds(NODE).freeze();
}

/** The scheduled body inside a ScheduleCreate's bytes, decoded as a node decodes it. */
function innerBody(create: ScheduleCreateTransaction): proto.SchedulableTransactionBody {
  const signed = proto.SignedTransaction.decode(proto.TransactionList.decode(create.toBytes()).transactionList[0]!.signedTransactionBytes!);
  return proto.TransactionBody.decode(signed.bodyBytes!).scheduleCreate!.scheduledTransactionBody as proto.SchedulableTransactionBody;
}

describe('the scheduled body a ledger approval binds', () => {
  describe('scheduledBodyDigest', () => {
    it('is sha384 of the canonical form: defaults a node leaves out (empty memo, isApproval false, empty lists) do not change it', () => {
      const body = innerBody(scheduleCreate(1_000_000_000));
      const digest = scheduledBodyDigest(body);
      expect(digest).to.match(/^sha384:[0-9a-f]{96}$/);
      // As a node re-serialises it: the defaults the SDK wrote explicitly (memo '', isApproval false, no custom fees) are absent.
      const stripped = { transactionFee: body.transactionFee, cryptoTransfer: { transfers: { accountAmounts: body.cryptoTransfer!.transfers!.accountAmounts!.map((each) => ({ accountID: each.accountID, amount: each.amount })) } } };
      const reserialised = proto.SchedulableTransactionBody.decode(proto.SchedulableTransactionBody.encode(stripped).finish());
      expect(Object.keys(reserialised)).not.to.include('memo');
      expect(scheduledBodyDigest(reserialised)).to.equal(digest);
    });

    it('changes with what the transfer does: amount, recipient, memo, fee', () => {
      const digest = scheduledBodyDigest(innerBody(scheduleCreate(1_000_000_000)));
      expect(scheduledBodyDigest(innerBody(scheduleCreate(1_000_000_001)))).not.to.equal(digest);
      expect(scheduledBodyDigest(innerBody(scheduleCreate(1_000_000_000, '0.0.1004')))).not.to.equal(digest);
      const body = innerBody(scheduleCreate(1_000_000_000));
      expect(scheduledBodyDigest({ ...body, memo: 'pay mallory' })).not.to.equal(digest);
      expect(scheduledBodyDigest({ ...body, transactionFee: 1 })).not.to.equal(digest);
    });
  });

  describe('scheduledBodyOfScheduleCreate', () => {
    it("reads the body's digest and the payer: the ScheduleCreate's own payer, else its payerAccountID", () => {
      const plain = scheduleCreate(1_000_000_000);
      expect(scheduledBodyOfScheduleCreate(plain.toBytes())).to.deep.equal({ digest: scheduledBodyDigest(innerBody(plain)), payer: '0.0.1001' });
      const paid = scheduleCreate(1_000_000_000, '0.0.1003', '0.0.1009');
      expect(scheduledBodyOfScheduleCreate(paid.toBytes())).to.include({ payer: '0.0.1009' });
    });

    it('says why when the bytes are not a ScheduleCreate', () => {
      const transfer = new TransferTransaction().addHbarTransfer('0.0.1002', -1).addHbarTransfer('0.0.1003', 1).setTransactionId(TransactionId.generate('0.0.1001')).setNodeAccountIds(NODE).freeze();
      expect(scheduledBodyOfScheduleCreate(transfer.toBytes())).to.equal('the transaction is not a ScheduleCreate with a scheduled body');
      expect(scheduledBodyOfScheduleCreate(Uint8Array.from([0xff, 0xff]))).to.match(/^the transaction bytes could not be decoded/);
    });
  });

  describe('the request digest of a request the ledger approves', () => {
    const base = sampleRecord({ id: 'req-ledger', createdAt: 1, expiresAt: 1_700_000_000_000 });
    const scheduled = { ...base, schedule: { accounts: [], scheduleId: '0.0.1006', scheduledBody: { digest: scheduledBodyDigest(innerBody(scheduleCreate(1_000_000_000))), payer: '0.0.1001' } } };

    it('covers the scheduled body and its payer: a signed decision does not verify once either is changed', () => {
      const key = PrivateKey.generateED25519();
      const signed = signApproval(scheduled, key);
      expect(checkApprovalSignature(approvalRequestDigest(scheduled), signed.signature, signed.publicKey).ok).to.equal(true);
      const otherBody = { ...scheduled, schedule: { ...scheduled.schedule, scheduledBody: { ...scheduled.schedule.scheduledBody, digest: scheduledBodyDigest(innerBody(scheduleCreate(9_000_000_000))) } } };
      const otherPayer = { ...scheduled, schedule: { ...scheduled.schedule, scheduledBody: { ...scheduled.schedule.scheduledBody, payer: '0.0.1009' } } };
      for (const changed of [otherBody, otherPayer]) expect(checkApprovalSignature(approvalRequestDigest(changed), signed.signature, signed.publicKey).ok).to.equal(false);
    });

    it('leaves the digest of a record without a scheduled body as it was (old records and their signatures stay valid)', () => {
      expect(approvalRequestDigest({ ...scheduled, schedule: { ...scheduled.schedule, scheduledBody: undefined } })).to.equal(approvalRequestDigest(base));
      expect(approvalRequestDigest(scheduled)).not.to.equal(approvalRequestDigest(base));
    });
  });
});
