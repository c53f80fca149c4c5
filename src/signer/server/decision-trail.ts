import type { OversightEvent } from '../../audit/index.js';
import { describeBody } from '../describe-body.js';
import { allMovements } from '../described-body.js';
import { SIGN_TRANSACTION } from '../signing-tool.js';
import type { SigningDecision } from './signing-decision.js';

/** An audit hook that records oversight events (HcsAuditTrailHook, HolAuditTrailHook), by shape. */
interface OversightRecorder {
  recordOversight(event: OversightEvent): Promise<unknown>;
}

/**
 * Records each signing decision as a `signingDecision` entry through every audit hook among
 * `listeners` (the configuration's), journaled before the signature leaves and delivered to the
 * topic like every other entry. A hook that cannot journal it fails the signing (refused).
 */
export function decisionTrail(listeners: readonly unknown[]): ((decision: SigningDecision, bodyBytes: Uint8Array) => Promise<void>) | undefined {
  const recorders = listeners.filter((listener): listener is OversightRecorder => typeof (listener as Partial<OversightRecorder> | null)?.recordOversight === 'function');
  if (recorders.length === 0) return undefined;
  return async (decision, bodyBytes) => {
    const event = { kind: 'signingDecision', tool: SIGN_TRANSACTION, at: decision.at, decision: decision.decision, agent: decision.agent, bodyDigest: decision.bodyDigest, ...readable(bodyBytes), ...(decision.transactionId ? { transactionId: decision.transactionId } : {}), ...(decision.reason ? { reason: decision.reason } : {}) } as OversightEvent;
    await Promise.all(recorders.map((recorder) => recorder.recordOversight(event)));
  };
}

/** The body's type and movements as the signer read them; nothing for bytes it cannot read. */
function readable(bodyBytes: Uint8Array): { bodyType?: string; moves?: unknown[] } {
  try {
    const body = describeBody(bodyBytes);
    const moves = allMovements(body)
      .slice(0, 100)
      .map((move) => ({ asset: move.asset, from: move.from, to: move.to, amount: move.amount.toString(), display: move.display.slice(0, 200), ...(move.unbounded ? { unbounded: true as const } : {}) }));
    return { bodyType: body.type, moves };
  } catch {
    return {};
  }
}
