import { expect } from 'chai';
import { ExitCode, exitCodeFor } from '../../../src/cli/exit-codes.js';

describe('exitCodeFor', () => {
  const result = (raw: Record<string, unknown>) => ({ raw: { status: 'ERROR', ...raw }, humanMessage: '' });

  describe('when the call executed', () => {
    it('is 0, even if a policy objected after submission', () => {
      expect(exitCodeFor(result({ status: 'SUCCESS' }))).to.equal(ExitCode.OK);
      expect(exitCodeFor(result({ status: 'SUCCESS', blockedBy: { policy: 'Late', stage: 'postToolExecution' } }))).to.equal(ExitCode.OK);
    });
  });

  describe('when a policy refused it', () => {
    it('is 3 for a block (a policy time-out is a block too)', () => {
      expect(exitCodeFor(result({ errorCode: 'E_POLICY_BLOCKED', blockedBy: { policy: 'Slow', stage: 'preToolExecution', reason: 'no verdict within its 5000 ms time budget' } }))).to.equal(ExitCode.BLOCKED);
    });
  });

  describe('when the input was wrong', () => {
    it('is 2 for invalid params, an unknown tool or an invalid argument', () => {
      for (const errorCode of ['E_INVALID_PARAMS', 'E_UNKNOWN_TOOL', 'E_INVALID_ARGUMENT']) expect(exitCodeFor(result({ errorCode })), errorCode).to.equal(ExitCode.USAGE);
    });
  });

  describe('when the network or ledger failed', () => {
    it('is 1 for a Hedera status or an unknown failure', () => {
      expect(exitCodeFor(result({ errorCode: 'INSUFFICIENT_PAYER_BALANCE' }))).to.equal(ExitCode.FAILED);
      expect(exitCodeFor(result({ status: 'UNKNOWN' }))).to.equal(ExitCode.FAILED);
    });
  });
});
