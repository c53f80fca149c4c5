import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../../src/devnet/index.js';
import { createDevnetClient } from '../../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../../src/kit/agent-kit.js';
import { AbstractPolicy } from '../../../../src/listeners/abstract-policy.js';
import { ApprovalPolicy, type ApprovalPolicyOptions } from '../../../../src/policies/approval-policy.js';
import { MemoryApprovalStore, RedisApprovalStore, type ApprovalStore } from '../../../../src/policies/approvals/index.js';
import { tinybarsOf } from '../../adversarial/adversarial-world.js';
import { redisMissing, startTestRedis, type TestRedis } from '../../../support/redis-server.js';

const TEN_HBAR = 1_000_000_000n;

/** A policy an operator switches on and off: while on, it blocks every transfer at postCoreAction (after the approval matched). */
class HoldTransfers extends AbstractPolicy {
  override name = 'Hold Transfers';
  override description = 'Blocks transfers while on';
  override relevantTools = ['transfer_hbar_tool'];
  on = true;
  protected override shouldBlockPostCoreAction(): boolean {
    return this.on;
  }
}

/**
 * An approval executes at most once, and only what it approved: in the call, on resume, past its
 * expiry, when a resume is blocked, from another kit. Run with the memory store and with Redis.
 */
describe('an approval executes at most once, and only what it approved (devnet)', function () {
  this.timeout(90_000);
  let net: Devnet;
  let redis: TestRedis | undefined;
  let prefix = 0;
  before(async () => {
    net = await startDevnet();
    if (!redisMissing()) redis = await startTestRedis();
    else process.stdout.write(`      (Redis cases skipped: ${redisMissing()})\n`);
  });
  after(async () => {
    await redis?.stop();
    await net?.stop();
  });

  const kits: AgentKit[] = [];
  const stores: ApprovalStore[] = [];
  afterEach(async () => {
    for (const kit of kits.splice(0)) await kit.close();
    for (const store of stores.splice(0)) await store.close();
  });

  for (const kind of ['memory', 'redis'] as const) {
    describe(`with the ${kind} store`, function () {
      before(function () {
        if (kind === 'redis' && !redis) this.skip();
      });
      const prefixes = new Map<ApprovalStore, string>();
      const lateApproved: string[] = [];
      /**
       * A store of this kind; `lateApproval` approves a request just before its waiting call expires
       * it, on a store whose clock runs slow beside the agent's timer (so the request has not expired
       * by the store's clock when the call gives up): memory only, since Redis keeps its own time.
       */
      const newStore = (lateApproval = false, sharing?: ApprovalStore): ApprovalStore => {
        const named = sharing ? prefixes.get(sharing)! : `once${++prefix}`;
        const started = Date.now();
        const slow = () => started + Math.floor((Date.now() - started) / 4);
        const made = kind === 'memory' ? new MemoryApprovalStore(lateApproval ? slow : undefined) : new RedisApprovalStore({ url: redis!.url, prefix: named });
        prefixes.set(made, named);
        if (lateApproval) {
          // The approver's click lands between the call giving up and its request being closed.
          const expire = made.expire.bind(made);
          made.expire = async (id: string, note: string) => {
            await made.decide(id, { approver: 'alice', approve: true });
            lateApproved.push(id);
            return expire(id, note);
          };
        }
        stores.push(made);
        return made;
      };
      const kitWith = async (options: Partial<ApprovalPolicyOptions> & { store: ApprovalStore }, extra: { hooks?: object[]; client?: ReturnType<Devnet['client']>; sessionId?: string; killSwitch?: object } = {}) => {
        const policy = new ApprovalPolicy({ when: { hbarAbove: 5 }, ...options } as ApprovalPolicyOptions);
        const kit = await createAgentKit({
          client: extra.client ?? net.client(),
          mirrorNodeUrl: net.mirrorUrl,
          context: { hooks: [policy, ...(extra.hooks ?? [])], ...(extra.sessionId ? { sessionId: extra.sessionId } : {}) },
          ...(extra.killSwitch ? { killSwitch: extra.killSwitch } : {}),
        } as Parameters<typeof createAgentKit>[0]);
        kits.push(kit);
        return kit;
      };
      const pay = (kit: AgentKit, to: string) => kit.execute('transfer_hbar_tool', { transfers: [{ accountId: to, amount: 10 }] });
      const recipient = async () => (await net.createAccount({ hbar: 0 })).accountId;
      const heldRequest = async (kit: AgentKit, store: ApprovalStore, to: string): Promise<string> => {
        const held = await pay(kit, to);
        expect(held.raw.status, held.humanMessage).to.equal('PENDING_APPROVAL');
        const id = held.raw.approvalRequestId as string;
        await store.decide(id, { approver: 'alice', approve: true });
        return id;
      };

      it('an in-call request that was approved and ran is executed: kit.resume of it sends nothing again', async () => {
        const store = newStore();
        const asked: string[] = [];
        const kit = await kitWith({ store, approver: (request) => (asked.push(request.id!), true) });
        const to = await recipient();
        const paid = await pay(kit, to);
        expect(paid.raw.status, paid.humanMessage).to.equal('SUCCESS');
        const record = (await store.get(asked[0]!))!;
        expect(record.state).to.equal('executed');
        expect(record.execution?.transactionId).to.equal(paid.raw.transactionId);

        const again = await kit.resume(asked[0]!);
        expect(again.raw.errorCode, again.humanMessage).to.equal('E_APPROVAL_NOT_EXECUTABLE');
        expect(again.raw.submitted).to.equal(false);
        expect(await tinybarsOf(net.client(), to), 'one transfer on the ledger').to.equal(TEN_HBAR);
      });

      it('an in-call request approved and then blocked by a later policy is closed as not sent, never resumable', async () => {
        const store = newStore();
        const asked: string[] = [];
        const hold = new HoldTransfers();
        const kit = await kitWith({ store, approver: (request) => (asked.push(request.id!), true) }, { hooks: [hold] });
        const to = await recipient();
        const blocked = await pay(kit, to);
        expect(blocked.raw.blockedBy?.policy).to.equal('Hold Transfers');
        const record = (await store.get(asked[0]!))!;
        expect(record.state).to.equal('expired');
        expect(record.note).to.match(/it was approved, but its call did not execute \(Hold Transfers blocked it\)/);

        hold.on = false;
        const resumed = await kit.resume(asked[0]!);
        expect(resumed.raw.errorCode, resumed.humanMessage).to.equal('E_APPROVAL_NOT_EXECUTABLE');
        expect(await tinybarsOf(net.client(), to)).to.equal(0n);
      });

      it('an in-call request approved just as its wait gave up is closed (expired, saying so), never resumable', async function () {
        if (kind === 'redis') {
          process.stdout.write('        (memory only: Redis keeps its own clock, so the race is the store contract\'s "closes an in-call request approved just as its call gave up waiting")\n');
          return this.skip();
        }
        const store = newStore(true);
        const kit = await kitWith({ store, timeoutMs: 400 });
        const to = await recipient();
        const refused = await pay(kit, to);
        expect(refused.raw.errorCode).to.equal('E_POLICY_BLOCKED');
        expect(refused.raw.blockedBy?.reason).to.match(/nobody answered within 400 ms/);
        const record = await store.get(lateApproved.at(-1)!);
        expect(record?.state).to.equal('expired');
        expect(record?.note).to.match(/^the approval came after the call gave up waiting/);

        const resumed = await kit.resume(record!.id);
        expect(resumed.raw.errorCode, resumed.humanMessage).to.equal('E_APPROVAL_NOT_EXECUTABLE');
        expect(await tinybarsOf(net.client(), to)).to.equal(0n);
      });

      it('an approved deferred request past its expiry executes nothing', async () => {
        const store = newStore();
        const kit = await kitWith({ store, wait: 'deferred', timeoutMs: 1_500 });
        const to = await recipient();
        const id = await heldRequest(kit, store, to);
        expect((await store.get(id))?.state).to.equal('approved');
        await new Promise((resolve) => setTimeout(resolve, 1_700));

        const late = await kit.resume(id);
        expect(late.raw.errorCode, late.humanMessage).to.equal('E_APPROVAL_NOT_EXECUTABLE');
        expect(late.raw.approvalState).to.equal('expired');
        expect(late.humanMessage).to.match(/approved but not executed before the request expired/);
        expect(await tinybarsOf(net.client(), to)).to.equal(0n);
      });

      it('a resume another policy blocks stays approved (nothing claimed), and a later resume executes it once', async () => {
        const store = newStore();
        const hold = new HoldTransfers();
        const kit = await kitWith({ store, wait: 'deferred' }, { hooks: [hold] });
        const to = await recipient();
        hold.on = false;
        const id = await heldRequest(kit, store, to);
        hold.on = true;

        const blocked = await kit.resume(id);
        expect(blocked.raw.errorCode).to.equal('E_POLICY_BLOCKED');
        expect(blocked.raw.blockedBy?.policy).to.equal('Hold Transfers');
        expect(blocked.raw.approvalState).to.equal('approved');
        const after = (await store.get(id))!;
        expect([after.state, after.execution]).to.deep.equal(['approved', undefined]);
        expect(await tinybarsOf(net.client(), to)).to.equal(0n);

        hold.on = false;
        const resumed = await kit.resume(id);
        expect(resumed.raw.status, resumed.humanMessage).to.equal('SUCCESS');
        expect((await store.get(id))?.state).to.equal('executed');
        expect((await kit.resume(id)).raw.errorCode).to.equal('E_APPROVAL_NOT_EXECUTABLE');
        expect(await tinybarsOf(net.client(), to)).to.equal(TEN_HBAR);
      });

      it('a resume a pause refuses stays approved, and runs once the kit is unpaused', async () => {
        const store = newStore();
        const kit = await kitWith({ store, wait: 'deferred' }, { killSwitch: {} });
        const to = await recipient();
        const id = await heldRequest(kit, store, to);
        await kit.pause('checking the vendor', { by: 'alice' });

        const paused = await kit.resume(id);
        expect(paused.raw.blockedBy?.policy).to.equal('Kill Switch');
        expect((await store.get(id))?.state).to.equal('approved');
        expect(await tinybarsOf(net.client(), to)).to.equal(0n);

        await kit.unpause({ by: 'bob' });
        expect((await kit.resume(id)).raw.status).to.equal('SUCCESS');
        expect(await tinybarsOf(net.client(), to)).to.equal(TEN_HBAR);
      });

      it('a kit with another operator, or another session, cannot resume what was approved for this one', async () => {
        const store = newStore();
        const kit = await kitWith({ store, wait: 'deferred' }, { sessionId: 'agent-a' });
        const to = await recipient();
        const id = await heldRequest(kit, store, to);

        // Another operator, same store (same process for memory, same prefix on Redis), same policy, same session.
        const mallory = await net.createAccount({ hbar: 100 });
        const otherClient = createDevnetClient(net.grpcAddress, mallory.accountId, PrivateKey.fromStringDer(mallory.privateKey.toStringDer()));
        const sameStore = kind === 'memory' ? store : newStore(false, store);
        const otherOperator = await kitWith({ store: sameStore, wait: 'deferred' }, { client: otherClient as ReturnType<Devnet['client']>, sessionId: 'agent-a' });
        const byOther = await otherOperator.resume(id);
        expect(byOther.raw.errorCode, byOther.humanMessage).to.equal('E_POLICY_BLOCKED');
        expect(byOther.raw.blockedBy?.reason).to.match(new RegExp(`paid by ${net.operatorId}, and this kit pays as ${mallory.accountId.replace(/\./g, '\\.')}`));

        const otherSession = await kitWith({ store: sameStore, wait: 'deferred' }, { sessionId: 'agent-b' });
        const bySession = await otherSession.resume(id);
        expect(bySession.raw.blockedBy?.reason).to.match(/asked for by session agent-a, and this kit's session is agent-b/);
        expect(await tinybarsOf(net.client(), to)).to.equal(0n);
        expect((await store.get(id))?.state, 'still the asking kit’s to run').to.equal('approved');

        const own = await kit.resume(id);
        expect(own.raw.status, own.humanMessage).to.equal('SUCCESS');
        expect(await tinybarsOf(net.client(), to)).to.equal(TEN_HBAR);
        otherClient.close();
      });

      it("a denied request's resume answers with the approver's reason", async () => {
        const store = newStore();
        const kit = await kitWith({ store, wait: 'deferred' });
        const to = await recipient();
        const id = (await pay(kit, to)).raw.approvalRequestId as string;
        await store.decide(id, { approver: 'carol', approve: false, reason: 'this recipient is not on the vendor list' });
        const result = await kit.resume(id);
        expect(result.raw.approvalState).to.equal('denied');
        expect(result.humanMessage).to.contain('carol denied: this recipient is not on the vendor list');
        expect(await tinybarsOf(net.client(), to)).to.equal(0n);
      });

    });
  }
});
