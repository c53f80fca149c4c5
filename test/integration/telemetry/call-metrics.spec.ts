import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TopicCreateTransaction } from '@hiero-ledger/sdk';
import type { DataPoint, Histogram, MetricData } from '@opentelemetry/sdk-metrics';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { ApprovalPolicy, RejectToolPolicy } from '../../../src/policies/index.js';
import { reportOnly } from '../../../src/index.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';
import { devnetSuite } from '../../support/devnet-suite.js';
import { openOtelWorld, type OtelWorld } from '../../support/otel-world.js';

/** The data point of `metric` whose attributes include `attributes`. */
function point<T>(metric: MetricData | undefined, attributes: Record<string, unknown> = {}): DataPoint<T> | undefined {
  if (!metric) throw new Error('metric not collected');
  return (metric.dataPoints as DataPoint<T>[]).find((data) => Object.entries(attributes).every(([key, value]) => data.attributes[key] === value));
}

describe('telemetry: metrics through a real metric reader', () => {
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
    journalDir = mkdtempSync(join(tmpdir(), 'otel-metrics-'));
  });

  afterEach(async () => {
    await otel.close();
    rmSync(journalDir, { recursive: true, force: true });
  });

  it('counts calls by tool and outcome, blocks by policy and stage, and times each policy verdict', async () => {
    const kit = await createAgentKit({
      client: suite.client,
      pluginsDir: null,
      plugins: [transferPlugin('transfer_hbar_tool', 'delete_account_tool')],
      context: { hooks: [new RejectToolPolicy(['delete_account_tool'])] },
      telemetry: { meterProvider: otel.meterProvider, traces: false },
    });
    await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 1 });
    await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 2 });
    await kit.execute('delete_account_tool', { to: recipient, tinybars: 3 });
    await kit.close();

    const metrics = await otel.reader.metrics();
    const calls = metrics.get('hedera_agent_hooks.calls');
    expect(point<number>(calls, { 'gen_ai.tool.name': 'transfer_hbar_tool', 'hedera_agent_hooks.outcome': 'executed' })?.value).to.equal(2);
    expect(point<number>(calls, { 'gen_ai.tool.name': 'delete_account_tool', 'hedera_agent_hooks.outcome': 'blocked' })?.value).to.equal(1);
    const blocks = metrics.get('hedera_agent_hooks.blocks');
    expect(point<number>(blocks, { 'hedera_agent_hooks.blocked_by.policy': 'Reject Tool Call', 'hedera_agent_hooks.blocked_by.stage': 'preToolExecution' })?.value).to.equal(1);
    const verdicts = point<Histogram>(metrics.get('hedera_agent_hooks.policy.duration'), { 'hedera_agent_hooks.policy.name': 'Reject Tool Call', 'hedera_agent_hooks.policy.blocked': true });
    expect(verdicts?.value.count).to.equal(1);
    expect(point<Histogram>(metrics.get('hedera_agent_hooks.call.duration'), { 'gen_ai.tool.name': 'transfer_hbar_tool' })?.value.count).to.equal(2);
  });

  it('counts the would-blocks of a policy in report mode by policy and stage, and its calls as executed', async () => {
    const kit = await createAgentKit({
      client: suite.client,
      pluginsDir: null,
      plugins: [transferPlugin('transfer_hbar_tool')],
      context: { hooks: [reportOnly(new RejectToolPolicy(['transfer_hbar_tool']))] },
      telemetry: { meterProvider: otel.meterProvider, traces: false },
    });
    await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 1 });
    await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 2 });
    expect(kit.wouldBlockCounts()).to.deep.equal({ 'Reject Tool Call': 2 });
    await kit.close();

    const metrics = await otel.reader.metrics();
    const wouldBlocks = metrics.get('hedera_agent_hooks.would_blocks');
    expect(point<number>(wouldBlocks, { 'gen_ai.tool.name': 'transfer_hbar_tool', 'hedera_agent_hooks.blocked_by.policy': 'Reject Tool Call', 'hedera_agent_hooks.blocked_by.stage': 'preToolExecution' })?.value).to.equal(2);
    expect(point<number>(metrics.get('hedera_agent_hooks.calls'), { 'gen_ai.tool.name': 'transfer_hbar_tool', 'hedera_agent_hooks.outcome': 'executed' })?.value).to.equal(2);
    expect(metrics.get('hedera_agent_hooks.blocks')?.dataPoints ?? []).to.deep.equal([]);
  });

  it('reports approvals pending while an approver has not answered, and none once it has', async () => {
    let answer!: (approved: boolean) => void;
    let asked!: () => void;
    const askedYet = new Promise<void>((resolve) => (asked = resolve));
    const approval = new ApprovalPolicy({
      when: { tools: ['transfer_hbar_tool'] },
      approver: () => {
        asked();
        return new Promise<boolean>((settle) => (answer = settle));
      },
    });
    const kit = await createAgentKit({ client: suite.client, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [approval] }, telemetry: { meterProvider: otel.meterProvider, traces: false } });
    const call = kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 4 });
    await askedYet;
    expect(point<number>((await otel.reader.metrics()).get('hedera_agent_hooks.approvals.pending'))?.value).to.equal(1);
    answer(true);
    expect((await call).raw.status).to.equal('SUCCESS');
    expect(point<number>((await otel.reader.metrics()).get('hedera_agent_hooks.approvals.pending'))?.value).to.equal(0);
    await kit.close();
  });

  it('reports audit entries not yet on the topic, and how long delivery took once they are', async () => {
    const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], topicId, undefined, { journalDir, lingerMs: 60_000 });
    const kit = await createAgentKit({ client: suite.client, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [hook] }, telemetry: { meterProvider: otel.meterProvider, traces: false } });
    await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 5 });
    await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 6 });
    expect(point<number>((await otel.reader.metrics()).get('hedera_agent_hooks.audit.unsettled'))?.value).to.equal(2);
    await kit.audit.flush(10_000);
    const metrics = await otel.reader.metrics();
    expect(point<number>(metrics.get('hedera_agent_hooks.audit.unsettled'))?.value).to.equal(0);
    expect(point<Histogram>(metrics.get('hedera_agent_hooks.audit.delivery.duration'))?.value.count).to.be.greaterThan(0);
    await kit.close();
  });
});
