import { agentSessionOf } from '../../lifecycle/call-options.js';
import type { PostParamsNormalizationParams } from '../../lifecycle/stage-events.js';
import type { MovedValue } from '../approval-moves.js';
import type { ApprovalRecord, TransactionPreview } from './approval-record.js';
import { textDigest } from './approval-preview.js';
import { callInputOf, payerOf, recordedMovements } from './request-record.js';

/** The resumed call is the approved one: the same input, and at postCoreAction the same bytes. */
export function matchesApproved(record: ApprovalRecord, params: PostParamsNormalizationParams, preview: TransactionPreview | undefined): boolean {
  if (textDigest(callInputOf(params.rawParams)) !== record.call.inputDigest) return false;
  if (record.stage === 'postCoreAction') return preview !== undefined && preview.digest === record.preview?.digest;
  return true;
}

/**
 * Why the kit resuming `record` is not the one it was approved for, or `undefined` when it is. The
 * same input means another thing from another kit: its operator pays and its session asks, and the
 * movements it computes may differ (the sender is often the operator). An approval is for who pays,
 * who asked and what moves, as recorded, so each must be the same here.
 */
export function whyOtherKit(record: ApprovalRecord, params: PostParamsNormalizationParams, moved: MovedValue): string | undefined {
  const payer = payerOf(params);
  if ((record.payer ?? undefined) !== payer) {
    return `request ${record.id} was approved for a call paid by ${record.payer ?? 'no operator'}, and this kit pays as ${payer ?? 'no operator'}; it runs only from a kit with the same operator`;
  }
  // The resuming kit's own session: the principal it runs the call as does not make it the agent that asked.
  const session = agentSessionOf(params.context);
  if ((record.agent ?? undefined) !== session) {
    return `request ${record.id} was asked for by session ${record.agent ?? '(none)'}, and this kit's session is ${session ?? '(none)'}; it runs only from the session that asked`;
  }
  if (JSON.stringify(record.movements) !== JSON.stringify(recordedMovements(moved))) {
    return `request ${record.id} was approved for other movements than this kit computes for the same input (${JSON.stringify(recordedMovements(moved))}); nothing is sent that was not approved`;
  }
  return undefined;
}
