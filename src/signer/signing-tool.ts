import { proto } from '@hiero-ledger/proto';
import { z } from 'zod';
import { BaseTool } from '../lifecycle/base-tool.js';
import type { ToolResult } from '../lifecycle/tool-result.js';
import { HBAR_DECIMALS } from '../policies/movement-amounts.js';
import { movement } from '../policies/transfer-lines.js';
import type { Movement } from '../values/movement.js';
import { allBodies, type DescribedBody, type InnerBody } from './described-body.js';
import { describeBody, describeSchedulable } from './describe-body.js';
import { accountOf } from './proto-values.js';
import { APPROVAL_DEADLINE } from '../policies/approvals/approval-deadline.js';

/** The pseudo-tool the signing judge runs its policies on. */
export const SIGN_TRANSACTION = 'sign_transaction';

/** The body a ScheduleSign completes, as the ledger holds it (ScheduleInfoQuery's answer). */
export interface ScheduledBodyOnLedger {
  /** The SchedulableTransactionBody: its bytes, or the protobuf object (`ScheduleInfo.scheduledTransactionBody`'s). */
  readonly body: Uint8Array | proto.ISchedulableTransactionBody;
  /** The account the schedule charges when it runs, `shard.realm.num`. */
  readonly payer: string;
}

/** One custom fee a topic charges per message (HIP-991). */
export interface TopicFee {
  /** `'HBAR'` or a token ID. */
  readonly asset: string;
  /** In the asset's smallest unit. */
  readonly amount: bigint;
}

/** What only the ledger can tell; the signer process answers with queries. Absent: bodies that need it are refused. */
export interface LedgerLookups {
  /** The body of schedule `scheduleId`; undefined when there is none (deleted, executed). */
  scheduleBody?(scheduleId: string): Promise<ScheduledBodyOnLedger | undefined>;
  /** The custom fees topic `topicId` charges a message (empty when none). */
  topicCustomFees?(topicId: string): Promise<readonly TopicFee[]>;
}

/** The signing call's normalised params: the body as described, who asked, and what it moves as judged. */
export interface SigningParams {
  readonly agent: string;
  readonly body: DescribedBody;
  /** Movements of every body judged for value (an allowed type's own movements left out). */
  readonly movements: readonly Movement[];
  /** When the body's valid window closes, in ms since the epoch: a signature after it is useless. */
  readonly validUntil: number;
  /**
   * The moment an approval of this body must be decided by (approval-deadline.ts): the window's
   * end less SUBMIT_MARGIN_MS, so an ApprovalPolicy holds the signature no longer than it can be used.
   */
  readonly [APPROVAL_DEADLINE]: number;
}

/** Time the agent needs, after the signature, to submit the transaction before its window closes. */
export const SUBMIT_MARGIN_MS = 10_000;

const input = z
  .object({
    bodyBase64: z.string().min(1).max(10_000_000),
    agent: z.string().min(1).max(256),
  })
  .strict();

/**
 * `sign_transaction`: a tool the model never sees, through which the judge runs this project's own
 * policies over a body it is asked to sign. Its normalised params are the described body (lookups
 * resolved on the ledger), its movements view returns the movements of the body and of every body
 * it carries, and its "execution" is the decision to sign: nothing is sent. A body of a type the
 * signer cannot judge, and not allowed by name, fails normalisation with why, so no policy counts it.
 */
export class SigningTool extends BaseTool<z.infer<typeof input>, SigningParams, SigningParams> {
  readonly method = SIGN_TRANSACTION;
  readonly name = 'Sign transaction';
  readonly description = 'The policy signer judging a transaction body it was asked to sign (not a tool for models).';
  readonly parameters = input;

  constructor(private readonly allowTypes: ReadonlySet<string>, private readonly lookups: LedgerLookups) {
    super();
  }

