import { expect } from 'chai';
import * as policies from '../../../src/policies/index.js';
import { ApprovalPolicy } from '../../../src/policies/index.js';

// Issue 32, point 11: one word per idea. `approver` is who is asked; the M-of-N rule is the `quorum`,
// as records, audit entries and docs already call it. The rules a store applies to its records are
// its own business, not API an application could lean on.
describe('the approval API, one word per idea', () => {
  describe('when an ApprovalPolicy is given its quorum', () => {
    it("takes it as `quorum`, beside `approver`, who is asked", () => {
      const policy = new ApprovalPolicy({ when: { hbarAbove: 1 }, approver: { name: 'alice', approve: () => true }, quorum: { required: 1, of: ['alice'] } });
      expect(policy.quorum).to.deep.equal({ required: 1, of: ['alice'] });
    });

    it('refuses the old `approvers` option, naming what it accepts instead', () => {
      expect(() => new ApprovalPolicy({ when: { hbarAbove: 1 }, wait: 'deferred', approvers: { required: 2, of: ['alice', 'bob'] } } as never)).to.throw(/unknown option 'approvers'; accepted: .*\bquorum\b/);
    });
  });

  describe("when an application imports the package's policies", () => {
    it("finds no record rules or side channels there (decide, settledAt, stateAt, FINAL_STATES, approvalRequestOf)", () => {
      for (const internal of ['decide', 'settledAt', 'stateAt', 'FINAL_STATES', 'approvalRequestOf']) expect(policies, internal).to.not.have.property(internal);
    });

    it('still finds the stores, the digest and the signatures approvers make', () => {
      for (const name of ['MemoryApprovalStore', 'RedisApprovalStore', 'approvalRequestDigest', 'signApproval', 'checkApprovalSignature']) expect(policies, name).to.have.property(name);
    });
  });
});
