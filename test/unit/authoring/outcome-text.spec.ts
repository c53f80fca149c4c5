import { expect } from 'chai';
import { outcomeText } from '../../../src/authoring/index.js';

/**
 * A scheduled call whose ScheduleCreate came back UNKNOWN or refused: the tool's own sentence must
 * say so (do not retry / the network refused), not throw while saying it. Until this spec, a
 * scheduled result that was not SUCCESS recursed without end, and the call came back as "failed
 * while being submitted: Maximum call stack size exceeded", hiding an outcome the agent must not retry.
 */
describe('outcomeText of a scheduled call', () => {
  const words = { done: 'Transferred 10 ℏ from 0.0.1001 to 0.0.1002', what: 'transfer 10 ℏ from 0.0.1001 to 0.0.1002' };

  it('says an UNKNOWN ScheduleCreate was submitted with its outcome unknown, and not to retry', () => {
    const text = outcomeText({ status: 'UNKNOWN', scheduled: true, transactionId: '0.0.1001@1700000000.000000001' }, words);
    expect(text).to.equal('The transaction to schedule: transfer 10 ℏ from 0.0.1001 to 0.0.1002 (transaction 0.0.1001@1700000000.000000001) was submitted but its outcome is not known yet. Do not retry; look the transaction ID up first.');
  });

  it('says a refused ScheduleCreate was refused, with the network\'s status', () => {
    const text = outcomeText({ status: 'ERROR', scheduled: true, errorCode: 'INSUFFICIENT_PAYER_BALANCE', scheduleId: '0.0.9' }, words);
    expect(text).to.equal('Could not schedule: transfer 10 ℏ from 0.0.1001 to 0.0.1002: the network answered INSUFFICIENT_PAYER_BALANCE.');
  });
});