  async normalizeParams(params: z.infer<typeof input>): Promise<SigningParams> {
    const body = await this.resolved(describeBody(Buffer.from(params.bodyBase64, 'base64')));
    const movements: Movement[] = [];
    for (const each of allBodies(body)) {
      if (this.allowTypes.has(each.type)) continue;
      if (!each.known) throw new Error(`${each.unknownReason ?? `the signer cannot judge a ${each.type}`}; refused (allow the type by name to sign it without judging its value)`);
      movements.push(...each.movements);
    }
    const validUntil = validUntilOf(body);
    return Object.freeze({ agent: params.agent, body, movements: Object.freeze(movements), validUntil, [APPROVAL_DEADLINE]: validUntil - SUBMIT_MARGIN_MS });
  }

  override movements(params: SigningParams): readonly Movement[] {
    return params.movements;
  }

  coreAction(params: SigningParams): SigningParams {
    return params;
  }

  override shouldSecondaryAction(): boolean {
    return true;
  }

  /** The decision to sign, taken once every policy allowed it; the signature itself is the signer's. */
  override async secondaryAction(params: SigningParams): Promise<ToolResult> {
    // settlesLater: whether the transaction reaches consensus is known only after its valid window, so budgets stay reserved until the signer's settlement reads the mirror.
    return { raw: { status: 'SUCCESS', transactionId: params.body.transactionId, signed: true, settlesLater: true }, humanMessage: `signing ${params.body.type} ${params.body.transactionId}` };
  }

  /** The body with what the ledger holds filled in: a ScheduleSign's schedule body, a topic's custom fees. */
  private async resolved(body: DescribedBody): Promise<DescribedBody> {
    const inner: InnerBody[] = [];
    for (const each of body.inner) inner.push({ role: each.role, body: await this.resolved(each.body) });
    const movements: Movement[] = [...body.movements];
    for (const lookup of body.lookups) {
      if (lookup.kind === 'scheduleBody') {
        if (!this.lookups.scheduleBody) throw new Error(`a ScheduleSign completes schedule ${lookup.scheduleId}, and this signer has no way to read a schedule's body; refused`);
        const found = await this.lookups.scheduleBody(lookup.scheduleId);
        if (!found) throw new Error(`schedule ${lookup.scheduleId} has no body on the ledger (deleted, executed or never created); refused`);
        const payer = accountOf(typeof found.payer === 'string' ? parseAccount(found.payer) : found.payer, `schedule ${lookup.scheduleId} payer`);
        const schedulable = found.body instanceof Uint8Array ? proto.SchedulableTransactionBody.decode(found.body) : found.body;
        inner.push({ role: 'scheduled', body: await this.resolved(describeSchedulable(schedulable, payer, `schedule ${lookup.scheduleId}`)) });
      } else {
        if (!this.lookups.topicCustomFees) throw new Error(`a message to topic ${lookup.topicId} without maxCustomFees pays whatever custom fees the topic charges, and this signer has no way to read them; set maxCustomFees, or give the signer a topic fee lookup`);
        for (const fee of await this.lookups.topicCustomFees(lookup.topicId)) {
          if (fee.amount > 0n) movements.push(movement(fee.asset, lookup.payer, lookup.topicId, fee.amount, fee.asset === 'HBAR' ? HBAR_DECIMALS : undefined));
        }
      }
    }
    return Object.freeze({ ...body, movements: Object.freeze(movements), inner: Object.freeze(inner), lookups: Object.freeze([]) });
  }
}

/** When `body`'s valid window closes: its valid start (`seconds.nanos`) plus its valid duration, in ms since the epoch. */
export function validUntilOf(body: DescribedBody): number {
  const [seconds = '0', nanos = '0'] = body.validStart.split('.');
  return Number(seconds) * 1000 + Math.floor(Number(nanos) / 1e6) + body.validDurationSeconds * 1000;
}

/** `0.0.5` as the protobuf AccountID accountOf reads. */
function parseAccount(text: string): { shardNum: bigint; realmNum: bigint; accountNum: bigint } {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text.trim());
  if (!match) throw new Error(`expected an account ID such as 0.0.1234, got ${JSON.stringify(text.slice(0, 40))}`);
  return { shardNum: BigInt(match[1]!), realmNum: BigInt(match[2]!), accountNum: BigInt(match[3]!) };
}
