import { TopicId, type Client } from '@hiero-ledger/sdk';
import { HcsDelivery } from '../audit/hcs-delivery.js';
import type { DeliveryStrategy } from '../audit/delivery-strategy.js';
import { invalidArgument } from '../lifecycle/errors.js';
import { AuditTrailBase, type AuditTrailOptions } from './audit-trail-base.js';

/**
 * Audits calls to `relevantTools` on an HCS topic: executed, blocked and failed calls alike, as
 * versioned JSON entries (see docs/hooks-and-policies.md). Each entry is journaled to disk (fsync)
 * before the call returns and published in the background, several per message when they fit.
 * Refuses RETURN_BYTES and CUSTOM_RETURN_BYTES modes.
 *
 * The client it submits with is `loggingClient`, else the kit's AUDIT_CLIENT, else the operator.
 *
 * @example
 * const auditHook = new HcsAuditTrailHook(['transfer_hbar_tool'], '0.0.12345', undefined, { journalDir: '/var/lib/agent/audit' });
 * const kit = await createAgentKit({ client, context: { hooks: [auditHook] } });
 * // … calls …
 * await kit.close(); // flushes; kit.audit.pending() says what is left
 */
export class HcsAuditTrailHook extends AuditTrailBase {
  override name = 'HCS Audit Trail Hook';
  override description = 'Records every outcome of the listed tools on an HCS topic, durably and without waiting for consensus.';
  private readonly topic: TopicId;

  constructor(relevantTools: string[], hcsTopicId: string, loggingClient?: Client, options: AuditTrailOptions = {}) {
    const topic = parseTopicId(hcsTopicId, 'HcsAuditTrailHook', 'hcsTopicId');
    super(relevantTools, { label: 'HcsAuditTrailHook', file: `hcs-${topic.toString()}.jsonl` }, loggingClient, options);
    this.topic = topic;
  }

  protected get topicId(): TopicId {
    return this.topic;
  }

  protected delivery(): DeliveryStrategy {
    return new HcsDelivery(this.topic);
  }
}

/** A topic ID as `shard.realm.num`; anything else is refused with what was given. */
export function parseTopicId(value: unknown, owner: string, field: string): TopicId {
  if (typeof value !== 'string' || !/^\d+\.\d+\.\d+$/.test(value)) {
    throw invalidArgument(`${owner}: ${field} must be a topic ID like "0.0.12345" (shard.realm.num, no checksum), got ${JSON.stringify(value)}.`);
  }
  return TopicId.fromString(value);
}

// A built-in guard: a plugin cannot patch its methods after this package loaded.
Object.freeze(HcsAuditTrailHook.prototype);
