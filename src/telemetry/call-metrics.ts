import type * as Otel from '@opentelemetry/api';
import { kitAudit } from '../audit/index.js';
import type { BlockedBy } from '../lifecycle/tool-result.js';
import { ATTR, METRIC } from './attribute-names.js';
import type { CallOutcomeName } from './call-outcome-name.js';
import { PendingApprovals } from './pending-approvals.js';

/**
 * A kit's instruments. Counters and histograms are written as calls end; the gauges (approvals
 * pending, audit entries not yet on the topic) are read from the kit's own hooks and policies (and
 * the approval stores, at most once per `approvalsRefreshMs`) when a reader collects, so they cost
 * nothing between collections.
 */
export class CallMetrics {
  private readonly calls: Otel.Counter;
  private readonly callDuration: Otel.Histogram;
  private readonly blocks: Otel.Counter;
  private readonly wouldBlocks: Otel.Counter;
  private readonly policyDuration: Otel.Histogram;
  private readonly deliveryDuration: Otel.Histogram;
  private readonly gauges: Otel.Observable[];
  private readonly observeGauges: Otel.BatchObservableCallback;

  constructor(private readonly meter: Otel.Meter, owned: () => readonly object[], approvalsRefreshMs: number) {
    this.calls = meter.createCounter(METRIC.calls, { description: 'Tool calls, by tool and outcome', unit: '{call}' });
    this.callDuration = meter.createHistogram(METRIC.callDuration, { description: 'How long a tool call took, by tool and outcome', unit: 's' });
    this.blocks = meter.createCounter(METRIC.blocks, { description: 'Calls a policy blocked, by policy and stage', unit: '{call}' });
    this.wouldBlocks = meter.createCounter(METRIC.wouldBlocks, { description: 'Blocks of policies in report mode: calls they would have blocked and let go on, by policy and stage', unit: '{call}' });
    this.policyDuration = meter.createHistogram(METRIC.policyDuration, { description: 'How long a policy took to give its verdict', unit: 's' });
    this.deliveryDuration = meter.createHistogram(METRIC.auditDeliveryDuration, { description: 'How long a batch of audit entries took to reach the topic, from its first attempt', unit: 's' });
    const approvals = meter.createObservableGauge(METRIC.approvalsPending, {
      description: 'Approvals asked for and not yet answered: in a call now, deferred, or a schedule awaiting signatures',
      unit: '{approval}',
    });
    const unsettled = meter.createObservableGauge(METRIC.auditUnsettled, { description: 'Audit entries journaled and not yet on the topic, with intents of a crashed run not yet settled', unit: '{entry}' });
    this.gauges = [approvals, unsettled];
    const audit = kitAudit(owned);
    const pendingApprovals = new PendingApprovals(owned, approvalsRefreshMs);
    this.observeGauges = async (result) => {
      result.observe(approvals, await pendingApprovals.count());
      let backlog = 0;
      for (const status of audit.pending()) backlog += status.undelivered + (status.unsettled ?? 0);
      result.observe(unsettled, backlog);
    };
    meter.addBatchObservableCallback(this.observeGauges, this.gauges);
  }

  called(tool: string, outcome: CallOutcomeName, seconds: number, blockedBy: BlockedBy | undefined): void {
    const attributes = { [ATTR.toolName]: tool, [ATTR.outcome]: outcome };
    this.calls.add(1, attributes);
    this.callDuration.record(seconds, attributes);
    if (blockedBy) this.blocks.add(1, { [ATTR.toolName]: tool, [ATTR.blockedPolicy]: blockedBy.policy, [ATTR.blockedStage]: blockedBy.stage });
  }

  /** A policy in report mode would have blocked a call of `tool`, which went on. */
  wouldHaveBlocked(tool: string, policy: string, stage: string): void {
    this.wouldBlocks.add(1, { [ATTR.toolName]: tool, [ATTR.blockedPolicy]: policy, [ATTR.blockedStage]: stage });
  }

  judged(policy: string, stage: string, blocked: boolean, seconds: number): void {
    this.policyDuration.record(seconds, { [ATTR.policy]: policy, [ATTR.stage]: stage, [ATTR.policyBlocked]: blocked });
  }

  delivered(seconds: number): void {
    this.deliveryDuration.record(seconds);
  }

  close(): void {
    this.meter.removeBatchObservableCallback(this.observeGauges, this.gauges);
  }
}
