import { expect } from 'chai';
import { AccountId, Hbar, TransactionId, TransferTransaction } from '@hiero-ledger/sdk';
import { AgentHooksError, ErrorCode, nothingSent } from '../../../src/errors/index.js';
import { assertTransactionBytesUnchanged, sealTransactionBytes } from '../../../src/lifecycle/approval/index.js';
import { outcomeOf } from '../../../src/lifecycle/call-outcome.js';
import type { DrivableTool } from '../../../src/lifecycle/drivable-tool.js';
import { failureResult } from '../../../src/lifecycle/failure-result.js';

const tool = { method: 'transfer_hbar_tool', name: 'Transfer HBAR' } as DrivableTool;

function thrownBy(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected it to throw');
}

/** What a failure at secondaryAction reads as, and whether a budget keeps what the call reserved. */
function atSecondaryAction(error: Error) {
  const result = failureResult(tool, 'secondaryAction', error);
  return { result, executed: outcomeOf('call-1', tool.method, result, 'secondaryAction').executed };
}

describe('failureResult at secondaryAction', () => {
  describe('when the kit raised a configuration error before handing anything to the network', () => {
    it('says the call was not submitted, never that it failed while being submitted, and a budget gives it back', () => {
      const error = nothingSent(new AgentHooksError(ErrorCode.CONFIG, 'The lifecycle in /app has no binding for the transaction strategies (src/modes). Nothing was sent.'));
      const { result, executed } = atSecondaryAction(error);
      expect(result.raw).to.include({ status: 'ERROR', errorCode: 'E_CONFIG', stage: 'secondaryAction', submitted: false });
      expect(result.humanMessage).to.match(/^The transfer_hbar_tool call was not submitted: The lifecycle/);
      expect(result.humanMessage).to.not.contain('while being submitted').and.to.not.contain('recent transactions');
      expect(executed).to.equal(false);
    });
  });

  describe('when the approved transaction bytes changed before sending', () => {
    it('says nothing was submitted, and a budget gives it back', () => {
      const transaction = new TransferTransaction()
        .addHbarTransfer('0.0.7', new Hbar(1))
        .addHbarTransfer('0.0.2', new Hbar(-1))
        .setTransactionId(TransactionId.generate('0.0.2'))
        .setNodeAccountIds([AccountId.fromString('0.0.3')]);
      sealTransactionBytes(transaction);
      transaction.setTransactionMemo('edited');
      const { result, executed } = atSecondaryAction(thrownBy(() => assertTransactionBytesUnchanged(transaction, tool.method)));
      expect(result.raw).to.include({ errorCode: 'E_APPROVAL_CHANGED', submitted: false });
      expect(executed).to.equal(false);
    });
  });

  describe('when the error proves nothing about what was sent (the tool\'s own, or the SDK\'s)', () => {
    it('warns that it may have gone out, and a budget keeps the amount (fail closed)', () => {
      for (const error of [new Error('socket hang up'), new AgentHooksError(ErrorCode.CONFIG, 'a tool of its own raised this after its own execute')]) {
        const { result, executed } = atSecondaryAction(error);
        expect(result.raw.submitted).to.equal(undefined);
        expect(result.humanMessage).to.contain('failed while being submitted').and.to.contain('Check the account');
        expect(executed).to.equal('unknown');
      }
    });
  });
});
