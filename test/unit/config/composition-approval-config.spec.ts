import { expect } from 'chai';
import { configProblemsOf } from '../../support/config-problems.js';

describe('a combination in a configuration file holding an ApprovalPolicy', () => {
  const allowlist = { policy: 'RecipientAllowlistPolicy', args: [['0.0.7']] };

  it('refuses a deferred one, naming its path in the file and what to do instead', () => {
    const problems = configProblemsOf({
      policies: [
        { policy: 'MaxTransferPolicy', args: [{ hbar: 100 }] },
        { policy: 'anyOf', args: [allowlist, { policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 5 }, wait: 'deferred' }] }] },
        { policy: 'not', args: [{ policy: 'allOf', args: [allowlist, { policy: 'ApprovalPolicy', args: [{ when: { tools: ['delete_account_tool'] }, wait: 'deferred' }] }] }] },
      ],
    });
    expect(problems).to.have.length(2);
    expect(problems[0]).to.match(/^policies\[1\]\.args\[1\]: anyOf\(\.\.\.\): argument 2 \(Approval Policy\) holds calls for approval with wait: 'deferred', which a combination cannot do: .*Register it on its own beside the combination/);
    expect(problems[1]).to.match(/^policies\[2\]\.args\[0\]\.args\[1\]: allOf\(\.\.\.\): argument 2 \(Approval Policy\) holds calls for approval with wait: 'deferred'/);
  });

  it('accepts an in-call one with an approver alone', () => {
    expect(() => configProblemsOf({ policies: [{ policy: 'anyOf', args: [allowlist, { policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 5 }, approver: 'terminal' }] }] }] })).to.throw('expected the config to be refused');
  });
});
