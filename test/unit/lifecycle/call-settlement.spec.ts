import { expect } from 'chai';
import sinon from 'sinon';
import type { Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { AbstractPolicy, BaseTool, createAgentKit, type AgentKit, type PreToolExecutionParams, type ToolResult } from '../../../src/index.js';
import type { CallOutcome } from '../../../src/lifecycle/call-outcome.js';
import { pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';

type Script = { result: ToolResult['raw'] } | { throws: string } | { failAt: 'normalize' | 'core' };

/** A tool whose secondary action answers what the test scripts (or throws), without a network. */
class ScriptedOutcomeTool extends BaseTool<{ n?: number }, { n: number }, { n: number }> {
  method = 'scripted_tool';
  name = 'Scripted';
  description = 'Ends as scripted.';
  parameters = z.object({ n: z.number().optional() }).strict();
  script: Script = { result: { status: 'SUCCESS' } };

  normalizeParams(params: { n?: number }) {
    if ('failAt' in this.script && this.script.failAt === 'normalize') throw new Error('cannot normalise');
    return { n: params.n ?? 1 };
  }
  coreAction(params: { n: number }) {
    if ('failAt' in this.script && this.script.failAt === 'core') throw new Error('cannot build');
    return params;
  }
  override shouldSecondaryAction() {
    return true;
  }
  override async secondaryAction() {
    if ('throws' in this.script) throw new Error(this.script.throws);
    if ('result' in this.script) return { raw: { ...this.script.result }, humanMessage: 'scripted' };
    throw new Error('unreachable');
  }
}

/** A policy that records every callId it judged and every outcome it was told. */
class SettlingPolicy extends AbstractPolicy {
  override name = 'Settling';
  override relevantTools = ['scripted_tool'];
  readonly judged: string[] = [];
  readonly outcomes: CallOutcome[] = [];
  constructor(
    private readonly verdict: () => boolean | Promise<boolean> = () => false,
    private readonly onSettle: (outcome: CallOutcome) => void | Promise<void> = () => undefined,
  ) {
    super();
  }
  protected override shouldBlockPreToolExecution(params: PreToolExecutionParams) {
    this.judged.push(params.callId!);
    return this.verdict();
  }
  protected override shouldBlockPostParamsNormalization(params: PreToolExecutionParams) {
    this.judged.push(params.callId!);
    return false;
  }
  override async settle(outcome: CallOutcome) {
    this.outcomes.push(outcome);
    await this.onSettle(outcome);
  }
}

describe('call settlement', () => {
  const sandbox = sinon.createSandbox();
  let client: Client;
  let kit: AgentKit | undefined;
  let tool: ScriptedOutcomeTool;

  beforeEach(() => {
    client = offlineClient();
    tool = new ScriptedOutcomeTool();
  });
  afterEach(async () => {
    sandbox.restore();
    await kit?.close();
    kit = undefined;
    client.close();
  });

  async function kitWith(hooks: unknown[], policyTimeoutMs?: number) {
    kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('test', tool)], context: { hooks }, policyTimeoutMs });
    return kit;
  }

  describe('when a call runs', () => {
    it('gives every event one callId, a fresh one per call', async () => {
      const seen: Record<string, string[]> = {};
      const k = await kitWith([]);
      for (const stage of ['preToolExecution', 'postParamsNormalization', 'postCoreAction', 'postToolExecution'] as const) {
        k.on(stage, (event: { callId?: string }) => (seen[stage] ??= []).push(event.callId!));
      }
      await k.execute('scripted_tool', {});
      await k.execute('scripted_tool', {});
      const ids = Object.values(seen);
      expect(ids).to.have.length(4);
      for (const list of ids) expect(list).to.deep.equal(ids[0]);
      expect(ids[0]![0]).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(ids[0]![0]).to.not.equal(ids[0]![1]);
    });

    it('carries the callId on toolError too', async () => {
      const k = await kitWith([]);
      const errors: string[] = [];
      k.on('toolError', (event) => errors.push(event.callId!));
      tool.script = { failAt: 'core' };
      await k.execute('scripted_tool', {});
      expect(errors).to.have.length(1);
      expect(errors[0]).to.be.a('string');
    });
  });

  describe('when a policy that judged at two stages has settle', () => {
    it('is settled once, with the callId it judged, before the call returns', async () => {
      const policy = new SettlingPolicy();
      const result = await (await kitWith([policy])).execute('scripted_tool', {});
      expect(result.raw.status).to.equal('SUCCESS');
      expect(policy.judged).to.have.length(2);
      expect(policy.judged[0]).to.equal(policy.judged[1]);
      expect(policy.outcomes).to.deep.equal([{ callId: policy.judged[0], method: 'scripted_tool', executed: true, status: 'SUCCESS' }]);
      expect(Object.isFrozen(policy.outcomes[0])).to.equal(true);
    });
  });

  describe('when calls end in different ways', () => {
    const cases: { what: string; script: Script; executed: CallOutcome['executed']; status: string }[] = [
      { what: 'a success', script: { result: { status: 'SUCCESS', transactionId: '0.0.2@1.2' } }, executed: true, status: 'SUCCESS' },
      { what: 'bytes handed back (RETURN_BYTES)', script: { result: { status: 'SUCCESS', bytes: new Uint8Array([1]), submitted: false } }, executed: true, status: 'SUCCESS' },
      { what: 'a ledger failure status', script: { result: { status: 'ERROR', errorCode: 'INSUFFICIENT_PAYER_BALANCE', transactionId: '0.0.2@1.2', submitted: true } }, executed: false, status: 'ERROR' },
      { what: 'an UNKNOWN outcome', script: { result: { status: 'UNKNOWN', transactionId: '0.0.2@1.2' } }, executed: 'unknown', status: 'UNKNOWN' },
      { what: 'a status the kit does not know', script: { result: { status: 'QUEUED' } }, executed: 'unknown', status: 'QUEUED' },
      { what: 'not submitted', script: { result: { status: 'NOT_SUBMITTED' } }, executed: false, status: 'NOT_SUBMITTED' },
      { what: 'a throw while submitting', script: { throws: 'socket hang up' }, executed: 'unknown', status: 'ERROR' },
      { what: 'a failure before anything was built', script: { failAt: 'core' }, executed: false, status: 'ERROR' },
    ];
    for (const { what, script, executed, status } of cases) {
      it(`says executed: ${String(executed)} for ${what}`, async () => {
        const policy = new SettlingPolicy();
        tool.script = script;
        await (await kitWith([policy])).execute('scripted_tool', {});
        expect(policy.outcomes).to.have.length(1);
        expect(policy.outcomes[0]).to.include({ executed, status, callId: policy.judged[0] });
      });
    }

    it('says executed: false with blockedBy for a call another policy blocked later', async () => {
      const policy = new SettlingPolicy();
      class Later extends AbstractPolicy {
        override name = 'Later';
        override relevantTools = ['scripted_tool'];
        protected override shouldBlockPostCoreAction() { return true; }
      }
      await (await kitWith([policy, new Later()])).execute('scripted_tool', {});
      expect(policy.outcomes[0]).to.deep.include({ executed: false, errorCode: 'E_POLICY_BLOCKED', blockedBy: { policy: 'Later', stage: 'postCoreAction' } });
    });

    it('settles a policy that blocked the call itself', async () => {
      const policy = new SettlingPolicy(() => true);
      await (await kitWith([policy])).execute('scripted_tool', {});
      expect(policy.judged).to.have.length(1);
      expect(policy.outcomes[0]).to.include({ executed: false, callId: policy.judged[0] });
    });

    it('settles a policy that ran over its time budget, which may have reserved', async () => {
      const policy = new SettlingPolicy(() => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 80)));
      const result = await (await kitWith([policy], 20)).execute('scripted_tool', {});
      expect(result.raw.blockedBy?.reason).to.match(/time budget/);
      expect(policy.outcomes).to.have.length(1);
      expect(policy.outcomes[0]).to.include({ executed: false });
    });
  });

  describe('when settle fails', () => {
    it('turns a throw into a warning and keeps the result', async () => {
      const policy = new SettlingPolicy(undefined, () => { throw new Error('store gone'); });
      const result = await (await kitWith([policy])).execute('scripted_tool', {});
      expect(result.raw.status).to.equal('SUCCESS');
      expect(result.raw.warnings).to.deep.equal(['policy "Settling" failed to settle the call: store gone']);
    });

    it('turns overtime into a warning without waiting past the time budget', async () => {
      const policy = new SettlingPolicy(undefined, () => new Promise<void>(() => undefined));
      const started = Date.now();
      const result = await (await kitWith([policy], 50)).execute('scripted_tool', {});
      expect(Date.now() - started).to.be.below(1_000);
      expect(result.raw.status).to.equal('SUCCESS');
      expect(result.raw.warnings?.[0]).to.match(/did not settle the call within its 50 ms time budget/);
    });

    it('keeps a blocked result blocked', async () => {
      const policy = new SettlingPolicy(() => true, () => Promise.reject(new Error('nope')));
      const result = await (await kitWith([policy])).execute('scripted_tool', {});
      expect(result.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect(result.raw.warnings).to.deep.equal(['policy "Settling" failed to settle the call: nope']);
    });
  });

  describe('when a policy has no settle', () => {
    it('costs nothing beyond the call', async () => {
      class Plain extends AbstractPolicy {
        override name = 'Plain';
        override relevantTools = ['scripted_tool'];
        protected override shouldBlockPreToolExecution() { return false; }
      }
      const result = await (await kitWith([new Plain()])).execute('scripted_tool', {});
      expect(result.raw).to.deep.equal({ status: 'SUCCESS' });
    });
  });
});
