import { expect } from 'chai';
import { AccountId, PrecheckStatusError, Status, TransactionId, type Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { BaseTool } from '../../../src/lifecycle/base-tool.js';
import { sentTransactionOf } from '../../../src/lifecycle/sent-transaction.js';
import { offlineClient } from '../../support/offline-client.js';

const ID = '0.0.2@1700000000.000000001';
const precheck = (status: Status) =>
  new PrecheckStatusError({ status, transactionId: TransactionId.fromString(ID), nodeId: AccountId.fromString('0.0.3'), contractFunctionResult: null });

/** A third-party style tool that sends a transaction itself in its core action, which throws `error`. */
class SelfSendingTool extends BaseTool<Record<string, never>, Record<string, never>, never> {
  readonly method = 'self_sending_tool';
  readonly name = 'Self sending';
  readonly description = 'Submits in its core action.';
  readonly parameters = z.object({}).strict();

  constructor(private readonly error: unknown) {
    super();
  }

  normalizeParams(params: Record<string, never>) {
    return params;
  }

  coreAction(): never {
    throw this.error;
  }
}

describe('sentTransactionOf and the results of status errors', () => {
  let client: Client;
  beforeEach(() => { client = offlineClient(); });
  afterEach(() => client.close());

  describe('when a core action fails with a precheck status error', () => {
    it('says the transaction was sent and refused, with its ID and status, never that nothing was submitted', async () => {
      const result = await new SelfSendingTool(precheck(Status.InsufficientPayerBalance)).execute(client, {}, {});
      expect(result.raw).to.deep.include({ status: 'ERROR', errorCode: 'INSUFFICIENT_PAYER_BALANCE', transactionId: ID, submitted: false, stage: 'coreAction' });
      expect(result.humanMessage).to.contain(`transaction ${ID} was sent to the network and refused at precheck with INSUFFICIENT_PAYER_BALANCE`);
      expect(result.humanMessage.toLowerCase()).to.not.contain('nothing was submitted');
    });
  });

  describe('when the answer leaves the outcome open (DUPLICATE_TRANSACTION)', () => {
    it('is UNKNOWN with the transaction ID, not an error to retry', async () => {
      const result = await new SelfSendingTool(precheck(Status.DuplicateTransaction)).execute(client, {}, {});
      expect(result.raw).to.deep.include({ status: 'UNKNOWN', errorCode: 'DUPLICATE_TRANSACTION', transactionId: ID, submitted: true });
      expect(result.humanMessage).to.contain('Do not retry');
    });
  });

  describe('when the tool words the failure with its own handleError', () => {
    it('keeps its words, and adds the transaction ID and whether it was submitted that they left out', async () => {
      class Wording extends SelfSendingTool {
        override handleError() {
          return { raw: { status: 'ERROR', error: 'could not pay' }, humanMessage: 'Self sending could not pay.' };
        }
      }
      const result = await new Wording(precheck(Status.InsufficientPayerBalance)).execute(client, {}, {});
      expect(result.humanMessage).to.equal('Self sending could not pay.');
      expect(result.raw).to.deep.include({ status: 'ERROR', error: 'could not pay', errorCode: 'INSUFFICIENT_PAYER_BALANCE', transactionId: ID, submitted: false });
    });
  });

  describe('when the error is no status error', () => {
    it('names no transaction', () => {
      expect(sentTransactionOf(new Error('boom'), false)).to.equal(undefined);
      // A look-alike without a Hedera status is not taken for one.
      expect(sentTransactionOf(Object.assign(new Error('boom'), { status: 'FAIL', transactionId: ID }), false)).to.equal(undefined);
    });
  });
});
