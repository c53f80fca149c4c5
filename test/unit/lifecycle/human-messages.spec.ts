import { expect } from 'chai';
import { InvalidParamsError } from '../../../src/lifecycle/errors.js';
import { blockedAfterExecutionMessage, blockedMessage, failedMessage, invalidParamsMessage } from '../../../src/lifecycle/human-messages.js';

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
      expect(messages[0]).to.equal('The get_hbar_balance_query_tool call failed during coreAction: No mirror node is configured: pass mirrorNodeUrl to createAgentKit. Nothing was submitted to the network.');
    });
  });

  describe('when a reason has no closing period', () => {
    it('closes the sentence', () => {
      expect(failedMessage('t', 'coreAction', 'boom')).to.equal('The t call failed during coreAction: boom. Nothing was submitted to the network.');
      expect(blockedMessage('t', { policy: 'P', stage: 'preToolExecution', reason: 'no' })).to.contain('at the preToolExecution stage: no. This is a policy decision');
    });
  });
});
