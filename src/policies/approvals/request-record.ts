import type { Transaction } from '@hiero-ledger/sdk';
import type { PostParamsNormalizationParams } from '../../lifecycle/stage-events.js';
import { agentSessionOf, principalOf } from '../../lifecycle/call-options.js';
import type { HookStage } from '../../lifecycle/stages.js';
import { toJson } from '../../lifecycle/to-json.js';
import { isSdkTransaction } from '../../values/sdk-values.js';
import { auditParams } from '../../secrets/audit-params.js';
import { boundedParams } from '../../secrets/bounded-params.js';
import type { MovedValue } from '../approval-moves.js';
import type { Quorum, RecordedMovement, TransactionPreview } from './approval-record.js';
import type { NewApprovalRecord } from './approval-store.js';
import { textDigest, transactionPreview } from './approval-preview.js';

export interface RequestFacts {
  readonly policy: string;
  readonly method: string;
  readonly stage: HookStage;
  readonly summary: string;
  readonly why: string;
  readonly moved: MovedValue;
  readonly wait: 'in-call' | 'deferred';
  readonly quorum: Quorum;
  readonly now: number;
  readonly expiresInMs: number;
  readonly heartbeatMs: number;
}

/** The exact input a resume re-runs, as JSON text. */
export function callInputOf(rawParams: unknown): string {
  return toJson(rawParams ?? {}) ?? '{}';
}

/** The preview of the event's transaction, when it is a frozen SDK transaction. */
export function previewOf(event: PostParamsNormalizationParams & { coreActionResult?: unknown }): TransactionPreview | undefined {
  const built = event.coreActionResult;
  return isSdkTransaction(built) ? transactionPreview(built as Transaction) : undefined;
}

/** Who pays for the call: the kit's operator account (by shape, the SDK copy may not be this package's), when it has one. */
export function payerOf(event: PostParamsNormalizationParams): string | undefined {
  const operator = (event.client as { operatorAccountId?: { toString(): string } | null } | undefined)?.operatorAccountId;
  return operator ? operator.toString() : undefined;
}

/** What the call moves, as a record keeps it (amounts as decimal strings). */
export function recordedMovements(moved: MovedValue): RecordedMovement[] | null {
  return moved.movements ? moved.movements.map(recorded) : null;
}

/** A new record for a call that needs approval: display params rendered, redacted and bounded as the audit trail does. */
export function newRequestRecord(event: PostParamsNormalizationParams, facts: RequestFacts, preview: TransactionPreview | undefined): NewApprovalRecord {
  const input = callInputOf(event.rawParams);
  // The agent's own session (the kit's), not a per-call one: a resume is bound to the agent that asked.
  const agent = agentSessionOf(event.context);
  const payer = payerOf(event);
  const principal = principalOf(event.context);
  return {
    id: '',
    createdAt: facts.now,
    expiresAt: facts.now + facts.expiresInMs,
    policy: facts.policy,
    tool: facts.method,
    ...(agent ? { agent } : {}),
    ...(payer ? { payer } : {}),
    ...(principal ? { principal } : {}),
    summary: facts.summary,
    why: facts.why,
    params: boundedParams(auditParams(event.rawParams)),
    movements: recordedMovements(facts.moved),
    stage: facts.stage,
    ...(preview ? { preview } : {}),
    wait: facts.wait,
    quorum: facts.quorum,
    ...(facts.wait === 'in-call' ? { heartbeatAt: facts.now, heartbeatMs: facts.heartbeatMs } : {}),
    call: { input, inputDigest: textDigest(input) },
  };
}

function recorded(movement: { asset: string; from: string; to: string; amount: bigint; display: string }): RecordedMovement {
  return { asset: movement.asset, from: movement.from, to: movement.to, amount: movement.amount.toString(), display: movement.display };
}
