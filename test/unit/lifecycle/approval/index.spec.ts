import { expect } from 'chai';
import { AccountId, Hbar, TransferTransaction, TransactionId } from '@hiero-ledger/sdk';
import { assertTransactionBytesUnchanged, freezePlainData, lockNormalisedParams, lockRawParams, sealTransactionBytes } from '../../../../src/lifecycle/approval/index.js';
import { ErrorCode } from '../../../../src/errors/index.js';

/* The three protections, each named for what it protects. */
describe('approval protections', () => {
  describe('lockRawParams', () => {
    it('freezes the raw params all the way down and the event that carries them', () => {
      const event = { method: 'echo_tool', rawParams: { transfers: [{ accountId: '0.0.7', amount: 1 }] } };
      lockRawParams(event);
      expect(Object.isFrozen(event)).to.equal(true);
      expect(Object.isFrozen(event.rawParams.transfers[0])).to.equal(true);
    });
  });

  describe('lockNormalisedParams', () => {
    it('freezes the event and the params, and refuses a byte array changed afterwards', () => {
      const memoBytes = new Uint8Array([1, 2, 3]);
      const event = { normalisedParams: { to: AccountId.fromString('0.0.7'), amount: new Hbar(1), memoBytes } };
      const lock = lockNormalisedParams(event);
      expect(Object.isFrozen(event)).to.equal(true);
      expect(Object.isFrozen(event.normalisedParams.to)).to.equal(true);
      expect(() => lock.assertUnchanged('echo_tool', 'postParamsNormalization')).to.not.throw();
      memoBytes[0] = 9;
      expect(() => lock.assertUnchanged('echo_tool', 'postParamsNormalization')).to.throw().with.property('code', ErrorCode.APPROVAL_CHANGED);
    });
  });

  describe('sealTransactionBytes', () => {
    it('lets the sealed bytes go out and refuses them once changed', () => {
      const transaction = new TransferTransaction()
        .addHbarTransfer('0.0.7', new Hbar(1))
        .addHbarTransfer('0.0.2', new Hbar(-1))
        .setTransactionId(TransactionId.generate('0.0.2'))
        .setNodeAccountIds([AccountId.fromString('0.0.3')]);
      sealTransactionBytes(transaction);
      expect(() => assertTransactionBytesUnchanged(transaction, 'transfer_hbar_tool')).to.not.throw();
      transaction.setTransactionMemo('changed');
      expect(() => assertTransactionBytesUnchanged(transaction, 'transfer_hbar_tool')).to.throw(/changed after the postCoreAction policies approved it/).with.property('code', ErrorCode.APPROVAL_CHANGED);
    });
  });

  describe('freezePlainData', () => {
    it('freezes plain containers and leaves class instances to their own immutability', () => {
      const transaction = new TransferTransaction();
      const value = freezePlainData({ list: [{ n: 1 }], transaction });
      expect(Object.isFrozen(value.list[0])).to.equal(true);
      expect(Object.isFrozen(transaction)).to.equal(false);
    });
  });
});
