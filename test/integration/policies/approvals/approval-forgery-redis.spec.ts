import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import { Redis } from 'ioredis';
import { startDevnet, type Devnet } from '../../../../src/devnet/index.js';
import { createAgentKit } from '../../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../../src/kit/agent-kit.js';
import { ApprovalPolicy, type ApprovalPolicyOptions } from '../../../../src/policies/approval-policy.js';
import { RedisApprovalStore, signApproval, type ApprovalRecord } from '../../../../src/policies/approvals/index.js';
import { tinybarsOf } from '../../adversarial/adversarial-world.js';
import { skipWithoutRedis, startTestRedis, type TestRedis } from '../../../support/redis-server.js';

const TEN_HBAR = 1_000_000_000n;

/**
 * Anyone with the Redis credentials can write the approval store: a record written `approved` there
 * is a claim, and the kit that would execute it checks its decisions against its own policy's
 * quorum first. Here a second, raw Redis client plays that attacker.
 */
describe('an approval forged in Redis executes nothing (devnet, real redis-server)', function () {
  this.timeout(90_000);
  let net: Devnet;
  let redis: TestRedis;
  let raw: Redis;
  let prefix = 0;
  before(async function () {
    skipWithoutRedis(this);
    net = await startDevnet();
    redis = await startTestRedis();
    raw = new Redis(redis.url);
  });
  after(async () => {
    raw?.disconnect();
    await redis?.stop();
    await net?.stop();
  });

  const opened: { kit: AgentKit; store: RedisApprovalStore }[] = [];
  afterEach(async () => {
    for (const { kit, store } of opened.splice(0)) {
      await kit.close();
      await store.close();
    }
  });

  async function kitWith(options: Partial<ApprovalPolicyOptions>): Promise<{ kit: AgentKit; store: RedisApprovalStore; name: string }> {
    const name = `forge${++prefix}`;
    const store = new RedisApprovalStore({ url: redis.url, prefix: name });
    const policy = new ApprovalPolicy({ when: { hbarAbove: 5 }, store, ...options } as ApprovalPolicyOptions);
    const kit = await createAgentKit({ client: net.client(), mirrorNodeUrl: net.mirrorUrl, context: { hooks: [policy] } });
    opened.push({ kit, store });
    return { kit, store, name };
  }

  /** What the attacker does: rewrites the record with a raw client, bumping its version as the store's own writes do. */
  async function forge(name: string, id: string, change: (record: ApprovalRecord) => Partial<ApprovalRecord>): Promise<void> {
    const key = `${name}:approval:{${id}}`;
    const [version, text] = await raw.hmget(key, 'v', 'r');
    const record = JSON.parse(text!) as ApprovalRecord;
    const next = Number(version) + 1;
    await raw.hset(key, 'v', String(next), 'r', JSON.stringify({ ...record, ...change(record), version: next }));
  }

  const pay = (kit: AgentKit, to: string) => kit.execute('transfer_hbar_tool', { transfers: [{ accountId: to, amount: 10 }] });
  const held = async (kit: AgentKit, to: string) => (await pay(kit, to)).raw.approvalRequestId as string;
  const at = Date.now();

  it('a deferred request flipped to approved, with no decisions or fewer than the policy requires, is not resumed', async () => {
    const { kit, store, name } = await kitWith({ wait: 'deferred', quorum: { required: 2, of: ['alice', 'bob'] } });
    const to = (await net.createAccount({ hbar: 0 })).accountId;
    const id = await held(kit, to);

    await forge(name, id, () => ({ state: 'approved' }));
    const bare = await kit.resume(id);
    expect(bare.raw.errorCode, bare.humanMessage).to.equal('E_APPROVAL_NOT_EXECUTABLE');
    expect(bare.humanMessage).to.match(/is marked approved in the store, but only 0 of the 2 approvals this kit's policy requires come from its approvers/);

    await forge(name, id, () => ({ state: 'approved', decisions: [{ approver: 'alice', approve: true, at }, { approver: 'mallory', approve: true, at }] }));
    const short = await kit.resume(id);
    expect(short.humanMessage).to.match(/only 1 of the 2 approvals/);

    // The record's own copy of the quorum lowered to one of anyone: the kit counts against its policy's, and no policy of it made such a request.
    await forge(name, id, () => ({ state: 'approved', quorum: { required: 1, of: [] }, decisions: [{ approver: 'mallory', approve: true, at }] }));
    const lowered = await kit.resume(id);
    expect(lowered.raw.errorCode).to.equal('E_APPROVAL_NOT_EXECUTABLE');
    expect(lowered.humanMessage).to.match(/no ApprovalPolicy of this kit made request/);

    expect(await tinybarsOf(net.client(), to), 'nothing moved').to.equal(0n);
    expect((await store.get(id))?.state, 'never claimed as executed').to.not.equal('executed');
  });

  it('where quorum.of lists keys, an unsigned decision naming a key, or a signature that does not verify, counts for nothing', async () => {
    const alice = PrivateKey.generateED25519();
    const bob = PrivateKey.generateECDSA();
    const { kit, store, name } = await kitWith({ wait: 'deferred', quorum: { required: 1, of: [alice.publicKey.toStringDer(), bob.publicKey.toStringDer()] } });
    const to = (await net.createAccount({ hbar: 0 })).accountId;
    const id = await held(kit, to);

    await forge(name, id, () => ({ state: 'approved', decisions: [{ approver: alice.publicKey.toStringDer(), approve: true, at }] }));
    const typed = await kit.resume(id);
    expect(typed.humanMessage).to.match(/only 0 of the 1 approvals .*\(an approver listed by key counts only when its decision is signed with that key/);

    const other = await store.get(id);
    const bogus = signApproval({ ...other!, id: 'another-request' }, alice);
    await forge(name, id, () => ({ state: 'approved', decisions: [{ approver: 'alice', approve: true, at, signature: bogus.signature, publicKey: bogus.publicKey }] }));
    const replayed = await kit.resume(id);
    expect(replayed.humanMessage).to.match(/alice's signed decision does not verify \(the signature does not verify over the request digest/);
    expect(await tinybarsOf(net.client(), to)).to.equal(0n);

    // The control: the same request honestly signed by a listed key executes, once.
    await forge(name, id, () => ({ state: 'pending', decisions: [] }));
    const record = (await store.get(id))!;
    const signed = signApproval(record, bob);
    const decided = await store.decide(id, { approver: 'bob', approve: true, signature: signed.signature, publicKey: signed.publicKey });
    expect(decided.ok && decided.record.state).to.equal('approved');
    const resumed = await kit.resume(id);
    expect(resumed.raw.status, resumed.humanMessage).to.equal('SUCCESS');
    expect(await tinybarsOf(net.client(), to)).to.equal(TEN_HBAR);
  });

  it('an in-call request flipped to approved while its call waits refuses the call', async () => {
    const { kit, store, name } = await kitWith({ timeoutMs: 20_000, quorum: { required: 2, of: ['alice', 'bob'] } });
    const to = (await net.createAccount({ hbar: 0 })).accountId;
    const waiting = pay(kit, to);
    let pending: ApprovalRecord[] = [];
    while (!(pending = await store.listPending()).length) await new Promise((resolve) => setTimeout(resolve, 20));
    await forge(name, pending[0]!.id, () => ({ state: 'approved', decisions: [{ approver: 'alice', approve: true, at }] }));

    const result = await waiting;
    expect(result.raw.errorCode).to.equal('E_POLICY_BLOCKED');
    expect(result.raw.blockedBy?.reason).to.match(/is marked approved in the store, but only 1 of the 2 approvals/);
    expect(result.raw.transactionId).to.equal(undefined);
    expect(await tinybarsOf(net.client(), to)).to.equal(0n);
  });
});
