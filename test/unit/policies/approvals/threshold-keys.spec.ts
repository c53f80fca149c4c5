import { expect } from 'chai';
import { thresholdFits } from '../../../../src/policies/approvals/threshold-keys.js';

describe('thresholdFits', () => {
  const [a, b, c, agent, other] = ['aa', 'bb', 'cc', 'ag', 'ot'].map((tag) => `302a300506032b6570032100${tag.repeat(32)}`);
  const account = (threshold: number, keys: string[], others = 0) => ({ accountId: '0.0.9', threshold, keys, others });

  describe('when every approver is a member and only approvers can reach the threshold', () => {
    it('fits a 2-of-3 key of three approvers for a quorum of 2', () => {
      expect(thresholdFits(account(2, [a!, b!, c!]), [a!, b!, c!], [agent!], 2)).to.deep.equal({ ok: true });
    });

    it('fits a 3-of-3 key whose third member is the agent, for a quorum of 2', () => {
      expect(thresholdFits(account(3, [a!, b!, agent!]), [a!, b!], [agent!], 2)).to.deep.equal({ ok: true });
    });
  });

  describe('when it does not fit', () => {
    it('refuses a key that lists one approver twice: that approver alone would sign for two members', () => {
      expect(thresholdFits(account(2, [a!, a!, b!]), [a!, b!], [agent!], 2)).to.deep.equal({ ok: false, reason: "0.0.9's key lists the same key more than once, so one signature would count for several of its members" });
    });

    it('names approvers that are not members', () => {
      const fit = thresholdFits(account(2, [a!, b!]), [a!, b!, c!], [agent!], 2);
      expect(fit.ok).to.equal(false);
      expect(!fit.ok && fit.reason).to.match(/^1 of the approvers' keys \(…[0-9a-f]{8}\) are not members of 0\.0\.9's key/);
    });

    it("refuses a key the agent's own key brings within fewer approvers than required", () => {
      const fit = thresholdFits(account(2, [agent!, a!, b!]), [a!, b!], [agent!], 2);
      expect(!fit.ok && fit.reason).to.equal("0.0.9's key needs 2 of 3 signatures and 1 of its members are not approvers, the agent's own key among them, so 1 approver signature would be enough where this policy requires 2");
    });

    it('counts members that are not approvers (and nested lists) as able to sign without them', () => {
      expect(thresholdFits(account(2, [a!, b!, other!]), [a!, b!], [agent!], 2).ok).to.equal(false);
      expect(thresholdFits(account(2, [a!, b!], 1), [a!, b!], [agent!], 2).ok).to.equal(false);
    });

    it("never counts the agent's key as an approver's, even when listed as one", () => {
      expect(thresholdFits(account(2, [agent!, a!]), [agent!, a!], [agent!], 2).ok).to.equal(false);
    });
  });
});
