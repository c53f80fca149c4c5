import { TopicId, type Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { checkAuditTopic, HcsDelivery, type DeliveryStrategy } from '../audit/index.js';
import { ErrorCode, messageOf, parseArgs, type ArgName } from '../errors/index.js';
import { checkedTools } from '../listeners/seed-listeners.js';
import { MAX_TIMER_MS, millisecondsSchema } from '../values/value-schemas.js';
import { AuditRefusal, AuditTrailBase, ownAuditOptions } from './audit-trail-base.js';
import { auditOptionsSchema, auditTrailOptionsShape, loggingClientSchema, relevantToolsSchema, topicIdSchema, type AuditTrailOptions } from './audit-trail-options.js';

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
const hcsOptionsShape = {
  checkTopic: z.boolean({ error: 'true or false' }).optional(),
  topicCheckTimeoutMs: millisecondsSchema(1, MAX_TIMER_MS, `a positive number of milliseconds up to ${MAX_TIMER_MS}`).optional(),
} satisfies Record<Exclude<keyof HcsAuditTrailOptions, keyof AuditTrailOptions>, z.ZodType>;

const ARG_NAMES: readonly ArgName[] = ['relevantTools', 'hcsTopicId', 'loggingClient', { bare: 'options' }];

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
  /**
   * The constructor's arguments as a schema: the constructor validates with it, and a configuration
   * file's `args` for this hook are checked against its JSON Schema.
   */
  static readonly configArgs = z.tuple([
    relevantToolsSchema,
    topicIdSchema(),
    loggingClientSchema.optional(),
    auditOptionsSchema({ ...auditTrailOptionsShape, ...hcsOptionsShape }).optional(),
  ]);

  override name = 'HCS Audit Trail Hook';
  // The mode names are in the Hedera Agent Kit's description of this hook, which its users match on.
  override description =
    'Records every outcome of the listed tools on an HCS topic, durably and without waiting for consensus. ' +
    'Supported in AgentMode.AUTONOMOUS and AgentMode.CUSTOM_EXECUTE_TX; refuses RETURN_BYTES and CUSTOM_RETURN_BYTES modes.';
  private readonly topic: TopicId;
  /** The check in progress or passed; cleared when it fails, so a later call asks again. */
  private topicCheck: Promise<void> | undefined;

  constructor(relevantTools: string[], hcsTopicId: string, loggingClient?: Client, options: HcsAuditTrailOptions = {}) {
    // The seed listeners' check first: its code (E_INVALID_LISTENER) and wording are shared with the policies.
    const tools = checkedTools(relevantTools, 'HcsAuditTrailHook');
    const own = ownAuditOptions(options) as HcsAuditTrailOptions;
    parseArgs('HcsAuditTrailHook', HcsAuditTrailHook.configArgs, [tools, hcsTopicId, loggingClient, own], ARG_NAMES);
    const topic = TopicId.fromString(hcsTopicId);
    super([...tools], { label: 'HcsAuditTrailHook', file: `hcs-${topic.toString()}.jsonl` }, loggingClient, own);
    this.topic = topic;
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

// A built-in guard: a plugin cannot patch its methods after this package loaded.
Object.freeze(HcsAuditTrailHook.prototype);
