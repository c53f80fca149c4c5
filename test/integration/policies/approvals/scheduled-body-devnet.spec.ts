import { expect } from 'chai';
import { AccountId, Hbar, ScheduleCreateTransaction, ScheduleInfoQuery, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../../src/devnet/index.js';
import { scheduledBodyDigest, scheduledBodyOfScheduleCreate } from '../../../../src/policies/approvals/scheduled-body.js';

/** The devnet's ScheduleInfoQuery gives back the scheduled body and payer the ScheduleCreate sent: what approvers' checks compare. */
describe('the devnet answers ScheduleInfoQuery with the scheduled body and payer as they were sent', function () {
  this.timeout(60_000);
  let net: Devnet;
  let operator: Client;

  beforeEach(async () => {
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
    operator = net.client();
  });
  afterEach(async () => {
    await net.stop();
  });

  for (const [what, payerOf] of [
    ["the ScheduleCreate's payer", () => undefined],
    ['an explicit payerAccountID', (payer: string) => payer],
  ] as const) {
    it(`with ${what}: the ledger's body digests as the ScheduleCreate's, memo and all`, async () => {
      const alice = (await net.createAccount({ hbar: 20 })).accountId;
      const bob = (await net.createAccount({ hbar: 1 })).accountId;
      const payer = (await net.createAccount({ hbar: 5 })).accountId;
      const inner = new TransferTransaction().addHbarTransfer(alice, new Hbar(-3)).addHbarTransfer(bob, new Hbar(3)).setTransactionMemo('rent for March');
      const create = new ScheduleCreateTransaction().setScheduledTransaction(inner).setScheduleMemo('ledger approval');
      const explicit = payerOf(payer);
      if (explicit) create.setPayerAccountId(AccountId.fromString(explicit));
      create.freezeWith(operator);
      const sent = scheduledBodyOfScheduleCreate(create.toBytes());
      if (typeof sent === 'string') throw new Error(sent);
      const scheduleId = (await (await create.execute(operator)).getReceipt(operator)).scheduleId!;
      const info = await new ScheduleInfoQuery().setScheduleId(scheduleId).execute(operator);
      expect(sent.payer).to.equal(explicit ?? operator.operatorAccountId!.toString());
      expect({ digest: scheduledBodyDigest(info.schedulableTransactionBody!), payer: info.payerAccountId!.toString() }).to.deep.equal(sent);
      expect(info.schedulableTransactionBody!.memo).to.equal('rent for March');
    });
  }
});
