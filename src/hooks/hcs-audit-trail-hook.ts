import { TopicId, type Client } from '@hiero-ledger/sdk';
import { checkAuditTopic, HcsDelivery, type DeliveryStrategy } from '../audit/index.js';
import { ErrorCode, invalidArgument, messageOf } from '../errors/index.js';
import { AuditRefusal, AuditTrailBase, type AuditTrailOptions } from './audit-trail-base.js';

/** Options of {@link HcsAuditTrailHook}: the journal options plus the start-up topic check. */
export interface HcsAuditTrailOptions extends AuditTrailOptions {
  /**
   * `false` skips the check that the topic exists and the logging client may submit to it (default
   * `true`), e.g. to start while the network is down: entries are journaled and go out once it
   * answers. Without delivery (`deliver: false`) nothing is checked, as nothing is sent.
   */
  checkTopic?: boolean;
  /** How long that check waits for the network before refusing, in ms (default 10000). */
  topicCheckTimeoutMs?: number;
}

/** The options only this hook takes, besides the shared audit options. */
const HCS_OPTION_KEYS = Object.keys({ checkTopic: true, topicCheckTimeoutMs: true } satisfies Record<Exclude<keyof HcsAuditTrailOptions, keyof AuditTrailOptions>, true>);

/**
 * Audits calls to `relevantTools` on an HCS topic: executed, blocked and failed calls alike, as
 * versioned JSON entries (see docs/hooks-and-policies.md). Each entry is journaled to disk (fsync)
 * before the call returns and published in the background, several per message when they fit.
 * Refuses RETURN_BYTES and CUSTOM_RETURN_BYTES modes.
 *
 * When the kit starts (and before the first call, outside a kit), before any journal file is made,
 * it checks that the topic exists and that the logging client may submit to it; a kit whose topic
 * fails, or whose network does not answer, refuses to start with what was wrong and what to do.
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
  // The mode names are in the Hedera Agent Kit's description of this hook, which its users match on.
  override description =
    'Records every outcome of the listed tools on an HCS topic, durably and without waiting for consensus. ' +
    'Supported in AgentMode.AUTONOMOUS and AgentMode.CUSTOM_EXECUTE_TX; refuses RETURN_BYTES and CUSTOM_RETURN_BYTES modes.';
  private readonly topic: TopicId;
  /** The check in progress or passed; cleared when it fails, so a later call asks again. */
  private topicCheck: Promise<void> | undefined;

  constructor(relevantTools: string[], hcsTopicId: string, loggingClient?: Client, options: HcsAuditTrailOptions = {}) {
    const topic = parseTopicId(hcsTopicId, 'HcsAuditTrailHook', 'hcsTopicId');
    super(relevantTools, { label: 'HcsAuditTrailHook', file: `hcs-${topic.toString()}.jsonl`, options: HCS_OPTION_KEYS }, loggingClient, options);
    this.topic = topic;
    const { checkTopic, topicCheckTimeoutMs } = this.options as HcsAuditTrailOptions;
    if (checkTopic !== undefined && typeof checkTopic !== 'boolean') throw invalidArgument(`HcsAuditTrailHook: checkTopic must be true or false, got ${JSON.stringify(checkTopic)}.`);
    if (topicCheckTimeoutMs !== undefined && !(Number.isFinite(topicCheckTimeoutMs) && topicCheckTimeoutMs > 0 && topicCheckTimeoutMs <= 2 ** 31 - 1)) {
      throw invalidArgument(`HcsAuditTrailHook: topicCheckTimeoutMs must be a positive number of milliseconds, got ${String(topicCheckTimeoutMs)}.`);
    }
  }

  /** Checks the topic once it passed; refusals are not themselves audited (nothing may go to that topic). */
  protected override async beforeFirstCall(): Promise<void> {
    const { checkTopic, topicCheckTimeoutMs, deliver } = this.options as HcsAuditTrailOptions;
    if (checkTopic === false || deliver === false) return;
    this.topicCheck ??= checkAuditTopic(this.topic, this.client, 'HcsAuditTrailHook', topicCheckTimeoutMs).catch((error: unknown) => {
      this.topicCheck = undefined;
      throw new AuditRefusal(ErrorCode.INVALID_ARGUMENT, messageOf(error));
    });
    await this.topicCheck;
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
