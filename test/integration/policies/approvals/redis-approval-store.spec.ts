import { expect } from 'chai';
import { RedisApprovalStore } from '../../../../src/policies/approvals/index.js';
import { approvalStoreContract, sampleRecord, waitUntil } from '../../../support/approval-store-contract.js';
import { skipWithoutRedis, startTestRedis, type TestRedis } from '../../../support/redis-server.js';

describe('RedisApprovalStore on a real redis-server', function () {
  this.timeout(20_000);
  let redis: TestRedis;
  let prefix = 0;
  before(async function () {
    skipWithoutRedis(this);
    redis = await startTestRedis();
  });
  after(async () => redis?.stop());

  approvalStoreContract(() => new RedisApprovalStore({ url: redis.url, prefix: `t${++prefix}` }));

  describe('when two stores share the server', () => {
    it('shows a request created by one in the other, and tells the other of its decision', async () => {
      const one = new RedisApprovalStore({ url: redis.url, prefix: 'shared' });
      const two = new RedisApprovalStore({ url: redis.url, prefix: 'shared' });
      try {
        const heard: string[] = [];
        two.subscribe((change) => heard.push(`${change.kind}:${change.record.state}`));
        await two.subscribed();
        const record = await one.create(sampleRecord());
        expect((await two.listPending()).map((each) => each.id)).to.include(record.id);
        await two.decide(record.id, { approver: 'alice', approve: true });
        expect((await one.get(record.id))?.state).to.equal('approved');
        await waitUntil(() => heard.includes('decided:approved'));
        expect(heard).to.include('created:pending');
      } finally {
        await one.close();
        await two.close();
      }
    });
  });

  describe('when two stores share the server and each records its own changes', () => {
    it('tells each recorder only the changes made through its own object, once, before the change resolves', async () => {
      const one = new RedisApprovalStore({ url: redis.url, prefix: 'own' });
      const two = new RedisApprovalStore({ url: redis.url, prefix: 'own' });
      try {
        const byOne: string[] = [];
        const byTwo: string[] = [];
        one.recordOwnChanges(async (change) => {
          await new Promise((done) => setTimeout(done, 20));
          byOne.push(`${change.kind}:${change.record.state}`);
        });
        two.recordOwnChanges((change) => void byTwo.push(`${change.kind}:${change.record.state}`));
        const record = await one.create(sampleRecord());
        expect(byOne, 'awaited before create resolved').to.deep.equal(['created:pending']);
        await two.decide(record.id, { approver: 'alice', approve: false, reason: 'no' });
        expect(byTwo).to.deep.equal(['decided:denied']);
        await one.get(record.id);
        expect(byOne, 'a read that changes nothing records nothing').to.deep.equal(['created:pending']);
      } finally {
        await one.close();
        await two.close();
      }
    });
  });
});
