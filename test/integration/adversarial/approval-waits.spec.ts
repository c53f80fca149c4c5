import { expect } from 'chai';
import { ApprovalPolicy, type ApprovalRequest } from '../../../src/policies/index.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { startAdversarialWorld, tinybarsOf, type AdversarialWorld } from './adversarial-world.js';

/** An approver the test answers by hand, recording what it was asked. */
function handApprover() {
  const asked: ApprovalRequest[] = [];
  let answer: ((approved: boolean) => void) | undefined;
  let onAsked: (() => void) | undefined;
  return {
    asked,
    callback: (request: ApprovalRequest) =>
      new Promise<boolean>((resolve) => {
        asked.push(request);
        answer = resolve;
        onAsked?.();
      }),
    /** Resolves once the approver has a question open. */
    waitForQuestion: () => new Promise<void>((resolve) => (answer ? resolve() : (onAsked = resolve))),
    answer: (approved: boolean) => {
      const pending = answer;
      answer = undefined;
      onAsked = undefined;
      pending?.(approved);
    },
  };
}

describe('ApprovalPolicy on the devnet', function () {
  this.timeout(30_000);
  let world: AdversarialWorld;

  before(async () => {
    world = await startAdversarialWorld();
  });
  after(async () => {
    await world.close();
  });

  async function guardedKit(approver: ReturnType<typeof handApprover>, timeoutMs = 10_000): Promise<AgentKit> {
    return world.kitWith({ context: { hooks: [new ApprovalPolicy({ when: { hbarAbove: 100 }, approver: approver.callback, timeoutMs })] } });
  }

  describe('when a transfer is over the threshold', () => {
    it('waits for approval with nothing sent, and executes once approved', async () => {
      const approver = handApprover();
      const kit = await guardedKit(approver);
      const to = (await world.net.createAccount({ hbar: 0 })).accountId;
      const call = kit.execute('transfer_hbar_tool', { transfers: [{ accountId: to, amount: 150 }] });
      await approver.waitForQuestion();
      expect(approver.asked[0]!.summary).to.equal(`transfer_hbar_tool: 150 HBAR from 0.0.2 to ${to}`);
      expect(await tinybarsOf(world.client, to), 'nothing moves while the question is open').to.equal(0n);
      approver.answer(true);
      const result = await call;
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect(await tinybarsOf(world.client, to)).to.equal(15_000_000_000n);
    });

    it('sends nothing when refused, and the reason says who refused and how much', async () => {
      const approver = handApprover();
      const kit = await guardedKit(approver);
      const to = (await world.net.createAccount({ hbar: 0 })).accountId;
      const call = kit.execute('transfer_hbar_tool', { transfers: [{ accountId: to, amount: 60 }, { accountId: '0.0.98', amount: 60 }] });
      await approver.waitForQuestion();
      approver.answer(false);
      const result = await call;
      expect(result.raw.errorCode, result.humanMessage).to.equal('E_POLICY_BLOCKED');
      expect(result.raw.transactionId).to.equal(undefined);
      expect(result.raw.blockedBy?.reason).to.equal('the approval callback refused (asked because it moves 120 HBAR, more than the 100 HBAR allowed without approval)');
      expect(await tinybarsOf(world.client, to)).to.equal(0n);
    });

    it('sends nothing when nobody answers in time, even if an answer comes later', async () => {
      const approver = handApprover();
      const kit = await guardedKit(approver, 200);
      const to = (await world.net.createAccount({ hbar: 0 })).accountId;
      const result = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: to, amount: 101 }] });
      expect(result.raw.blockedBy?.reason).to.match(/^nobody answered within 200 ms/);
      approver.answer(true);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await tinybarsOf(world.client, to)).to.equal(0n);
    });
  });

  describe('when a transfer is at or under the threshold', () => {
    it('executes without asking', async () => {
      const approver = handApprover();
      const kit = await guardedKit(approver);
      const to = (await world.net.createAccount({ hbar: 0 })).accountId;
      const result = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: to, amount: 100 }] });
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect(approver.asked).to.deep.equal([]);
      expect(await tinybarsOf(world.client, to)).to.equal(10_000_000_000n);
    });
  });

  describe('when an HBAR allowance over the threshold is asked for', () => {
    it('asks (an approval counts as what it lets the spender move) and sends nothing when refused', async () => {
      const approver = handApprover();
      const kit = await guardedKit(approver);
      const spender = (await world.net.createAccount({ hbar: 0 })).accountId;
      const call = kit.execute('approve_hbar_allowance_tool', { spenderAccountId: spender, amount: 150 });
      await approver.waitForQuestion();
      approver.answer(false);
      const result = await call;
      expect(result.raw.errorCode, result.humanMessage).to.equal('E_POLICY_BLOCKED');
      expect(result.raw.transactionId).to.equal(undefined);
    });
  });
});
