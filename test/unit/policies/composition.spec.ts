import { expect } from 'chai';
import type { Client } from '@hiero-ledger/sdk';
import { AbstractPolicy } from '../../../src/index.js';
import type { PreToolExecutionParams, ToolErrorParams } from '../../../src/index.js';
import { ApprovalPolicy, MaxTransferPolicy, RecipientAllowlistPolicy, RecipientDenylistPolicy, TimeWindowPolicy, allOf, anyOf, not } from '../../../src/policies/index.js';
import * as approvalStores from '../../../src/policies/approvals/memory-approval-store.js';
import { offlineClient } from '../../support/offline-client.js';
import { callWith, hbarCredits } from './value-policy-kit.js';

/** A policy with a scripted answer at one stage, counting how often it is asked. */
class Scripted extends AbstractPolicy {
  asked = 0;
  heardErrors = 0;
  constructor(
    override name: string,
    private readonly answer: () => boolean | Promise<boolean>,
    override relevantTools: string[] = ['*'],
  ) {
    super();
  }
  protected override shouldBlockPostParamsNormalization(): boolean | Promise<boolean> {
    this.asked++;
    return this.answer();
  }
  override explainBlock(): string {
    return `${this.name} says no`;
  }
  override async toolErrorHook(_params: ToolErrorParams): Promise<void> {
    this.heardErrors++;
  }
}

