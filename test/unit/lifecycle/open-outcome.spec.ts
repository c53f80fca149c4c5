import { expect } from 'chai';
import { AccountId, MaxAttemptsOrTimeoutError, PrecheckStatusError, Status, TransactionId } from '@hiero-ledger/sdk';
import { leavesOutcomeOpen } from '../../../src/lifecycle/open-outcome.js';

const precheck = (status: Status) =>
  new PrecheckStatusError({ status, transactionId: TransactionId.generate('0.0.2'), nodeId: AccountId.fromString('0.0.3'), contractFunctionResult: null });

describe('leavesOutcomeOpen', () => {
  describe('when the node answered at precheck', () => {
    it('is open for DUPLICATE_TRANSACTION: a copy with this ID already reached the node', () => {
      expect(leavesOutcomeOpen(precheck(Status.DuplicateTransaction))).to.equal(true);
    });

    it('is settled for a refusal of this copy', () => {
      for (const status of [Status.Busy, Status.InsufficientPayerBalance, Status.InvalidSignature]) expect(leavesOutcomeOpen(precheck(status)), status.toString()).to.equal(false);
    });
  });

  describe('when the transport failed or the SDK gave up', () => {
    it('is open: an attempt may have been applied without its answer arriving', () => {
      expect(leavesOutcomeOpen(new MaxAttemptsOrTimeoutError('max attempts of 3 was reached', '0.0.3'))).to.equal(true);
      expect(leavesOutcomeOpen(Object.assign(new Error('gRPC service failed with: Status: INTERNAL'), { name: 'GrpcServiceError' }))).to.equal(true);
      expect(leavesOutcomeOpen(new Error('Network connectivity issue: All nodes are unhealthy. Original node list: 0.0.3'))).to.equal(true);
    });
  });

  describe('when nothing was sent', () => {
    it('is settled for errors raised before submission, and for non-errors', () => {
      expect(leavesOutcomeOpen(new Error('transaction must have been frozen before calculating the hash'))).to.equal(false);
      expect(leavesOutcomeOpen('DUPLICATE_TRANSACTION')).to.equal(false);
      expect(leavesOutcomeOpen(undefined)).to.equal(false);
    });
  });
});
