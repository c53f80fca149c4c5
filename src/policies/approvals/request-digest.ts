import { createHash } from 'node:crypto';

/** Names the encoding, so a digest of another version (or of anything else) never collides with one of these. */
export const REQUEST_DIGEST_DOMAIN = 'hedera-agent-hooks/approval-request/v1';

/** The fields of a request its digest covers (an ApprovalRecord has them all; written out so the record's module can import this one). */
export interface DigestedRequest {
  readonly id: string;
  readonly policy: string;
  readonly tool: string;
  readonly stage: string;
  readonly call: { readonly inputDigest: string };
  readonly movements: readonly { readonly asset: string; readonly from: string; readonly to: string; readonly amount: string }[] | null;
  readonly preview?: { readonly digest: string };
  readonly expiresAt: number;
  /** A request the ledger approves: what its schedule runs (scheduled-body.ts). */
  readonly schedule?: { readonly scheduledBody?: { readonly digest: string; readonly payer: string } };
  /** Who pays and who asked (the operator account, context.sessionId), when recorded. */
  readonly payer?: string;
  readonly agent?: string;
  /** For whom the call ran (its context's userId, sessionId, tenantId), when it named anyone. */
  readonly principal?: { readonly userId?: string; readonly sessionId?: string; readonly tenantId?: string };
}

/**
 * The request digest: what an approver signs, and what an `approvalRequest` audit entry records.
 * SHA-256 (lower-case hex, 64 characters) of the UTF-8 text
 *
 *     hedera-agent-hooks/approval-request/v1\n<JSON array>
 *
 * where the JSON array is, in this order and with no white space:
 * `[id, policy, tool, stage, call.inputDigest, movements, preview.digest or null, expiresAt]`,
 * `movements` being `null` or a list of `[asset, from, to, amount]` (amount a decimal string in the
 * smallest unit) and `expiresAt` ms since the epoch. A request the ledger approves that recorded its
 * scheduled body has a ninth element, `[schedule.scheduledBody.digest, schedule.scheduledBody.payer]`:
 * what the ledger will run and who pays for it. It binds the identity of the request, the exact
 * input a resume re-runs, what it moves, (at postCoreAction) the frozen bytes and (approved by the
 * ledger) the scheduled transaction; summaries and display params are not in it (they are renderings
 * of the same input). A request that records its `payer` or `agent` then appends `payer or null,
 * agent or null`, so an approval is signed for who pays and who asked. Records with none of these keep
 * the eight elements, so their digests (and the signatures over them) are unchanged. A request that
 * records a `principal` appends `payer or null, agent or null` (even when both are null) and then
 * `["principal", userId or null, sessionId or null, tenantId or null]`: an approval is for that
 * user's, session's or tenant's call, and a resume runs as them (their budgets), so changing who it
 * was for in the store breaks every signature. Without one the digest is as before.
 *
 * @example
 * const digest = approvalRequestDigest(record); // '5f0c…' (64 hex characters)
 */
export function approvalRequestDigest(request: DigestedRequest): string {
  const movements = request.movements === null ? null : request.movements.map((move) => [move.asset, move.from, move.to, move.amount]);
  const fields: unknown[] = [request.id, request.policy, request.tool, request.stage, request.call.inputDigest, movements, request.preview?.digest ?? null, request.expiresAt];
  const scheduled = request.schedule?.scheduledBody;
  // An array, where payer and agent below are text or null: the two additions never read as each other.
  if (scheduled) fields.push([scheduled.digest, scheduled.payer]);
  const principal = request.principal;
  if (request.payer !== undefined || request.agent !== undefined || principal !== undefined) fields.push(request.payer ?? null, request.agent ?? null);
  if (principal !== undefined) fields.push(['principal', principal.userId ?? null, principal.sessionId ?? null, principal.tenantId ?? null]);
  return createHash('sha256').update(`${REQUEST_DIGEST_DOMAIN}\n${JSON.stringify(fields)}`, 'utf8').digest('hex');
}
