import { messageOf } from '../errors/index.js';
import { isPolicyBlockedError } from './policy-blocked-error.js';
import type { StageListener } from './stage-listener.js';
import { isThenable } from './thenable.js';
import { withinBudget } from './time-budget.js';
import type { HookStage } from './stages.js';
import type { BlockedBy } from './tool-result.js';

/**
 * Asks one policy for its verdict. Fail closed: a throw, a rejection or an answer later than the
 * time budget all count as a block, with the reason saying which.
 * Synchronous verdicts are read without a timer or a promise, which keeps the common path cheap.
 */
export function judge(
  policy: StageListener,
  stage: HookStage,
  event: unknown,
  defaultTimeoutMs: number,
): BlockedBy | undefined | Promise<BlockedBy | undefined> {
  let verdict: unknown;
  try {
    verdict = policy.invoke(event);
  } catch (error) {
    return blockedByError(policy, stage, error);
  }
  // Nearly every verdict is a plain allow: no reading, no allocation.
  if (!verdict) return undefined;
  if (!isThenable(verdict)) return blockedByVerdict(policy, stage, verdict);
  const timeoutMs = policy.timeoutMs ?? defaultTimeoutMs;
  const answered = Promise.resolve(verdict).then(
    (value) => blockedByVerdict(policy, stage, value),
    (error: unknown) => blockedByError(policy, stage, error),
  );
  return withinBudget<BlockedBy | undefined>(answered, timeoutMs, () => ({ policy: policy.name, stage, reason: `no verdict within its ${timeoutMs} ms time budget` }));
}

// Re-exported for the listener folders that import it from here.
export { isThenable };

/**
 * Falsy allows, and so does an object that says `block: false`; anything else truthy blocks. A
 * verdict the kit cannot read (`1`, `'yes'`, `{ reason }` without `block`) blocks rather than
 * letting the call through: fail closed, as the Hedera Agent Kit treats truthy verdicts.
 */
function blockedByVerdict(policy: StageListener, stage: HookStage, verdict: unknown): BlockedBy | undefined {
  const read = readVerdict(verdict);
  if (!read.block) return undefined;
  return { policy: policy.name, stage, ...(read.reason ? { reason: read.reason } : {}) };
}

/** What a verdict says, by the rule above; shared with AbstractPolicy's own hook methods. */
export function readVerdict(verdict: unknown): { block: boolean; reason?: string } {
  if (!verdict) return { block: false };
  if (typeof verdict !== 'object') return { block: true };
  const { block, reason } = verdict as { block?: unknown; reason?: unknown };
  if ('block' in verdict && !block) return { block: false };
  return typeof reason === 'string' && reason ? { block: true, reason } : { block: true };
}

function blockedByError(policy: StageListener, stage: HookStage, error: unknown): BlockedBy {
  if (isPolicyBlockedError(error)) return { ...error.blockedBy, policy: policy.name, stage };
  return { policy: policy.name, stage, reason: messageOf(error) };
}
