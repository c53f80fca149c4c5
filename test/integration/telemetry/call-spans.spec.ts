import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SpanStatusCode } from '@opentelemetry/api';
import { TopicCreateTransaction } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { BaseTool } from '../../../src/lifecycle/base-tool.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { ApprovalPolicy, RejectToolPolicy } from '../../../src/policies/index.js';
import { reportOnly } from '../../../src/listeners/report-mode.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';
import { devnetSuite } from '../../support/devnet-suite.js';
import { auditEntries, readTopicMessages } from '../../support/mirror-messages.js';
import { openOtelWorld, type OtelWorld } from '../../support/otel-world.js';

/** Fails in its core action with a message that quotes a secret, as a careless tool might. */
class FailingTool extends BaseTool<{ memo: string }, { memo: string }, never> {
  method = 'failing_tool';
  name = 'Failing tool';
  description = 'Always fails while building.';
  parameters = z.object({ memo: z.string() }).strict();
  constructor(private readonly quoted: string) {
    super();
  }
  normalizeParams(params: { memo: string }) {
    return params;
  }
  coreAction(): never {
    throw new Error(`could not build with key ${this.quoted}`);
  }
}

describe('telemetry: the spans of a call, with the real OpenTelemetry SDK', () => {
  const suite = devnetSuite();
  let otel: OtelWorld;
  let journalDir: string;
  let topicId: string;
  let recipient: string;

  before(async () => {
    topicId = (await (await new TopicCreateTransaction().execute(suite.client)).getReceipt(suite.client)).topicId!.toString();
    recipient = (await suite.net.createAccount({ hbar: 1 })).accountId;
  });

  beforeEach(() => {
    otel = openOtelWorld();
    journalDir = mkdtempSync(join(tmpdir(), 'otel-spans-'));
  });

  afterEach(async () => {
    await otel.close();
    rmSync(journalDir, { recursive: true, force: true });
  });

  const kitWith = (hooks: unknown[], extra: object = {}) =>
    createAgentKit({
      client: suite.client,
      pluginsDir: null,
      plugins: [transferPlugin('transfer_hbar_tool', 'delete_account_tool'), { name: 'failing', tools: () => [new FailingTool(suite.net.operatorKey.toStringRaw())] }],
      context: { hooks },
      telemetry: { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider, ...extra },
    });

  describe('when a call executes on the devnet', () => {
    it('is one execute_tool span under the caller\'s span, with a child per step, its transaction and its audit entry', async () => {
      const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], topicId, undefined, { journalDir });
      const kit = await kitWith([hook]);
      const result = await otel.inSpan('agent turn', () => kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 10 }));
      expect(result.raw.status).to.equal('SUCCESS');
      await kit.audit.flush(10_000);
      await kit.close();

      const call = otel.span('execute_tool transfer_hbar_tool');
      const outer = otel.span('agent turn');
      expect(call.parentSpanContext?.spanId).to.equal(outer.spanContext().spanId);
      expect(call.spanContext().traceId).to.equal(outer.spanContext().traceId);
      expect(call.attributes).to.include({
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'transfer_hbar_tool',
        'gen_ai.tool.description': 'Sends tinybars from the operator to one account.',
        'hedera_agent_hooks.outcome': 'executed',
        'hedera.transaction.id': result.raw.transactionId,
        'hedera.transaction.status': 'SUCCESS',
      });
      // Called directly, not for a model: no model tool-call ID, and the kit's own under its project attribute.
      expect(call.attributes).to.not.have.property('gen_ai.tool.call.id');
      expect(call.attributes['hedera_agent_hooks.call.id']).to.match(/^[0-9a-f-]{36}$/);
      expect(call.status.code).to.not.equal(SpanStatusCode.ERROR);
      const [entry] = auditEntries(await readTopicMessages(suite.net.mirrorUrl, topicId)).slice(-1);
      expect(call.attributes['hedera_agent_hooks.audit.entry_id']).to.equal(entry.id);

      // The audit hook does not listen at postParamsNormalization: a stage nobody listens to does nothing, and gets no span.
      const steps = otel.childrenOf(call).map((span) => span.name);
      expect(steps).to.deep.equal([
        'stage preToolExecution',
        'stage normalizeParams',
        'stage coreAction',
        'stage postCoreAction',
        'stage secondaryAction',
        'stage postToolExecution',
      ]);
    });

    it('puts no params on the span unless recordParams is set, and then redacted', async () => {
      const plain = await kitWith([]);
      await plain.execute('transfer_hbar_tool', { to: recipient, tinybars: 11 });
      await plain.close();
      const quiet = otel.span('execute_tool transfer_hbar_tool');
      expect(quiet.attributes).to.not.have.property('gen_ai.tool.call.arguments');
      expect(JSON.stringify(otel.spans().map((span) => span.attributes))).to.not.include(recipient);

      otel.exporter.reset();
      const key = suite.net.operatorKey.toStringRaw();
      const recording = await kitWith([], { recordParams: true });
      // The kit refuses its own key as input; the span, made before that, still shows it cut out.
      await recording.execute('transfer_hbar_tool', { to: recipient, tinybars: 12, memo: key });
      await recording.close();
      const args = otel.span('execute_tool transfer_hbar_tool').attributes['gen_ai.tool.call.arguments'] as string;
      expect(JSON.parse(args)).to.include({ to: recipient, tinybars: 12 });
      expect(args).to.not.include(key);
    });
  });

  describe('when a policy blocks the call', () => {
    it('names the policy and stage on the call span and ends at the stage that blocked, with the verdict as a child span', async () => {
      const kit = await kitWith([new RejectToolPolicy(['delete_account_tool'])]);
      const result = await kit.execute('delete_account_tool', { to: recipient, tinybars: 10 });
      await kit.close();
      expect(result.raw.errorCode).to.equal('E_POLICY_BLOCKED');

      const call = otel.span('execute_tool delete_account_tool');
      expect(call.attributes).to.include({
        'hedera_agent_hooks.outcome': 'blocked',
        'hedera_agent_hooks.blocked_by.policy': 'Reject Tool Call',
        'hedera_agent_hooks.blocked_by.stage': 'preToolExecution',
      });
      expect(call.attributes).to.not.have.property('hedera.transaction.id');
      expect(call.status.code).to.not.equal(SpanStatusCode.ERROR);
      const steps = otel.childrenOf(call);
      expect(steps.map((span) => span.name)).to.deep.equal(['stage preToolExecution', 'stage toolError']);
      const verdicts = otel.childrenOf(steps[0]!);
      expect(verdicts.map((span) => span.name)).to.deep.equal(['policy Reject Tool Call']);
      expect(verdicts[0]!.attributes).to.include({ 'hedera_agent_hooks.policy.blocked': true, 'hedera_agent_hooks.stage': 'preToolExecution' });
    });
  });

  describe('when a policy in report mode would have blocked the call', () => {
    it('marks its span report_only beside its verdict, and the call executes, not blocked', async () => {
      const kit = await kitWith([reportOnly(new RejectToolPolicy(['transfer_hbar_tool']))]);
      const result = await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 1 });
      expect(result.raw.status).to.equal('SUCCESS');
      const call = otel.span('execute_tool transfer_hbar_tool');
      expect(call.attributes['hedera_agent_hooks.outcome']).to.equal('executed');
      const verdict = otel.span('policy Reject Tool Call');
      expect(verdict.attributes).to.include({ 'hedera_agent_hooks.policy.blocked': true, 'hedera_agent_hooks.policy.report_only': true });
      expect(verdict.status.code).to.not.equal(SpanStatusCode.ERROR);
    });
  });

  describe('when the tool fails', () => {
    it('records the failure as a span error on the call and on the step, without the message unless recordParams, and never the key', async () => {
      const key = suite.net.operatorKey.toStringRaw();
      const kit = await kitWith([]);
      const result = await kit.execute('failing_tool', { memo: 'x' });
      await kit.close();
      expect(result.raw.status).to.equal('ERROR');
      const call = otel.span('execute_tool failing_tool');
      expect(call.status.code).to.equal(SpanStatusCode.ERROR);
      expect(call.attributes).to.include({ 'hedera_agent_hooks.outcome': 'failed' });
      expect(call.attributes['error.type']).to.be.a('string');
      const exception = call.events.find((event) => event.name === 'exception')!;
      expect(exception.attributes!['exception.message']).to.equal('Error at coreAction (message withheld: telemetry.recordParams is off)');
      const coreStep = otel.span('stage coreAction');
      expect(coreStep.status.code).to.equal(SpanStatusCode.ERROR);

      otel.exporter.reset();
      const recording = await kitWith([], { recordParams: true });
      await recording.execute('failing_tool', { memo: 'x' });
      await recording.close();
      const shown = otel.span('execute_tool failing_tool').events.find((event) => event.name === 'exception')!;
      expect(shown.attributes!['exception.message']).to.include('could not build with key');
      expect(JSON.stringify(otel.spans().map((span) => [span.attributes, span.events]))).to.not.include(key);
    });
  });

  describe('when a call needs an approval', () => {
    it('shows the approval as a policy span under postParamsNormalization, and the call as executed', async () => {
      const asked: string[] = [];
      const approval = new ApprovalPolicy({ when: { tools: ['transfer_hbar_tool'] }, approver: (request) => (asked.push(request.tool), true) });
      const kit = await kitWith([approval]);
      const result = await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 13 });
      await kit.close();
      expect(result.raw.status).to.equal('SUCCESS');
      expect(asked).to.deep.equal(['transfer_hbar_tool']);

      const call = otel.span('execute_tool transfer_hbar_tool');
      expect(call.attributes['hedera_agent_hooks.outcome']).to.equal('executed');
      const step = otel.childrenOf(call).find((span) => span.name === 'stage postParamsNormalization')!;
      const verdicts = otel.childrenOf(step);
      expect(verdicts.map((span) => span.name)).to.deep.equal(['policy Approval Policy']);
      expect(verdicts[0]!.attributes['hedera_agent_hooks.policy.blocked']).to.equal(false);
    });
  });
});
