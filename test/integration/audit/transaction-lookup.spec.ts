import { expect } from 'chai';
import { AccountId, Hbar, Timestamp, TransactionId, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { lookUpTransaction } from '../../../src/audit/readers/transaction-lookup.js';

/** An ID of the operator's that was never sent, its valid start `agoMs` in the past. */
function unsentId(net: Devnet, agoMs: number): string {
  return TransactionId.withValidStart(AccountId.fromString(net.operatorId), Timestamp.fromDate(new Date(Date.now() - agoMs))).toString();
}

describe('lookUpTransaction', () => {
  let net: Devnet;
  let client: Client;

  before(async () => {
    net = await startDevnet();
    client = net.client();
  });
  after(async () => {
    await net.stop();
  });

  describe('when the transaction landed', () => {
    it('reports its status from the receipt, with or without a mirror', async () => {
      const response = await new TransferTransaction().addHbarTransfer(net.operatorId, Hbar.fromTinybars(-1)).addHbarTransfer('0.0.98', Hbar.fromTinybars(1)).execute(client);
      await response.getReceipt(client);
      for (const mirror of [undefined, net.mirrorUrl]) {
        expect(await lookUpTransaction(response.transactionId.toString(), client, mirror)).to.include({ found: true, status: 'SUCCESS' });
      }
    });
  });

  for (const [label, mirror] of [['without a mirror URL', () => undefined], ['with a mirror URL', () => net.mirrorUrl]] as const) {
    describe(`when no copy is known, ${label}`, () => {
      it('stays unknown while a copy could still land, and says when that ends', async () => {
        const id = unsentId(net, 5_000);
        const result = await lookUpTransaction(id, client, mirror(), 120);
        expect(result.found).to.equal('unknown');
        const retryAt = (result as { retryAt?: number }).retryAt!;
        // Valid start + 120 s, plus slack for clock skew (and mirror lag).
        expect(retryAt - (Date.now() - 5_000)).to.be.within(120_000, 160_000);
        expect((result as { reason: string }).reason).to.contain('could still land until');
      });

      it('uses the longest valid duration when the real one is not known', async () => {
        const result = await lookUpTransaction(unsentId(net, 150_000), client, mirror());
        expect(result.found).to.equal('unknown');
      });
    });
  }

  describe('when the validity window has closed', () => {
    it('concludes "not found" from the receipt while nodes would still keep one', async () => {
      expect(await lookUpTransaction(unsentId(net, 140_000), client, undefined, 120)).to.deep.equal({ found: false });
    });

    it('without a mirror, says the answer is lost once a landed copy would have lost its receipt too', async () => {
      const result = await lookUpTransaction(unsentId(net, 10 * 60_000), client, undefined, 120);
      expect(result.found).to.equal('unknowable');
      expect((result as { reason: string }).reason).to.contain('no mirror node URL');
    });

    it('with a mirror, concludes "not found" however old the ID', async () => {
      expect(await lookUpTransaction(unsentId(net, 10 * 60_000), client, net.mirrorUrl, 120)).to.deep.equal({ found: false });
    });
  });
});
