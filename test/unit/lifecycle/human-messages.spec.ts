import { expect } from 'chai';
import { InvalidParamsError } from '../../../src/errors/index.js';
import { blockedAfterExecutionMessage, blockedMessage, failedMessage, hookFailedWarning, invalidParamsMessage, sentTransactionFailedMessage, submissionFailedMessage } from '../../../src/lifecycle/human-messages.js';

describe('human messages', () => {
  describe('when a reason already ends its sentence', () => {
    it('does not end it twice', () => {
      const messages = [
        failedMessage('get_hbar_balance_query_tool', 'coreAction', 'No mirror node is configured: pass mirrorNodeUrl to createAgentKit.'),
        blockedMessage('transfer_hbar_tool', { policy: 'Guard', stage: 'postParamsNormalization', reason: 'transfers above 10 HBAR need a human.' }),
        blockedAfterExecutionMessage('Transferred 1 ℏ.', { policy: 'Late', stage: 'postToolExecution', reason: 'too late.' }),
        invalidParamsMessage(new InvalidParamsError('transfer_hbar_tool', ['transfers: expected a list.'])),
      ];
      for (const message of messages) expect(message).to.not.match(/\.\./);
      expect(messages[0]).to.equal('The get_hbar_balance_query_tool call failed during coreAction: No mirror node is configured: pass mirrorNodeUrl to createAgentKit. This kit submitted nothing for this call.');
    });
  });

  describe('when a reason has no closing period', () => {
    it('closes the sentence', () => {
      expect(failedMessage('t', 'normalizeParams', 'boom')).to.equal('The t call failed during normalizeParams: boom. Nothing was submitted to the network.');
      expect(blockedMessage('t', { policy: 'P', stage: 'preToolExecution', reason: 'no' })).to.contain('at the preToolExecution stage: no. This is a policy decision');
    });
  });

  describe('when a failure leaves no sign that anything was sent', () => {
    it('says nothing was submitted only before the core action, where no tool code that sends has run', () => {
      for (const stage of ['preToolExecution', 'normalizeParams', 'postParamsNormalization']) {
        expect(failedMessage('t', stage, 'boom')).to.match(/Nothing was submitted to the network\.$/);
      }
    });

    it('says from the core action on only that this kit submitted nothing: a tool may send in its own steps', () => {
      for (const stage of ['coreAction', 'postCoreAction', 'secondaryAction']) {
        const message = failedMessage('t', stage, 'boom');
        expect(message).to.match(/This kit submitted nothing for this call\.$/);
        expect(message).to.not.contain('Nothing was submitted');
      }
    });
  });

  describe('when the error names a transaction the network has seen', () => {
    const sent = { transactionId: '0.0.2@1700000000.000000001', status: 'INSUFFICIENT_ACCOUNT_BALANCE' };

    it('says a transaction that reached consensus was submitted, with its ID and status', () => {
      const message = sentTransactionFailedMessage('t', 'coreAction', { ...sent, outcome: 'failed' });
      expect(message).to.equal(
        'The t call failed during coreAction: transaction 0.0.2@1700000000.000000001 was submitted and reached consensus with the status INSUFFICIENT_ACCOUNT_BALANCE, so it did not take effect. Fix the cause before calling again.',
      );
    });

    it('says a transaction refused at precheck was sent but did not reach consensus', () => {
      const message = sentTransactionFailedMessage('t', 'secondaryAction', { ...sent, status: 'INSUFFICIENT_PAYER_BALANCE', outcome: 'refused' });
      expect(message).to.contain('transaction 0.0.2@1700000000.000000001 was sent to the network and refused at precheck with INSUFFICIENT_PAYER_BALANCE; it did not reach consensus.');
    });

    it('says an open outcome is not known and warns against retrying', () => {
      const message = sentTransactionFailedMessage('t', 'coreAction', { ...sent, status: 'DUPLICATE_TRANSACTION', outcome: 'open' });
      expect(message).to.contain('whether it executed is not known. Do not retry');
    });

    it('never says that nothing was submitted', () => {
      for (const outcome of ['failed', 'refused', 'open', 'unknown'] as const) {
        expect(sentTransactionFailedMessage('t', 'coreAction', { ...sent, outcome }).toLowerCase()).to.not.contain('nothing was submitted');
      }
    });
  });
});

describe('human-messages: the runner\'s sentences and warnings come from here', () => {
  it('words a failure while submitting as possibly sent', () => {
    expect(submissionFailedMessage('transfer_hbar_tool', 'socket hang up')).to.equal(
      "The transfer_hbar_tool call failed while being submitted: socket hang up. Check the account's recent transactions before retrying.",
    );
  });

  it('words hook failures after the action and during toolError apart', () => {
    expect(hookFailedWarning('postToolExecution', 'audit', 'disk full')).to.equal('hook "audit" failed after the action ran: disk full');
    expect(hookFailedWarning('toolError', 'audit', 'disk full')).to.equal('toolError hook "audit" failed: disk full');
  });
});
