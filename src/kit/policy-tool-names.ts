import { AgentHooksError, ErrorCode } from '../errors/index.js';
import type { StageListener } from '../lifecycle/stage-listener.js';

// The tool names policies and hooks list are checked in listener-tool-names.ts.

/**
 * Refuses to start a kit in which a policy checks a tool at a stage the tool does not have: a plain
 * Tool object (execute only) has no postParamsNormalization or postCoreAction, so such a check would
 * never run and the tool would go unguarded. A policy for every tool (`'*'`) at such a stage counts too.
 */
export function checkPolicyStagesOffered(listeners: readonly StageListener[], withoutInnerStages: readonly string[]): void {
  if (!withoutInnerStages.length) return;
  for (const listener of listeners) {
    if (listener.kind !== 'policy' || (listener.stage !== 'postParamsNormalization' && listener.stage !== 'postCoreAction')) continue;
    const missed = listener.tools.includes('*') ? withoutInnerStages : listener.tools.filter((tool) => withoutInnerStages.includes(tool));
    if (missed.length) {
      throw new AgentHooksError(
        ErrorCode.INVALID_LISTENER,
        `Policy "${listener.name}" checks ${missed.map((tool) => `"${tool}"`).join(', ')} at ${listener.stage}, but ${missed.length > 1 ? 'those tools are plain Tool objects' : 'that tool is a plain Tool object'} ` +
          '(execute only) with no such stage, so the check would never run. Check them at preToolExecution or postToolExecution, or list only the tools that have the stage.',
      );
    }
  }
}

/**
 * Refuses to start a kit in which a value policy (one that reads `event.movements`) covers a
 * transaction tool it cannot see into: no movements view of its own, no built-in one, and no
 * `movesNoValue` mark. Such a policy would block every call of that tool at best, and at worst a
 * policy written to allow "calls that move nothing" would let it through; fail closed, at start.
 * A value policy for every tool (`'*'`) counts too.
 */
export function checkValuePoliciesSeeMovements(listeners: readonly StageListener[], withoutMovementsView: readonly string[]): void {
  if (!withoutMovementsView.length) return;
  for (const listener of listeners) {
    if (listener.kind !== 'policy' || listener.readsMovements !== true || listener.stage === 'preToolExecution') continue;
    const missed = listener.tools.includes('*') ? withoutMovementsView : listener.tools.filter((tool) => withoutMovementsView.includes(tool));
    if (missed.length) {
      const named = missed.map((tool) => `"${tool}"`).join(', ');
      throw new AgentHooksError(
        ErrorCode.INVALID_LISTENER,
        `Policy "${listener.name}" judges what calls move, but ${named} ${missed.length > 1 ? 'are transaction tools' : 'is a transaction tool'} with no movements view, ` +
          'so the policy cannot see what it moves. Give the tool a movements(normalisedParams) method, mark it movesNoValue: true if it moves no value, ' +
          'or leave it out of the policy\'s tools.',
      );
    }
  }
}
