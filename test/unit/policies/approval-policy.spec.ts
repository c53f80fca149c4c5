import { expect } from 'chai';
import sinon from 'sinon';
import { AccountId, Hbar, PrivateKey, type Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { BaseTool, createAgentKit, type AgentKit } from '../../../src/index.js';
import { ApprovalPolicy, type ApprovalRequest, type Approver } from '../../../src/policies/index.js';
import { hbarToTinybars } from '../../../src/policies/approval-moves.js';
import type { Movement } from '../../../src/values/movement.js';
import { pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';

/**
 * Stands in for a core tool: normalises to the shape the real tool produces, builds nothing. Given
 * `view`, it declares that as its movements (as a third-party tool would), in place of the built-in one.
 */
class ShapeTool extends BaseTool {
  parameters = z.object({ note: z.string().optional() }).strict();
  name = 'Shape';
  description = 'Normalises to whatever the test says.';
  constructor(readonly method: string, private readonly shape: () => unknown, view?: readonly Movement[]) {
    super();
    if (view) this.movements = () => view;
  }
  normalizeParams() {
    return this.shape();
  }
  coreAction() {
    return 'done';
  }
}

const deleteShape = { accountId: AccountId.fromString('0.0.9'), transferAccountId: AccountId.fromString('0.0.2') };

const hbar = (entries: [string, number][]) => ({
  hbarTransfers: entries.map(([accountId, amount]) => ({ accountId: AccountId.fromString(accountId), amount: new Hbar(amount) })),
});

describe('ApprovalPolicy', () => {
  const sandbox = sinon.createSandbox();
  let client: Client;
  let kit: AgentKit | undefined;
  beforeEach(() => (client = offlineClient()));
  afterEach(async () => {
    sandbox.restore();
    await kit?.close();
    kit = undefined;
    client.close();
  });

  async function run(policy: ApprovalPolicy, method: string, shape: unknown, options: { hooks?: object[]; policyTimeoutMs?: number; params?: object; view?: readonly Movement[] } = {}) {
    kit = await createAgentKit({
      client,
      pluginsDir: null,
      plugins: [pluginOf('shapes', new ShapeTool(method, () => shape, options.view))],
      hooks: [...(options.hooks ?? []), policy],
      policyTimeoutMs: options.policyTimeoutMs,
    });
    return kit.execute(method, options.params ?? {});
  }

  function blockedReason(result: Awaited<ReturnType<typeof run>>): string {
    expect(result.raw.errorCode, result.humanMessage).to.equal('E_POLICY_BLOCKED');
    expect(result.raw.blockedBy).to.include({ policy: 'Approval Policy', stage: 'postParamsNormalization' });
    return String(result.raw.blockedBy!.reason);
  }

  describe('when the condition does not hold', () => {
    it('asks nobody and lets the call run', async () => {
      const approver = sandbox.stub().resolves(false);
      const result = await run(new ApprovalPolicy({ when: { hbarAbove: 100 }, approver }), 'transfer_hbar_tool', hbar([['0.0.5', 100], ['0.0.2', -100]]));
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect(approver.called).to.equal(false);
    });

    it('asks nobody for a tool that moves nothing', async () => {
      const approver = sandbox.stub().resolves(false);
      const result = await run(new ApprovalPolicy({ when: { hbarAbove: 0 }, approver }), 'create_topic_tool', { topicMemo: 'x' });
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect(approver.called).to.equal(false);
    });
  });

  describe('when the call moves more than the threshold', () => {
    it('asks with the tool, the amounts, a one-line summary and the params, and runs the call once approved', async () => {
      const approver = sandbox.stub<[ApprovalRequest], Promise<boolean>>().resolves(true);
      const result = await run(new ApprovalPolicy({ when: { hbarAbove: 100 }, approver }), 'transfer_hbar_tool', hbar([['0.0.5', 100.5], ['0.0.2', -100.5]]), { params: { note: 'rent' } });
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      const request = approver.firstCall.args[0];
      expect(request).to.include({ tool: 'transfer_hbar_tool', policy: 'Approval Policy', hbarTinybars: 10_050_000_000n, timeoutMs: 60_000 });
      expect(request.summary).to.equal('transfer_hbar_tool: 100.5 HBAR from 0.0.2 to 0.0.5');
      expect(request.why).to.equal('it moves 100.5 HBAR, more than the 100 HBAR allowed without approval');
      expect(request.movements).to.have.length(1);
      expect(request.movements![0]).to.include({ asset: 'HBAR', from: '0.0.2', to: '0.0.5', amount: 10_050_000_000n, display: '100.5 HBAR' });
      expect(request.params).to.deep.equal({ note: 'rent' });
    });

    it('refuses when the approver says no, naming who refused and the amount', async () => {
      const result = await run(new ApprovalPolicy({ when: { hbarAbove: 100 }, approver: () => false }), 'transfer_hbar_tool', hbar([['0.0.5', 150], ['0.0.2', -150]]));
      expect(blockedReason(result)).to.equal('the approval callback refused (asked because it moves 150 HBAR, more than the 100 HBAR allowed without approval)');
      expect(result.humanMessage).to.contain('retrying the same request will not help');
    });

    it('takes the reason an approver gives with its refusal', async () => {
      const approver: Approver = { name: 'the treasurer', approve: () => ({ approved: false, reason: 'the treasurer is on holiday' }) };
      const result = await run(new ApprovalPolicy({ when: { hbarAbove: 1 }, approver }), 'transfer_hbar_tool', hbar([['0.0.5', 2], ['0.0.2', -2]]));
      expect(blockedReason(result)).to.match(/^the treasurer is on holiday \(asked because it moves 2 HBAR/);
    });

    it('refuses an answer that is truthy but not true: only true approves', async () => {
      const approver = (() => 'yes') as unknown as () => boolean;
      const result = await run(new ApprovalPolicy({ when: { hbarAbove: 1 }, approver }), 'transfer_hbar_tool', hbar([['0.0.5', 2], ['0.0.2', -2]]));
      expect(blockedReason(result)).to.contain('refused');
    });
  });

  describe('when nobody answers in time', () => {
    it('refuses, saying nobody answered within the timeout, and aborts the question', async () => {
      let signal: AbortSignal | undefined;
      const approver: Approver = { name: 'the treasurer', approve: (_request, given) => ((signal = given), new Promise<boolean>(() => undefined)) };
      const result = await run(new ApprovalPolicy({ when: { hbarAbove: 1 }, approver, timeoutMs: 50 }), 'transfer_hbar_tool', hbar([['0.0.5', 2], ['0.0.2', -2]]));
      expect(blockedReason(result)).to.match(/^nobody answered within 50 ms \(the treasurer was asked because it moves 2 HBAR.*\); no answer is a refusal$/);
      expect(signal!.aborted).to.equal(true);
    });

    it('keeps its own budget above the approver time, so a kit budget shorter than the answer does not cut it off', async () => {
      const policy = new ApprovalPolicy({ when: { hbarAbove: 1 }, approver: () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 80)), timeoutMs: 300 });
      expect(policy.timeoutMs).to.be.at.least(300);
      const result = await run(policy, 'transfer_hbar_tool', hbar([['0.0.5', 2], ['0.0.2', -2]]), { policyTimeoutMs: 20 });
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
    });
  });

  describe('when the approver fails', () => {
    it('refuses when it throws (fail closed), with its message', async () => {
      const approver = () => {
        throw new Error('approval service unreachable');
      };
      const result = await run(new ApprovalPolicy({ when: { hbarAbove: 1 }, approver }), 'transfer_hbar_tool', hbar([['0.0.5', 2], ['0.0.2', -2]]));
      expect(blockedReason(result)).to.match(/^asking the approval callback failed \(approval service unreachable\), so the call is refused/);
    });

    it('refuses when it rejects', async () => {
      const result = await run(new ApprovalPolicy({ when: { hbarAbove: 1 }, approver: () => Promise.reject(new Error('no route')) }), 'transfer_hbar_tool', hbar([['0.0.5', 2], ['0.0.2', -2]]));
      expect(blockedReason(result)).to.contain('failed (no route)');
    });
  });

  describe('when the event carries movements', () => {
    it('reads the amounts from them rather than from the params', async () => {
      const movements: Movement[] = [{ asset: 'HBAR', from: '0.0.2', to: '0.0.7', amount: 20_000_000_000n, display: '200 HBAR' }];
      const approver = sandbox.stub().resolves(true);
      // The params alone would say 1 HBAR: below the threshold.
      await run(new ApprovalPolicy({ when: { hbarAbove: 100 }, approver }), 'transfer_hbar_tool', hbar([['0.0.5', 1], ['0.0.2', -1]]), { view: movements });
      expect(approver.calledOnce).to.equal(true);
      expect(approver.firstCall.args[0]).to.include({ summary: 'transfer_hbar_tool: 200 HBAR from 0.0.2 to 0.0.7', hbarTinybars: 20_000_000_000n });
    });

    it('does not count token movements as HBAR', async () => {
      const movements: Movement[] = [{ asset: '0.0.900', from: '0.0.2', to: '0.0.7', amount: 1_000_000_000_000n, display: '10000 of 0.0.900' }];
      const approver = sandbox.stub().resolves(false);
      const result = await run(new ApprovalPolicy({ when: { hbarAbove: 100 }, approver }), 'transfer_fungible_token_tool', {}, { view: movements });
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect(approver.called).to.equal(false);
    });
  });

  describe('when a core tool moves HBAR in a way the policy cannot read', () => {
    it('refuses rather than allows: the movements view cannot read it, which blocks before anyone is asked', async () => {
      const approver = sandbox.stub<[ApprovalRequest], boolean>().returns(true);
      const shape = { ownerAccountId: AccountId.fromString('0.0.2'), spenderAccountId: AccountId.fromString('0.0.9') };
      const result = await run(new ApprovalPolicy({ when: { hbarAbove: 100 }, approver }), 'approve_hbar_allowance_tool', shape, { params: { note: 'x' } });
      expect(result.raw.status).to.equal('ERROR');
      expect(result.raw.blockedBy?.policy).to.equal('Approval Policy');
      expect(approver.called).to.equal(false);
    });

    it('asks when an amount in hbarTransfers is unreadable', async () => {
      const approver = sandbox.stub().returns(false);
      await run(new ApprovalPolicy({ when: { hbarAbove: 100 }, approver }), 'pay_tool', { hbarTransfers: [{ accountId: '0.0.5', amount: 'lots' }] });
      expect(approver.calledOnce).to.equal(true);
    });
  });

  describe('when the condition names tools', () => {
    it('asks for every call of them and watches no other tool', async () => {
      const policy = new ApprovalPolicy({ when: { tools: ['delete_account_tool'] }, approver: () => false });
      expect(policy.relevantTools).to.deep.equal(['delete_account_tool']);
      const result = await run(policy, 'delete_account_tool', deleteShape, { params: { note: 'bye' } });
      expect(blockedReason(result)).to.equal('the approval callback refused (asked because every delete_account_tool call needs approval)');
    });

    it('combines with hbarAbove: those tools, above the amount', async () => {
      const approver = sandbox.stub().returns(true);
      const policy = new ApprovalPolicy({ when: { tools: ['transfer_hbar_tool'], hbarAbove: 5 }, approver });
      await run(policy, 'transfer_hbar_tool', hbar([['0.0.5', 5], ['0.0.2', -5]]));
      expect(approver.called).to.equal(false);
    });
  });

  describe('when the condition is a function', () => {
    it('gets the event with its movements and asks when it returns true', async () => {
      const when = sandbox.stub().returns(true);
      const approver = sandbox.stub().returns(true);
      const result = await run(new ApprovalPolicy({ when, approver }), 'transfer_hbar_tool', hbar([['0.0.5', 1], ['0.0.2', -1]]));
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      const event = when.firstCall.args[0];
      expect(event.method).to.equal('transfer_hbar_tool');
      expect(event.movements).to.have.length(1);
      expect(approver.calledOnce).to.equal(true);
    });

    it('gets [] for a tool that moves nothing, and a value tool whose movements cannot be read is refused (fail closed)', async () => {
      const when = sandbox.stub().returns(false);
      await run(new ApprovalPolicy({ when, approver: () => true }), 'create_topic_tool', { topicMemo: 'x' });
      expect(when.firstCall.args[0].movements).to.deep.equal([]);
      await kit!.close();
      const unreadable = await run(new ApprovalPolicy({ when, approver: () => true }), 'transfer_fungible_token_tool', { nothing: 'to read' });
      expect(unreadable.raw.status).to.equal('ERROR');
      expect(unreadable.raw.blockedBy?.policy).to.equal('Approval Policy');
    });

    it('blocks the call when the condition throws', async () => {
      const approver = sandbox.stub().returns(true);
      const when = () => {
        throw new Error('no rates');
      };
      const result = await run(new ApprovalPolicy({ when, approver }), 'transfer_hbar_tool', hbar([['0.0.5', 1], ['0.0.2', -1]]));
      expect(blockedReason(result)).to.equal('the approval condition failed (no rates), so the call is refused');
      expect(approver.called).to.equal(false);
    });
  });

  describe('when the agent sends text that could rewrite a prompt', () => {
    it('shows it on one line with control and bidirectional characters escaped', async () => {
      const approver = sandbox.stub<[ApprovalRequest], boolean>().returns(false);
      // A tool with no movements view: its summary quotes the agent's params.
      await run(new ApprovalPolicy({ when: { tools: ['custom_close_tool'] }, approver }), 'custom_close_tool', {}, { params: { note: 'a\r\u001b[2Kb\u202ec' } });
      const { summary } = approver.firstCall.args[0];
      expect(summary).to.not.match(/[\u0000-\u001f\u202e]/);
      expect(summary).to.contain('\\u001b').and.to.contain('\\u202e');
    });
  });

  describe('when constructed', () => {
    it('refuses options it cannot honour, naming the field', () => {
      const approver = () => true;
      expect(() => new ApprovalPolicy({ when: {}, approver })).to.throw(/'when' needs hbarAbove, tools or both/);
      expect(() => new ApprovalPolicy({ when: { hbarOver: 1 } as never, approver })).to.throw(/unknown option 'when.hbarOver'; accepted: hbarAbove, tools\./);
      expect(() => new ApprovalPolicy({ when: { hbarAbove: -1 }, approver })).to.throw(/'when.hbarAbove' must be a number of HBAR/);
      expect(() => new ApprovalPolicy({ when: { hbarAbove: 0.000000001 }, approver })).to.throw(/at most 8 decimals/);
      expect(() => new ApprovalPolicy({ when: { tools: [] }, approver })).to.throw(/'when.tools' must be a non-empty array/);
      expect(() => new ApprovalPolicy({ when: { hbarAbove: 1 }, approver: 'slack' as never })).to.throw(/'approver' must be "terminal" or "mcp", a function/);
      expect(() => new ApprovalPolicy({ when: { hbarAbove: 1 }, approver, timeoutMs: 0 })).to.throw(/'timeoutMs' must be a whole number of milliseconds/);
      expect(() => new ApprovalPolicy({ when: { hbarAbove: 1 }, approver, timeoutMs: 2 ** 31 })).to.throw(/'timeoutMs'/);
      expect(() => new ApprovalPolicy({ when: { hbarAbove: 1 }, approver, timout: 5 } as never)).to.throw(/unknown option 'timout'; accepted: when, approver, timeoutMs/);
    });

    it("refuses a 'via' it does not know, and via: 'schedule' without approvers' public keys or with options that do not apply", () => {
      const keys = [PrivateKey.generateED25519().publicKey.toStringDer(), PrivateKey.generateECDSA().publicKey.toStringDer()];
      expect(() => new ApprovalPolicy({ when: { hbarAbove: 1 }, via: 'ledger' as never, quorum: { required: 1, of: keys } })).to.throw(/'via' must be 'store' \(decisions in the approval store, the default\) or 'schedule'/);
      expect(() => new ApprovalPolicy({ when: { hbarAbove: 1 }, via: 'schedule' })).to.throw(/via: 'schedule' needs quorum: \{ required, of: \[public keys\] \}/);
      expect(() => new ApprovalPolicy({ when: { hbarAbove: 1 }, via: 'schedule', quorum: { required: 1, of: [keys[0]!, 'alice'] } })).to.throw(/quorum.of\[1\] is not one/);
      expect(() => new ApprovalPolicy({ when: { hbarAbove: 1 }, via: 'schedule', quorum: { required: 1, of: keys }, approver: () => true })).to.throw(/approver does not apply with via: 'schedule'/);
      expect(() => new ApprovalPolicy({ when: { hbarAbove: 1 }, via: 'schedule', quorum: { required: 1, of: keys }, wait: 'deferred' })).to.throw(/wait does not apply with via: 'schedule'/);
      expect(() => new ApprovalPolicy({ when: { hbarAbove: 1 }, via: 'schedule', quorum: { required: 1, of: keys }, stage: 'postCoreAction' })).to.throw(/stage does not apply with via: 'schedule'/);
      const oldStore = { create() {}, get() {}, decide() {}, claimExecution() {}, subscribe() {} } as never;
      expect(() => new ApprovalPolicy({ when: { hbarAbove: 1 }, via: 'schedule', quorum: { required: 1, of: keys }, store: oldStore })).to.throw(/needs a store that follows schedules/);
      const ledger = new ApprovalPolicy({ when: { hbarAbove: 5 }, via: 'schedule', quorum: { required: 2, of: keys } });
      expect([ledger.via, ledger.description]).to.deep.equal(['schedule', "Has the ledger wait for 2 of the approvers' signatures before any call that moves more than 5 HBAR"]);
    });

    it('describes who it asks and when', () => {
      expect(new ApprovalPolicy({ when: { hbarAbove: 100 }, approver: 'terminal' }).description).to.equal('Asks the person at the terminal before any call that moves more than 100 HBAR');
      expect(new ApprovalPolicy({ when: { tools: ['delete_account_tool'] }, approver: 'mcp' }).description).to.equal('Asks the user of the MCP client before every call of delete_account_tool');
    });
  });

  describe('hbarToTinybars', () => {
    it('converts display HBAR exactly', () => {
      expect(hbarToTinybars(1.1)).to.equal(110_000_000n);
      expect(hbarToTinybars(0.00000001)).to.equal(1n);
      expect(hbarToTinybars(100)).to.equal(10_000_000_000n);
      expect(hbarToTinybars(1e-9)).to.equal(undefined);
      expect(hbarToTinybars(Number.NaN)).to.equal(undefined);
    });
  });
});
