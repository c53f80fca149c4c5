import { TopicId, TopicInfoQuery, type Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { type DeliveryStrategy, isIndexedRegistryMemo, HolDelivery } from '../audit/index.js';
import { ErrorCode, invalidArgument, messageOf, parseArgs, type ArgName } from '../errors/index.js';
import { checkedTools } from '../listeners/seed-listeners.js';
import { AuditRefusal, AuditTrailBase, ownAuditOptions } from './audit-trail-base.js';
import { auditOptionsSchema, auditTrailOptionsShape, loggingClientSchema, relevantToolsSchema, topicIdSchema, type AuditTrailOptions } from './audit-trail-options.js';

/**
 * A HOL batch costs a topic creation, its chunks and a register, against one message for an HCS
 * batch, so waiting longer for company pays off more: twice the HCS hook's linger (at ten calls a
 * second about forty entries share a file).
 */
export const HOL_DEFAULT_LINGER_MS = 4_000;

/** Options of {@link HolAuditTrailHook}: the Hedera Agent Kit's three plus the journal options. */
export interface HolAuditTrailOptions extends AuditTrailOptions {
  relevantTools: string[];
  /** The session topic: an indexed HCS-2 registry (memo `hcs-2:0:<ttl>`). */
  sessionId: string;
  loggingClient?: Client;
}

/** The options only this hook takes, besides the shared audit options. */
const holOptionsShape = {
  relevantTools: relevantToolsSchema,
  sessionId: topicIdSchema('a valid Hedera topic ID in format 0.0.xxx (shard.realm.num, no checksum)'),
  loggingClient: loggingClientSchema.optional(),
} satisfies Record<Exclude<keyof HolAuditTrailOptions, keyof AuditTrailOptions>, z.ZodType>;

const ARG_NAMES: readonly ArgName[] = [{ bare: 'options' }];

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
  /**
   * The constructor's argument as a schema: the constructor validates with it, and a configuration
   * file's `args` for this hook are checked against its JSON Schema.
   */
  static readonly configArgs = z.tuple([auditOptionsSchema({ ...holOptionsShape, ...auditTrailOptionsShape }, "{ relevantTools: ['*'], sessionId: '0.0.12345' }")]);

  override name = 'HOL Audit Trail Hook';
  // "HOL-standards-compliant" and the mode names are in the Hedera Agent Kit's description of this hook, which its users match on.
  override description =
    'Records every outcome of the listed tools as a HOL-standards-compliant audit trail: HCS-1 files registered on an HCS-2 session topic. ' +
    'Supported in AgentMode.AUTONOMOUS and AgentMode.CUSTOM_EXECUTE_TX; refuses RETURN_BYTES and CUSTOM_RETURN_BYTES modes.';
  private readonly session: TopicId;
  private sessionChecked = false;

  constructor(given: HolAuditTrailOptions) {
    if (!given || typeof given !== 'object') throw invalidArgument('HolAuditTrailHook needs an options object: { relevantTools, sessionId, loggingClient?, journalDir? }.', [0]);
    // Own properties only, so nothing set on Object.prototype can stand in for one.
    const options = ownAuditOptions(given) as HolAuditTrailOptions;
    if (typeof options.sessionId !== 'string' || !/^\d+\.\d+\.\d+$/.test(options.sessionId)) {
      // The Hedera Agent Kit's wording, which its users match on; the schema says the same for the rest.
      throw invalidArgument(`HolAuditTrailHook: sessionId must be a valid Hedera topic ID in format 0.0.xxx (shard.realm.num, no checksum), got ${JSON.stringify(options.sessionId)}.`, [0, 'sessionId']);
    }
    // The seed listeners' check first: its code (E_INVALID_LISTENER) and wording are shared with the policies.
    const tools = checkedTools(options.relevantTools, 'HolAuditTrailHook');
    parseArgs('HolAuditTrailHook', HolAuditTrailHook.configArgs, [options], ARG_NAMES);
    const session = TopicId.fromString(options.sessionId);
    super([...tools], { label: 'HolAuditTrailHook', file: `hol-${session.toString()}.jsonl`, lingerMs: HOL_DEFAULT_LINGER_MS }, options.loggingClient, options);
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
