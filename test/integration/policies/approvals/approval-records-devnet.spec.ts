import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { startDevnet, type Devnet } from '../../../../src/devnet/index.js';
import { createAgentKit } from '../../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../../src/kit/agent-kit.js';
import { ApprovalPolicy, type ApprovalPolicyOptions } from '../../../../src/policies/approval-policy.js';
import { MemoryApprovalStore, RedisApprovalStore, type ApprovalRecord, type ApprovalStore } from '../../../../src/policies/approvals/index.js';
import type { ApprovalRequest } from '../../../../src/policies/approvers/approver.js';
import { tinybarsOf } from '../../adversarial/adversarial-world.js';
import { redisMissing, startTestRedis, type TestRedis } from '../../../support/redis-server.js';

const TEN_HBAR = 1_000_000_000n;
const CHILD = join(__dirname, 'approval-child.js');

describe('approval requests as records, on the devnet', function () {
  this.timeout(60_000);
  let net: Devnet;
  before(async () => (net = await startDevnet()));
  after(async () => net?.stop());

  async function kitWith(options: Partial<ApprovalPolicyOptions> & { store: ApprovalStore }): Promise<{ kit: AgentKit; policy: ApprovalPolicy }> {
    const policy = new ApprovalPolicy({ when: { hbarAbove: 5 }, ...options } as ApprovalPolicyOptions);
    const kit = await createAgentKit({ client: net.client(), mirrorNodeUrl: net.mirrorUrl, context: { hooks: [policy] } });
    return { kit, policy };
  }
  const pay = (kit: AgentKit, to: string) => kit.execute('transfer_hbar_tool', { transfers: [{ accountId: to, amount: 10 }] });

  describe('when the call waits in the call', () => {
    it('creates a record, the approver’s answer is its decision, and the transfer executes', async () => {
      const store = new MemoryApprovalStore();
      const asked: ApprovalRequest[] = [];
      const { kit } = await kitWith({ store, approver: (request) => (asked.push(request), true) });
      const to = (await net.createAccount({ hbar: 0 })).accountId;
      const result = await pay(kit, to);
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      const record = await store.get(asked[0]!.id!);
      expect(record?.state, 'the approval was spent by the call it approved').to.equal('executed');
      expect(record?.execution?.transactionId).to.equal(result.raw.transactionId);
      expect(record?.decisions.map((decision) => decision.approver)).to.deep.equal(['the approval callback']);
      expect(record?.movements).to.deep.equal([{ asset: 'HBAR', from: '0.0.2', to, amount: '1000000000', display: '10 HBAR' }]);
      expect(await tinybarsOf(net.client(), to)).to.equal(TEN_HBAR);
      await kit.close();
    });

    it('needs M distinct approvers, and a denial blocks with the approver’s reason', async () => {
      const store = new MemoryApprovalStore();
      const { kit } = await kitWith({ store, quorum: { required: 2, of: ['alice', 'bob', 'carol'] } });
      const to = (await net.createAccount({ hbar: 0 })).accountId;
      const approved = pay(kit, to);
      const [first] = await pendingIn(store);
      await store.decide(first!.id, { approver: 'alice', approve: true });
      expect((await store.get(first!.id))?.state, 'one of two approvals').to.equal('pending');
      await store.decide(first!.id, { approver: 'bob', approve: true });
      expect((await approved).raw.status).to.equal('SUCCESS');

      const denied = pay(kit, to);
      const [second] = await pendingIn(store);
      await store.decide(second!.id, { approver: 'carol', approve: false, reason: 'this recipient is not on the vendor list' });
      const result = await denied;
      expect(result.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect(result.raw.blockedBy?.reason).to.match(/^carol denied: this recipient is not on the vendor list \(asked because it moves 10 HBAR/);
      expect(await tinybarsOf(net.client(), to), 'only the approved transfer moved').to.equal(TEN_HBAR);
      await kit.close();
    });
  });

  describe('when the approval is deferred', () => {
    it('returns PENDING_APPROVAL with nothing sent; kit.resume executes it once approved, and only once', async () => {
      const store = new MemoryApprovalStore();
      const { kit } = await kitWith({ store, wait: 'deferred' });
      const to = (await net.createAccount({ hbar: 0 })).accountId;
      const held = await pay(kit, to);
      expect(held.raw.status).to.equal('PENDING_APPROVAL');
      expect(held.raw.submitted).to.equal(false);
      expect(held.raw.transactionId).to.equal(undefined);
      expect(held.humanMessage).to.match(/needs a human's approval.*A human must decide/);
      const id = held.raw.approvalRequestId as string;
      expect((await store.get(id))?.state).to.equal('pending');
      expect(await tinybarsOf(net.client(), to)).to.equal(0n);

      const early = await kit.resume(id);
      expect(early.raw.errorCode, 'not approved yet').to.equal('E_APPROVAL_NOT_EXECUTABLE');
      await store.decide(id, { approver: 'alice', approve: true });
      const resumed = await kit.resume(id);
      expect(resumed.raw.status, resumed.humanMessage).to.equal('SUCCESS');
      expect(resumed.raw.transactionId).to.be.a('string');
      expect(await tinybarsOf(net.client(), to)).to.equal(TEN_HBAR);
      const record = await store.get(id);
      expect(record?.state).to.equal('executed');
      expect(record?.execution?.transactionId).to.equal(resumed.raw.transactionId);

      const again = await kit.resume(id);
      expect(again.raw.errorCode).to.equal('E_APPROVAL_NOT_EXECUTABLE');
      expect(again.raw.executedTransactionId).to.equal(resumed.raw.transactionId);
      expect(again.humanMessage).to.match(/executed already/);
      expect(await tinybarsOf(net.client(), to), 'one transfer on the ledger').to.equal(TEN_HBAR);
      await kit.close();
    });

    it('at postCoreAction, previews the frozen transaction and sends exactly the approved bytes', async () => {
      const store = new MemoryApprovalStore();
      const { kit } = await kitWith({ store, wait: 'deferred', stage: 'postCoreAction' });
      const to = (await net.createAccount({ hbar: 0 })).accountId;
      const held = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: to, amount: 10 }], transactionMemo: '<script>alert(1)</script>' });
      expect(held.raw.status, held.humanMessage).to.equal('PENDING_APPROVAL');
      const id = held.raw.approvalRequestId as string;
      const preview = (await store.get(id))!.preview!;
      expect(preview.type).to.equal('TransferTransaction');
      expect(preview.payer).to.equal('0.0.2');
      expect(preview.memo).to.equal('<script>alert(1)</script>');
      expect(preview.digest).to.match(/^sha384:[0-9a-f]{96}$/);
      await store.decide(id, { approver: 'alice', approve: true });
      const resumed = await kit.resume(id);
      expect(resumed.raw.status, resumed.humanMessage).to.equal('SUCCESS');
      expect(resumed.raw.transactionId, 'the approved transaction itself').to.equal(preview.transactionId);
      expect(await tinybarsOf(net.client(), to)).to.equal(TEN_HBAR);
      await kit.close();
    });

    it('sends nothing for a denied request, and says so', async () => {
      const store = new MemoryApprovalStore();
      const { kit } = await kitWith({ store, wait: 'deferred' });
      const to = (await net.createAccount({ hbar: 0 })).accountId;
      const id = (await pay(kit, to)).raw.approvalRequestId as string;
      await store.decide(id, { approver: 'alice', approve: false, reason: 'too much' });
      const result = await kit.resume(id);
      expect(result.raw.errorCode).to.equal('E_APPROVAL_NOT_EXECUTABLE');
      expect(result.raw.approvalState).to.equal('denied');
      expect(await tinybarsOf(net.client(), to)).to.equal(0n);
      await kit.close();
    });
  });

  describe('when processes share the requests on Redis', function () {
    let redis: TestRedis;
    before(async function () {
      const missing = redisMissing();
      if (missing) {
        process.stdout.write(`      (skipped: ${missing})\n`);
        return this.skip();
      }
      redis = await startTestRedis();
    });
    after(async () => redis?.stop());

    const childEnv = (payer: { accountId: string; privateKey: { toStringDer(): string } }, prefix: string, extra: Record<string, string>) => ({
      APPROVAL_GRPC: net.grpcAddress,
      APPROVAL_MIRROR: net.mirrorUrl,
      APPROVAL_PAYER: payer.accountId,
      APPROVAL_KEY: payer.privateKey.toStringDer(),
      APPROVAL_REDIS: redis.url,
      APPROVAL_PREFIX: prefix,
      ...extra,
    });

    it('executes a deferred request decided and resumed by three other processes exactly once', async () => {
      const store = new RedisApprovalStore({ url: redis.url, prefix: 'fleet' });
      const { kit } = await kitWith({ store, wait: 'deferred' });
      const to = (await net.createAccount({ hbar: 0 })).accountId;
      const id = (await pay(kit, to)).raw.approvalRequestId as string;
      // The same operator as the kit that asked: an approval is for who pays (another operator's resume is refused).
      const payer = { accountId: net.operatorId, privateKey: net.operatorKey };
      const results = await Promise.all(['alice', 'bob', 'carol'].map((approver) => runChild(childEnv(payer, 'fleet', { APPROVAL_ACTION: 'resume', APPROVAL_ID: id, APPROVAL_APPROVER: approver }))));
      expect(results.filter((result) => result.status === 'SUCCESS'), JSON.stringify(results)).to.have.length(1);
      expect(results.filter((result) => result.errorCode === 'E_APPROVAL_NOT_EXECUTABLE')).to.have.length(2);
      expect(await tinybarsOf(net.client(), to)).to.equal(TEN_HBAR);
      expect((await kit.resume(id)).raw.errorCode, 'nor from the process that asked').to.equal('E_APPROVAL_NOT_EXECUTABLE');
      expect(await tinybarsOf(net.client(), to)).to.equal(TEN_HBAR);
      await kit.close();
      await store.close();
    });

    it('shows the request of a process that died while waiting as abandoned; approving it executes nothing', async () => {
      const store = new RedisApprovalStore({ url: redis.url, prefix: 'dead' });
      const to = (await net.createAccount({ hbar: 0 })).accountId;
      const payer = await net.createAccount({ hbar: 100 });
      const child = spawn(process.execPath, [CHILD], { env: { ...process.env, ...childEnv(payer, 'dead', { APPROVAL_ACTION: 'wait', APPROVAL_RECIPIENT: to }) }, stdio: ['ignore', 'pipe', 'pipe'] });
      try {
        await pendingIn(store, 20_000);
      } finally {
        await killed(child);
      }
      const [request] = await store.listPending();
      await until(async () => (await store.get(request!.id))?.state === 'abandoned', 10_000);
      const decision = await store.decide(request!.id, { approver: 'alice', approve: true });
      expect(decision.ok).to.equal(false);
      expect(!decision.ok && decision.reason).to.match(/abandoned.*nothing it describes executes/);
      const { kit } = await kitWith({ store, wait: 'in-call' });
      const resumed = await kit.resume(request!.id);
      expect(resumed.raw.errorCode).to.equal('E_APPROVAL_NOT_EXECUTABLE');
      expect(await tinybarsOf(net.client(), to)).to.equal(0n);
      await kit.close();
      await store.close();
    });
  });
});

/** Waits until `check` holds, asking again every 20 ms. */
async function until(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The store's pending requests, once there is one. */
async function pendingIn(store: ApprovalStore, timeoutMs = 5_000): Promise<ApprovalRecord[]> {
  let pending: ApprovalRecord[] = [];
  await until(async () => (pending = await store.listPending()).length > 0, timeoutMs);
  return pending;
}

function runChild(env: Record<string, string>): Promise<{ status: string; errorCode: string | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`approval child exited with ${String(code)}: ${err}${out}`));
      resolve(JSON.parse(out.trim().split('\n').pop()!));
    });
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
