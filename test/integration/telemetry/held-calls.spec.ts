import { expect } from 'chai';
import { SpanStatusCode } from '@opentelemetry/api';
import type { DataPoint, MetricData } from '@opentelemetry/sdk-metrics';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { ApprovalPolicy, RecipientAllowlistPolicy, anyOf } from '../../../src/policies/index.js';
import { MemoryApprovalStore } from '../../../src/policies/approvals/memory-approval-store.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';
import { createThresholdTreasury } from '../../support/threshold-treasury.js';
import { CORE_PLUGINS } from '../plugins/core-plugins-world.js';
import { devnetSuite } from '../../support/devnet-suite.js';
import { openOtelWorld, type OtelWorld } from '../../support/otel-world.js';

function point<T>(metric: MetricData | undefined, attributes: Record<string, unknown> = {}): DataPoint<T> | undefined {
  if (!metric) throw new Error('metric not collected');
  return (metric.dataPoints as DataPoint<T>[]).find((data) => Object.entries(attributes).every(([key, value]) => data.attributes[key] === value));
}

/** A memory store that counts how often the gauge lists it. */
function countedStore(): { store: MemoryApprovalStore; reads: () => number } {
  const store = new MemoryApprovalStore();
  let reads = 0;
  const listPending = store.listPending.bind(store);
  Object.defineProperty(store, 'listPending', { value: () => (reads++, listPending()) });
  return { store, reads: () => reads };
}

describe('telemetry: calls held for approval, with the real OpenTelemetry SDK', () => {
  const suite = devnetSuite();
  let otel: OtelWorld;
  let recipient: string;

  before(async () => {
    recipient = (await suite.net.createAccount({ hbar: 1 })).accountId;
  });

  beforeEach(() => (otel = openOtelWorld()));
  afterEach(() => otel.close());

  const kitWith = (hooks: unknown[], telemetry: object = {}) =>
    createAgentKit({ client: suite.client, pluginsDir: null, plugins: [transferPlugin()], context: { hooks }, telemetry: { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider, ...telemetry } });
  const pendingGauge = async (): Promise<number | undefined> => point<number>((await otel.reader.metrics()).get('hedera_agent_hooks.approvals.pending'))?.value;

  describe('when a deferred approval holds a call', () => {
    it('ends the call as held: no error.type, the span status unset, the policy and the request named, counted as held and not as a block', async () => {
      const kit = await kitWith([new ApprovalPolicy({ when: { tools: ['transfer_hbar_tool'] }, wait: 'deferred' })]);
      const result = await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 21 });
      expect(result.raw.status).to.equal('PENDING_APPROVAL');
      const requestId = result.raw.approvalRequestId;
      expect(requestId).to.be.a('string');

      const call = otel.span('execute_tool transfer_hbar_tool');
      expect(call.attributes).to.include({
        'hedera_agent_hooks.outcome': 'held',
        'hedera_agent_hooks.result.status': 'PENDING_APPROVAL',
        'hedera_agent_hooks.held_by.policy': 'Approval Policy',
        'hedera_agent_hooks.held_by.stage': 'postParamsNormalization',
        'hedera_agent_hooks.approval.request_id': requestId,
      });
      expect(call.attributes).to.not.have.property('error.type');
      expect(call.attributes).to.not.have.property('hedera_agent_hooks.blocked_by.policy');
      expect(call.status.code).to.equal(SpanStatusCode.UNSET);
      expect(call.events.filter((event) => event.name === 'exception')).to.deep.equal([]);

      const metrics = await otel.reader.metrics();
      expect(point<number>(metrics.get('hedera_agent_hooks.calls'), { 'hedera_agent_hooks.outcome': 'held' })?.value).to.equal(1);
      expect(point<number>(metrics.get('hedera_agent_hooks.calls'), { 'hedera_agent_hooks.outcome': 'unknown' })).to.equal(undefined);
      expect(metrics.get('hedera_agent_hooks.blocks')?.dataPoints ?? []).to.deep.equal([]);
      await kit.close();
    });

    it('counts the request waiting in its store on the approvals-pending gauge, reading the store on collection at most once per approvalsRefreshMs and never per call', async () => {
      const { store, reads } = countedStore();
      const kit = await kitWith([new ApprovalPolicy({ when: { tools: ['transfer_hbar_tool'] }, wait: 'deferred', store })], { approvalsRefreshMs: 60_000, traces: false });
      const held = await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 22 });
      await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 23 });
      expect(reads()).to.equal(0);
      expect(await pendingGauge()).to.equal(2);
      expect(reads()).to.equal(1);
      // A denial inside the refresh interval shows at the next read, not before: the count is cached.
      await store.decide(held.raw.approvalRequestId as string, { approver: 'ops', approve: false, reason: 'not today' });
      expect(await pendingGauge()).to.equal(2);
      expect(reads()).to.equal(1);
      await kit.close();
    });

    it('drops the request from the gauge once it is decided, when the stores are read on every collection', async () => {
      const store = new MemoryApprovalStore();
      const kit = await kitWith([new ApprovalPolicy({ when: { tools: ['transfer_hbar_tool'] }, wait: 'deferred', store })], { approvalsRefreshMs: 0, traces: false });
      const held = await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 24 });
      expect(await pendingGauge()).to.equal(1);
      await store.decide(held.raw.approvalRequestId as string, { approver: 'ops', approve: false, reason: 'not today' });
      expect(await pendingGauge()).to.equal(0);
      await kit.close();
    });
  });

  describe('when the ledger approves and the schedule awaits signatures', () => {
    it('counts the request on the approvals-pending gauge while it is scheduled', async () => {
      const { treasury, publicKeys } = await createThresholdTreasury(suite.client, ['ED25519', 'ECDSA', 'ED25519']);
      const approval = new ApprovalPolicy({ when: { hbarAbove: 5 }, via: 'schedule', quorum: { required: 2, of: publicKeys } });
      const kit = await createAgentKit({
        client: suite.client,
        pluginsDir: null,
        plugins: CORE_PLUGINS,
        mirrorNodeUrl: suite.net.mirrorUrl,
        context: { hooks: [approval] },
        telemetry: { meterProvider: otel.meterProvider, traces: false, approvalsRefreshMs: 0 },
      });
      try {
        expect(await pendingGauge()).to.equal(0);
        const result = await kit.execute('transfer_hbar_tool', { sourceAccountId: treasury, transfers: [{ accountId: recipient, amount: 10 }] });
        expect(result.raw, result.humanMessage).to.include({ scheduled: true, awaitingApproval: true });
        expect((await approval.approvalStore.get(String(result.raw.approvalRequestId)))!.state).to.equal('scheduled');
        expect(await pendingGauge()).to.equal(1);
      } finally {
        await kit.close();
      }
    });
  });

  describe('when an in-call approval inside a combination is waiting for its approver', () => {
    it('counts it on the gauge while the approver has not answered, and not once it has', async () => {
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
      const kit = await kitWith([anyOf(new RecipientAllowlistPolicy(['0.0.7']), approval)], { traces: false });
      const call = kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 25 });
      await askedYet;
      expect(await pendingGauge()).to.equal(1);
      answer(true);
      expect((await call).raw.status).to.equal('SUCCESS');
      expect(await pendingGauge()).to.equal(0);
      await kit.close();
    });
  });
});
