import { expect } from 'chai';
import sinon from 'sinon';
import { ErrorCode } from '../../../src/errors/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { AbstractPolicy } from '../../../src/listeners/abstract-policy.js';
import { reportOnly } from '../../../src/listeners/report-mode.js';
import type { Logger } from '../../../src/lifecycle/logger.js';
import { callRecordOf } from '../../../src/lifecycle/call-record.js';
import type { PostParamsNormalizationParams } from '../../../src/lifecycle/stage-events.js';
import { reportOnly as fromMainEntry } from '../../../src/index.js';
import { ApprovalPolicy } from '../../../src/policies/approval-policy.js';
import { allOf, anyOf } from '../../../src/policies/composition.js';
import { RejectToolPolicy } from '../../../src/policies/reject-tool-policy.js';
import { RejectToolPolicy as KitRejectToolPolicy } from '@hashgraph/hedera-agent-kit/policies';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';

/** Refuses echoes of more than `cap`; counts how often it was asked, as stateful policies do. */
class EchoCapPolicy extends AbstractPolicy {
  override relevantTools = ['echo_tool'];
  asked = 0;
  constructor(private readonly cap: number, override name = 'Echo Cap') {
    super();
  }
  protected override shouldBlockPostParamsNormalization(params: PostParamsNormalizationParams): boolean {
    this.asked++;
    return (params.normalisedParams as { amount: number }).amount > this.cap;
  }
  override explainBlock(): string {
    return `the cap is ${this.cap}`;
  }
}

function recordingLogger(): Logger & { warnings: { fields: Record<string, unknown>; message: string }[] } {
  const warnings: { fields: Record<string, unknown>; message: string }[] = [];
  const quiet = () => undefined;
  return { warnings, debug: quiet, info: quiet, error: quiet, warn: (fields: Record<string, unknown>, message: string) => void warnings.push({ fields, message }) } as never;
}

