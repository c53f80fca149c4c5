import { TopicInfoQuery, type Client, type TopicId } from '@hiero-ledger/sdk';
import { type DeliveryStrategy, isIndexedRegistryMemo, HolDelivery } from '../audit/index.js';
import { ErrorCode, invalidArgument, messageOf } from '../errors/index.js';
import { ownOptions } from '../lifecycle/primordials.js';
import { AuditRefusal, AuditTrailBase, type AuditTrailOptions } from './audit-trail-base.js';
import { parseTopicId } from './hcs-audit-trail-hook.js';

/**
 * A HOL batch costs a topic creation, its chunks and a register, against one message for an HCS
 * batch, so waiting longer for company pays off more: at ten calls a second about ten entries share
 * a file.
 */
export const HOL_DEFAULT_LINGER_MS = 1_000;

/** Options of {@link HolAuditTrailHook}: the Hedera Agent Kit's three plus the journal options. */
export interface HolAuditTrailOptions extends AuditTrailOptions {
  relevantTools: string[];
  /** The session topic: an indexed HCS-2 registry (memo `hcs-2:0:<ttl>`). */
  sessionId: string;
  loggingClient?: Client;
}

/** The options only this hook takes, besides the shared audit options. */
const HOL_OPTION_KEYS = Object.keys({ relevantTools: true, sessionId: true, loggingClient: true } satisfies Record<Exclude<keyof HolAuditTrailOptions, keyof AuditTrailOptions>, true>);

/**
 * Audits calls as HOL standards: each entry becomes an HCS-1 file (its own topic) registered on the
 * HCS-2 session topic once every chunk has landed. Same durability and outcomes as
 * HcsAuditTrailHook. The session topic's memo is checked before the first audited call; a topic
 * that is not an indexed registry (`hcs-2:0:<ttl>`) fails that call before anything is built.
 *
 * @example
 * const holAuditHook = new HolAuditTrailHook({ relevantTools: ['transfer_hbar_tool'], sessionId: '0.0.12345' });
 */
export class HolAuditTrailHook extends AuditTrailBase {
  override name = 'HOL Audit Trail Hook';
  // "HOL-standards-compliant" and the mode names are in the Hedera Agent Kit's description of this hook, which its users match on.
  override description =
    'Records every outcome of the listed tools as a HOL-standards-compliant audit trail: HCS-1 files registered on an HCS-2 session topic. ' +
    'Supported in AgentMode.AUTONOMOUS and AgentMode.CUSTOM_EXECUTE_TX; refuses RETURN_BYTES and CUSTOM_RETURN_BYTES modes.';
  private readonly session: TopicId;
  private sessionChecked = false;

  constructor(given: HolAuditTrailOptions) {
    if (!given || typeof given !== 'object') throw invalidArgument('HolAuditTrailHook needs an options object: { relevantTools, sessionId, loggingClient?, journalDir? }.');
    // Own properties only, so nothing set on Object.prototype can stand in for one.
    const options = ownOptions(given);
    if (typeof options.sessionId !== 'string' || !/^\d+\.\d+\.\d+$/.test(options.sessionId)) {
      // The Hedera Agent Kit's wording, which its users match on.
      throw invalidArgument(`HolAuditTrailHook: sessionId must be a valid Hedera topic ID in format 0.0.xxx (shard.realm.num, no checksum), got ${JSON.stringify(options.sessionId)}.`);
    }
    const session = parseTopicId(options.sessionId, 'HolAuditTrailHook', 'sessionId');
    super(options.relevantTools, { label: 'HolAuditTrailHook', file: `hol-${session.toString()}.jsonl`, lingerMs: HOL_DEFAULT_LINGER_MS, options: HOL_OPTION_KEYS }, options.loggingClient, options);
    this.session = session;
  }

  /** The session topic's ID, as the Hedera Agent Kit's hook reports it. */
  getSessionId(): string {
    return this.session.toString();
  }

  protected get topicId(): TopicId {
    return this.session;
  }

  protected delivery(): DeliveryStrategy {
    // Nothing is published, not even entries replayed from an earlier run, to a topic that fails the check.
    return new HolDelivery(this.session, () => this.beforeFirstCall());
  }

  /** Checks the session topic's memo once; refusals are not themselves audited. */
  protected override async beforeFirstCall(): Promise<void> {
    if (this.sessionChecked) return;
    let memo: string;
    try {
      memo = (await new TopicInfoQuery().setTopicId(this.session).execute(this.client)).topicMemo;
    } catch (error) {
      throw new AuditRefusal(ErrorCode.INVALID_ARGUMENT, `HolAuditTrailHook: could not read session topic ${this.session.toString()} to check its memo: ${messageOf(error)}`);
    }
    if (!isIndexedRegistryMemo(memo)) {
      throw new AuditRefusal(
        ErrorCode.INVALID_ARGUMENT,
        `HolAuditTrailHook: session topic ${this.session.toString()} has memo ${JSON.stringify(memo)}; an audit session must be an indexed HCS-2 registry with memo "hcs-2:0:<ttl>" (e.g. "hcs-2:0:0"). Create the topic with that memo.`,
      );
    }
    this.sessionChecked = true;
  }
}

// A built-in guard: a plugin cannot patch its methods after this package loaded.
Object.freeze(HolAuditTrailHook.prototype);
