import type { KillSwitch } from '../policies/kill-switch.js';
import type { ApprovalStore } from '../policies/approvals/approval-store.js';
import { SIGN_TRANSACTION } from './signing-tool.js';

/** How often a held body looks at the kill switch (its own state, read from memory: no store round trip). */
const PAUSE_LOOK_MS = 200;

/**
 * While a body is judged, watches the kill switch: once it refuses signing, the body's pending
 * approval requests (those whose call input is this body) are closed as expired, noting the pause,
 * so a signature held for approval is refused now, not when someone decides or its time runs out
 * (a pause stops every signing within its poll). Stops watching when the returned function is called.
 */
export function endHoldOnPause(killSwitch: KillSwitch, stores: () => ApprovalStore[], bodyBase64: string): () => void {
  let ended = false;
  const look = async (): Promise<void> => {
    const paused = killSwitch.blockReason(SIGN_TRANSACTION, true);
    if (paused === undefined) return;
    ended = true;
    clearInterval(timer);
    for (const store of stores()) {
      const held = await store.listPending().catch(() => []);
      for (const record of held) {
        if (record.tool === SIGN_TRANSACTION && bodyOf(record.call.input) === bodyBase64) {
          await store.expire(record.id, `signing was paused while it waited for approval (${paused}); nothing was signed`).catch(() => undefined);
        }
      }
    }
  };
  const timer = setInterval(() => void (ended ? undefined : look()), PAUSE_LOOK_MS);
  timer.unref();
  return () => {
    ended = true;
    clearInterval(timer);
  };
}

/** The body a signing call's input names (`{ bodyBase64, agent }` as JSON), or undefined. */
function bodyOf(input: string): string | undefined {
  try {
    const parsed = JSON.parse(input) as { bodyBase64?: unknown };
    return typeof parsed.bodyBase64 === 'string' ? parsed.bodyBase64 : undefined;
  } catch {
    return undefined;
  }
}