describe('reportOnly', () => {
  const sandbox = sinon.createSandbox();
  afterEach(() => sandbox.restore());

  describe('as a function', () => {
    it('is exported from the main entry and marks the same object, keeping its class, name, tools, state and prototype methods', () => {
      expect(fromMainEntry).to.equal(reportOnly);
      const policy = new EchoCapPolicy(5);
      policy.asked = 3;
      const marked = reportOnly(policy);
      expect(marked).to.equal(policy);
      expect(marked).to.be.instanceOf(EchoCapPolicy);
      expect(marked.reportOnly).to.equal(true);
      expect(marked.asked).to.equal(3);
      expect(marked.name).to.equal('Echo Cap');
      expect(marked.explainBlock()).to.equal('the cap is 5');
      // Not enumerable: the policy's JSON and spread copies see what they saw before.
      expect(Object.keys(marked)).to.not.include('reportOnly');
      expect(reportOnly(marked)).to.equal(marked);
    });

    it('refuses what is not a policy, saying what it takes', () => {
      const refusal = (value: unknown) => {
        try {
          reportOnly(value as object);
        } catch (error) {
          expect(error).to.have.property('code', ErrorCode.INVALID_ARGUMENT);
          return (error as Error).message;
        }
        throw new Error('expected a refusal');
      };
      expect(refusal(null)).to.equal('reportOnly(policy): expected a policy instance, got null.');
      expect(refusal(EchoCapPolicy)).to.contain('a class or function (pass an instance: reportOnly(new MyPolicy(…)))');
      expect(refusal({ relevantTools: ['echo_tool'], preToolExecutionHook: () => undefined })).to.contain('is not a policy');
      expect(refusal(Object.freeze(new RejectToolPolicy(['echo_tool'])))).to.contain('is frozen or sealed');
    });

    it('refuses an approval, alone or inside a combination: people would be asked and ignored, and a held request would run the call again', () => {
      const approval = new ApprovalPolicy({ when: { tools: ['echo_tool'] }, approver: () => true });
      expect(() => reportOnly(approval)).to.throw(/holds calls for approval, which has no report mode/);
      expect(() => reportOnly(anyOf(new RejectToolPolicy(['echo_tool']), approval))).to.throw(/holds calls for approval/);
    });
  });

  describe('in a kit', () => {
    let kit: AgentKit | undefined;
    afterEach(async () => {
      await kit?.close();
      kit = undefined;
    });
    const kitWith = async (hooks: unknown[], logger?: Logger) =>
      (kit = await createAgentKit({ client: offlineClient(), pluginsDir: null, plugins: [pluginOf('echo', new EchoTool('echo_tool'))], hooks, ...(logger ? { logger } : {}) }));

    it('runs a call the policy would have blocked, logs it, counts it, and leaves the result as it would be without the policy', async () => {
      const logger = recordingLogger();
      const policy = reportOnly(new EchoCapPolicy(5));
      const reporting = await kitWith([policy], logger);
      const result = await reporting.execute('echo_tool', { text: 'big', amount: 9 });
      expect(result.raw.status).to.equal('SUCCESS');
      expect(result.raw).to.not.have.property('blockedBy');
      expect(result.raw).to.not.have.property('warnings');
      expect(policy.asked).to.equal(1);
      expect(reporting.wouldBlockCounts()).to.deep.equal({ 'Echo Cap': 1 });
      const [warning] = logger.warnings;
      expect(warning?.message).to.equal('policy in report mode would have blocked this call; it goes on');
      expect(warning?.fields).to.include({ tool: 'echo_tool', policy: 'Echo Cap', stage: 'postParamsNormalization', reason: 'the cap is 5' });
      // An allowed call is neither counted nor logged.
      expect((await reporting.execute('echo_tool', { text: 'small', amount: 2 })).raw.status).to.equal('SUCCESS');
      expect(reporting.wouldBlockCounts()).to.deep.equal({ 'Echo Cap': 1 });
      expect(logger.warnings).to.have.length(1);
    });

    it("lets the audit hooks read the would-blocks on the call's own record, which no other call shares", async () => {
      const seen: unknown[] = [];
      const auditLike = { name: 'Audit-like', relevantTools: ['echo_tool'], postToolExecutionHook: (params: object) => void seen.push(callRecordOf(params)?.wouldBlock) };
      const reporting = await kitWith([auditLike, reportOnly(new EchoCapPolicy(5))]);
      await reporting.execute('echo_tool', { text: 'big', amount: 9 });
      await reporting.execute('echo_tool', { text: 'small', amount: 2 });
      expect(seen).to.deep.equal([[{ policy: 'Echo Cap', stage: 'postParamsNormalization', reason: 'the cap is 5' }], undefined]);
    });

    it('still blocks with an enforcing policy beside the reporting one, and counts the report', async () => {
      const blocking = await kitWith([reportOnly(new EchoCapPolicy(5, 'Soft Cap')), new EchoCapPolicy(7, 'Hard Cap')]);
      const result = await blocking.execute('echo_tool', { text: 'big', amount: 9 });
      expect(result.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect(result.raw.blockedBy).to.deep.equal({ policy: 'Hard Cap', stage: 'postParamsNormalization', reason: 'the cap is 7' });
      expect(blocking.wouldBlockCounts()).to.deep.equal({ 'Soft Cap': 1 });
      expect((await blocking.execute('echo_tool', { text: 'mid', amount: 6 })).raw.status).to.equal('SUCCESS');
      expect(blocking.wouldBlockCounts()).to.deep.equal({ 'Soft Cap': 2 });
    });

    it('reports a combination as a whole, and refuses a combination with a child in report mode', async () => {
      const combined = reportOnly(allOf(new EchoCapPolicy(5), new EchoCapPolicy(100)));
      const reporting = await kitWith([combined]);
      expect((await reporting.execute('echo_tool', { text: 'big', amount: 9 })).raw.status).to.equal('SUCCESS');
      expect(reporting.wouldBlockCounts()).to.deep.equal({ 'allOf(Echo Cap, Echo Cap)': 1 });
      expect(() => allOf(reportOnly(new EchoCapPolicy(5)), new EchoCapPolicy(100))).to.throw(
        'allOf(...): argument 1 (Echo Cap) is in report mode, but report mode applies to the policy the kit registers, here the combination; mark the whole combination (reportOnly(allOf(…))) or register Echo Cap on its own.',
      );
    });

    it('honours `reportOnly = true` declared by a class, and refuses any other value naming the policy', async () => {
      class DeclaredReport extends EchoCapPolicy {
        readonly reportOnly = true;
      }
      const reporting = await kitWith([new DeclaredReport(1)]);
      expect((await reporting.execute('echo_tool', { text: 'x', amount: 2 })).raw.status).to.equal('SUCCESS');
      expect(reporting.wouldBlockCounts()).to.deep.equal({ 'Echo Cap': 1 });
      class Misspelt extends EchoCapPolicy {
        readonly reportOnly = 'yes';
      }
      await kit!.close();
      kit = undefined;
      const refused = await kitWith([new Misspelt(1)]).then(() => undefined, (error: unknown) => error);
      expect(refused).to.have.property('code', ErrorCode.INVALID_LISTENER);
      expect((refused as Error).message).to.contain('"Echo Cap" has reportOnly "yes"; it takes true (report mode: judge and report what it would block, the call goes on) or false / left out (enforce).');
    });

    it('refuses a hook in report mode: hooks observe, they do not judge', async () => {
      const hook = { name: 'Watcher', relevantTools: ['echo_tool'], preToolExecutionHook: () => undefined, reportOnly: true };
      const refused = await kitWith([hook]).then(() => undefined, (error: unknown) => error);
      expect((refused as Error).message).to.contain('"Watcher" is in report mode (reportOnly: true) but judges nothing: only policies have a report mode; hooks only observe.');
    });

    it('reports a policy of the Hedera Agent Kit, whose objects come from another package', async () => {
      // That kit's RejectToolPolicy says on the console what it rejects.
      sandbox.stub(console, 'log');
      sandbox.stub(console, 'error');
      const policy = reportOnly(new KitRejectToolPolicy(['echo_tool']));
      const reporting = await kitWith([policy]);
      expect((await reporting.execute('echo_tool', { text: 'x' })).raw.status).to.equal('SUCCESS');
      expect(Object.values(reporting.wouldBlockCounts())).to.deep.equal([1]);
      expect(Object.keys(reporting.wouldBlockCounts())).to.deep.equal([policy.name]);
    });
  });
});
