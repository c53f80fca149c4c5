import { expect } from 'chai';
import { AccountBalanceQuery, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { ApprovalPolicy, KillSwitch, type ApprovalRequest } from '../../../src/policies/index.js';
import { AbstractPolicy } from '../../../src/listeners/abstract-policy.js';
import { MemoryPolicyStore } from '../../../src/policies/state/memory-store.js';
import type { StoreSpec } from '../../../src/policies/state/store-spec.js';
import { redisMissing, startTestRedis, type TestRedis } from '../../support/redis-server.js';

/** An approver the operator answers by hand: the call waits inside the kit until `answer`. */
function heldApprover() {
  let answer: ((approved: boolean) => void) | undefined;
  let asked: (() => void) | undefined;
  return {
    callback: (_request: ApprovalRequest) =>
      new Promise<boolean>((resolve) => {
        answer = resolve;
        asked?.();
      }),
    /** Resolves once a call is held at the approval wait. */
    held: () => new Promise<void>((resolve) => (answer ? resolve() : (asked = resolve))),
    answer: (approved: boolean) => {
      const pending = answer;
      answer = undefined;
      asked = undefined;
      pending?.(approved);
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (up to 3 s) until the agent's switch has read the pause another client wrote to the store. */
async function untilPaused(killSwitch: KillSwitch): Promise<void> {
  const deadline = Date.now() + 3_000;
  while (killSwitch.state.state !== 'paused' && Date.now() < deadline) await sleep(20);
  expect(killSwitch.state.state, "the agent's switch read the pause").to.equal('paused');
}

describe('a pause made while a call is already under way, on the devnet', function () {
  this.timeout(90_000);
  let net: Devnet;
  let client: Client;
  let redis: TestRedis | undefined;
  const open: { close(): Promise<void> }[] = [];

  before(async () => {
    net = await startDevnet();
    client = net.client();
    if (!redisMissing()) redis = await startTestRedis();
  });
  after(async () => {
    await net?.stop();
    await redis?.stop();
  });
  afterEach(async () => {
    for (const each of open.splice(0).reverse()) await each.close();
  });

  const balanceOf = async (account: string) => (await new AccountBalanceQuery().setAccountId(account).execute(client)).hbars.toTinybars().toString();

  /** The agent: its switch on `store`, every transfer held for a human at `stage` before it may run. */
  async function agentKit(store: MemoryPolicyStore | StoreSpec, name: string, approver: ReturnType<typeof heldApprover>, stage: 'postParamsNormalization' | 'postCoreAction'): Promise<{ kit: AgentKit; killSwitch: KillSwitch }> {
    const killSwitch = new KillSwitch({ store, name, pollMs: 50 });
    const kit = await createAgentKit({ client, mirrorNodeUrl: net.mirrorUrl, killSwitch, context: { hooks: [new ApprovalPolicy({ when: { hbarAbove: 0 }, approver: approver.callback, stage, timeoutMs: 30_000 })] } });
    open.push(kit);
    return { kit, killSwitch };
  }

  /** A policy that reads the payer's balance from the ledger before a transfer may go (a read that can be slow). */
  class AffordablePolicy extends AbstractPolicy {
    override name = 'Affordable';
    override description = 'Refuses a transfer the payer cannot afford';
    override relevantTools = ['transfer_hbar_tool'];
    override timeoutMs = 30_000;
    reading: Promise<void> | undefined;
    protected override async shouldBlockPostParamsNormalization(): Promise<boolean> {
      const balance = new AccountBalanceQuery().setAccountId(net.operatorId).execute(client);
      this.reading = balance.then(() => undefined);
      return (await balance).hbars.toTinybars().isZero();
    }
  }

  describe('when the operator pauses while a transfer waits on a slow ledger read a policy makes', () => {
    it('refuses the transfer once the read answers: nothing is sent', async () => {
      const store = new MemoryPolicyStore();
      const killSwitch = new KillSwitch({ store, name: 'slow-read', pollMs: 50 });
      const policy = new AffordablePolicy();
      const kit = await createAgentKit({ client, mirrorNodeUrl: net.mirrorUrl, killSwitch, context: { hooks: [policy] } });
      open.push(kit);
      const operator = new KillSwitch({ store, name: 'slow-read' });
      open.push({ close: () => operator.detach() });
      const to = (await net.createAccount({ hbar: 0 })).accountId;

      // The node answers the balance query 1.5 s late: the call sits in the policy's read meanwhile.
      net.faults.inject({ rpc: 'cryptoGetBalance', latencyMs: 1_500, times: 1 });
      const call = kit.execute('transfer_hbar_tool', { transfers: [{ accountId: to, amount: 5 }] });
      while (!policy.reading) await sleep(10);
      await operator.pause('stop while we look', { by: 'alice' });
      await untilPaused(killSwitch);
      const result = await call;

      expect(result.raw.blockedBy).to.include({ policy: 'Kill Switch', stage: 'postParamsNormalization' });
      expect(result.raw.transactionId).to.equal(undefined);
      expect(await balanceOf(to)).to.equal('0');
    });
  });

  const stores: { label: string; store: () => MemoryPolicyStore | StoreSpec; skip?: () => string | undefined }[] = [
    { label: 'a store shared in memory', store: () => new MemoryPolicyStore() },
    { label: 'Redis, written by another client', store: () => ({ redis: redis!.url, prefix: `in-flight-${Date.now()}` }), skip: redisMissing },
  ];

  for (const { label, store: storeOf, skip } of stores) {
    for (const stage of ['postParamsNormalization', 'postCoreAction'] as const) {
      describe(`when the operator pauses through ${label} while a transfer waits for its approval at ${stage}`, () => {
        it('refuses the transfer once it is approved: nothing is sent and the balance is unchanged', async function () {
          const missing = skip?.();
          if (missing) {
            process.stdout.write(`      (skipped: ${missing})\n`);
            this.skip();
          }
          const store = storeOf();
          const name = `fleet-${stage}`;
          const approver = heldApprover();
          const { kit, killSwitch } = await agentKit(store, name, approver, stage);
          // The operator's own switch: another client of the same store, as the CLI or a console in another process would be.
          const operator = new KillSwitch({ store, name });
          open.push({ close: () => operator.detach() });
          const to = (await net.createAccount({ hbar: 0 })).accountId;

          const call = kit.execute('transfer_hbar_tool', { transfers: [{ accountId: to, amount: 5 }] });
          await approver.held();
          const pause = await operator.pause('a transfer we did not expect', { by: 'alice' });
          await untilPaused(killSwitch);
          approver.answer(true);
          const result = await call;

          expect(result.raw.status, result.humanMessage).to.equal('ERROR');
          expect(result.raw.transactionId, 'nothing was sent').to.equal(undefined);
          expect(result.raw.blockedBy).to.include({ policy: 'Kill Switch', stage });
          expect(result.raw.blockedBy?.reason).to.contain(`alice paused every value-moving call at ${pause.at}`).and.contain('nothing was sent');
          expect(await balanceOf(to)).to.equal('0');

          // Unpaused, the same transfer goes through: the check refuses only while the switch is on.
          await operator.unpause({ by: 'bob' });
          while (killSwitch.state.state !== 'running') await sleep(20);
          const again = kit.execute('transfer_hbar_tool', { transfers: [{ accountId: to, amount: 5 }] });
          await approver.held();
          approver.answer(true);
          expect((await again).raw.status).to.equal('SUCCESS');
          expect(await balanceOf(to)).to.equal('500000000');
        });
      });
    }
  }
});