describe('composition', () => {
  let client: Client;
  beforeEach(() => (client = offlineClient()));
  afterEach(() => client.close());
  const run = (policy: unknown, credits: [string, number][] = [['0.0.5', 1]]) => callWith(client, [policy], 'transfer_hbar_tool', hbarCredits(credits));

  describe('given an ApprovalPolicy the ledger approves', () => {
    it('refuses it: a combination judges after the transaction is built, so the call would go out unscheduled', () => {
      const ledger = new ApprovalPolicy({ when: { hbarAbove: 5 }, via: 'schedule', quorum: { required: 1, of: ['302a300506032b6570032100' + '11'.repeat(32)] } });
      expect(() => anyOf(new RecipientAllowlistPolicy(['0.0.7']), ledger)).to.throw(
        "anyOf(...): argument 2 (Approval Policy) is approved by the ledger (via: 'schedule'), which must act before the transaction is built; a combination judges later, so the call would go out unscheduled. Register it on its own.",
      );
    });
  });

  describe('given an ApprovalPolicy whose request outlives the call', () => {
    const allowlist = () => new RecipientAllowlistPolicy(['0.0.7']);

    it('refuses a deferred one, naming the argument and what to do instead: the combination would turn its hold into a refusal whose request stays open to run later', () => {
      const deferred = new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred' });
      expect(() => anyOf(allowlist(), deferred)).to.throw(/^anyOf\(\.\.\.\): argument 2 \(Approval Policy\) holds calls for approval with wait: 'deferred', which a combination cannot do: .*Register it on its own beside the combination/);
      expect(() => allOf(deferred)).to.throw(/^allOf\(\.\.\.\): argument 1 \(Approval Policy\) holds calls for approval with wait: 'deferred'/);
      expect(() => not(deferred)).to.throw(/^not\(\.\.\.\): argument 1 \(Approval Policy\) holds calls for approval with wait: 'deferred'/);
    });

    it('refuses an in-call one that keeps its requests in a store others decide in, even with an approver beside it: a console or another kit could resume a request outside the combination', () => {
      const { MemoryApprovalStore } = approvalStores;
      const shared = new ApprovalPolicy({ when: { hbarAbove: 5 }, store: new MemoryApprovalStore() });
      expect(() => anyOf(allowlist(), shared)).to.throw(/^anyOf\(\.\.\.\): argument 2 \(Approval Policy\) keeps its requests in a store others decide in \(store\).*give it an approver and neither wait: 'deferred' nor a store/);
      const withApprover = new ApprovalPolicy({ when: { hbarAbove: 5 }, approver: () => true, store: new MemoryApprovalStore() });
      expect(() => allOf(allowlist(), withApprover)).to.throw(/argument 2 \(Approval Policy\) keeps its requests in a store others decide in/);
    });

    it('refuses it nested in another combination too', () => {
      expect(() => anyOf(allowlist(), allOf(new MaxTransferPolicy({ hbar: 100 }), new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred' })))).to.throw(/^allOf\(\.\.\.\): argument 2 \(Approval Policy\) holds calls/);
    });

    it('accepts an in-call one with an approver alone, whose answer is the verdict: asked only off the list, and its approval lets the call run', async () => {
      let asked = 0;
      const approval = new ApprovalPolicy({ when: { hbarAbove: 5 }, approver: () => (asked++, true) });
      expect((await run(anyOf(allowlist(), approval), [['0.0.7', 50]])).raw.status).to.equal('SUCCESS');
      expect(asked).to.equal(0);
      expect((await run(anyOf(allowlist(), approval), [['0.0.8', 50]])).raw.status).to.equal('SUCCESS');
      expect(asked).to.equal(1);
    });
  });

  describe('anyOf', () => {
    it('allows when one allows, asking left to right and no further than needed', async () => {
      const first = new Scripted('First', () => false);
      const second = new Scripted('Second', () => true);
      expect((await run(anyOf(first, second))).raw.status).to.equal('SUCCESS');
      expect([first.asked, second.asked]).to.deep.equal([1, 0]);
      const refusing = new Scripted('Refusing', () => true);
      expect((await run(anyOf(refusing, second))).raw.status).to.equal('ERROR');
      expect([refusing.asked, second.asked]).to.deep.equal([1, 1]);
    });

    it('refuses when none allows, with every reason', async () => {
      const policy = anyOf(new RecipientAllowlistPolicy(['0.0.5']), new MaxTransferPolicy({ hbar: 10 }));
      expect(policy.name).to.equal('anyOf(Recipient Allowlist Policy, Max Transfer Policy)');
      expect((await run(policy, [['0.0.9', 5]])).raw.status).to.equal('SUCCESS');
      expect((await run(policy, [['0.0.5', 50]])).raw.status).to.equal('SUCCESS');
      const refused = await run(policy, [['0.0.9', 50]]);
      expect(refused.raw.blockedBy).to.deep.equal({
        policy: 'anyOf(Recipient Allowlist Policy, Max Transfer Policy)',
        stage: 'postParamsNormalization',
        reason:
          'none of the alternatives allows the call: Recipient Allowlist Policy: transfer_hbar_tool sends 50 HBAR to 0.0.9, not on the recipient allowlist (0.0.5); ' +
          'Max Transfer Policy: transfer_hbar_tool moves 50 HBAR (5000000000 tinybars) in this call, to 0.0.9; the cap is 10 HBAR per call',
      });
    });

    it('waits for asynchronous answers in order', async () => {
      const slow = new Scripted('Slow', () => new Promise((resolve) => setTimeout(() => resolve(true), 20)));
      const fast = new Scripted('Fast', async () => false);
      expect((await run(anyOf(slow, fast))).raw.status).to.equal('SUCCESS');
      expect([slow.asked, fast.asked]).to.deep.equal([1, 1]);
    });
  });

  describe('allOf', () => {
    it('allows when all allow and stops at the first refusal, naming it', async () => {
      const yes = new Scripted('Yes', () => false);
      const no = new Scripted('No', () => true);
      const never = new Scripted('Never asked', () => false);
      expect((await run(allOf(yes, new Scripted('Also yes', () => false)))).raw.status).to.equal('SUCCESS');
      const refused = await run(allOf(yes, no, never));
      expect(refused.raw.blockedBy?.reason).to.equal('No: No says no');
      expect(never.asked).to.equal(0);
    });
  });

  describe('not', () => {
    it('allows what its policy refuses and refuses what it allows', async () => {
      const policy = not(new RecipientAllowlistPolicy(['0.0.666']));
      expect((await run(policy, [['0.0.5', 1]])).raw.status).to.equal('SUCCESS');
      expect((await run(policy, [['0.0.666', 1]])).raw.blockedBy?.reason).to.equal('Recipient Allowlist Policy allows this call, and not(…) refuses what it allows');
    });

    it('never turns a failing policy into an allow', async () => {
      const broken = new Scripted('Broken', () => {
        throw new Error('store unreachable');
      });
      expect((await run(not(broken))).raw.blockedBy?.reason).to.equal('Broken could not judge the call (store unreachable), so not(…) refuses it');
      expect((await run(not(new RecipientDenylistPolicy(['0.0.5'])), [['0.0.5', 1]])).raw.status).to.equal('SUCCESS');
    });

    it('takes exactly one policy', () => {
      expect(() => (not as (...args: unknown[]) => unknown)(new Scripted('a', () => false), new Scripted('b', () => false))).to.throw('not(...) takes exactly one policy, got 2');
    });
  });

  describe('when children check different stages or tools', () => {
    it('judges at the latest stage, running each child’s checks there', async () => {
      const closed = new TimeWindowPolicy({ timeZone: 'UTC', days: ['mon'], from: '00:00', to: '00:01', now: () => new Date('2026-03-03T12:00:00Z') });
      const policy = anyOf(closed, new RecipientAllowlistPolicy(['0.0.5']));
      expect(policy.stage).to.equal('postParamsNormalization');
      expect((await run(policy, [['0.0.5', 1]])).raw.status).to.equal('SUCCESS');
      const refused = await run(policy, [['0.0.9', 1]]);
      expect(refused.raw.blockedBy?.reason).to.contain('Time Window Policy: it is Tue 12:00 in UTC').and.to.contain('Recipient Allowlist Policy:');
    });

    it('leaves out children that do not cover the tool, and covers what any child covers', async () => {
      // A core tool this kit does not load: the kit starts (a name it has no tool of would stop it).
      const elsewhere = new Scripted('Elsewhere', () => true, ['delete_account_tool']);
      const here = new Scripted('Here', () => false, ['transfer_hbar_tool']);
      const policy = allOf(elsewhere, here);
      expect(policy.relevantTools).to.deep.equal(['delete_account_tool', 'transfer_hbar_tool']);
      expect((await run(policy)).raw.status).to.equal('SUCCESS');
      expect(elsewhere.asked).to.equal(0);
    });
  });

  describe('when a child keeps its own time budget or hears about errors', () => {
    it('holds each child to its budget and passes toolError on', async () => {
      const silent = new Scripted('Silent', () => new Promise<boolean>(() => undefined));
      silent.timeoutMs = 30;
      const policy = anyOf(silent, new Scripted('No', () => true));
      expect(policy.timeoutMs).to.equal(30 + 5_000);
      const result = await run(policy);
      expect(result.raw.blockedBy?.reason).to.contain('Silent: no verdict within its 30 ms time budget');
      expect(silent.heardErrors).to.equal(1);
    });
  });

  describe('when given something that is not a policy', () => {
    it('refuses it, naming the argument', () => {
      expect(() => anyOf(new Scripted('a', () => false), {} as never)).to.throw('anyOf(...): argument 2 is an object (Object), not a policy');
      expect(() => allOf()).to.throw('allOf(...) needs at least one policy');
    });
  });

  describe('when called as the Hedera Agent Kit calls policies', () => {
    it('judges through the seed hook method', async () => {
      const policy = anyOf(new RecipientAllowlistPolicy(['0.0.5']));
      const event = { method: 'transfer_hbar_tool', toolType: 'transaction', context: {}, rawParams: {}, client, normalisedParams: hbarCredits([['0.0.9', 1]]) } as unknown as PreToolExecutionParams;
      const error = await policy.postParamsNormalizationHook(event as never, 'transfer_hbar_tool').then(() => undefined, (thrown: Error) => thrown);
      expect(error?.message).to.contain('Action transfer_hbar_tool blocked by policy: anyOf(Recipient Allowlist Policy)');
    });
  });
});
