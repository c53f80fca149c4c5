import { canonicalToolName } from './canonical-tool-name.js';
import { AgentHooksError, ErrorCode } from '../lifecycle/errors.js';
import type { StageListener } from '../lifecycle/stage-listener.js';

/**
 * Refuses to start a kit in which a policy names a tool that is not loaded but means a loaded one:
 * one slip away ("delete_acount_tool", " delete_account_tool"), or the same name once case,
 * separators, look-alike letters, invisible characters and the "_tool" suffix are set aside
 * ("deleteAccountTool", "delete-account", "dеlete_account_tool" with a Cyrillic е; see
 * canonicalToolName). Such a policy never runs: the tool it was meant to guard stays open, which is
 * failing open. Names far from every loaded tool are left alone, since a policy may well cover tools
 * of plugins this kit does not load.
 *
 * @example
 * checkPolicyToolNames(listeners, (name) => registry.has(name), registry.list().map((tool) => tool.method));
 */
export function checkPolicyToolNames(listeners: readonly StageListener[], isLoaded: (name: string) => boolean, loaded: readonly string[]): void {
  for (const listener of listeners) {
    if (listener.kind !== 'policy') continue;
    for (const name of listener.tools) {
      if (name === '*' || isLoaded(name)) continue;
      const meant = loaded.find((tool) => isSlipOf(name, tool));
      if (meant) {
        throw new AgentHooksError(
          ErrorCode.INVALID_LISTENER,
          `Policy "${listener.name}" lists the tool "${name}", which no loaded plugin provides; did you mean "${meant}"? ` +
            'A policy on a misspelled tool never runs, so the kit does not start.',
        );
      }
    }
  }
}

/** The same name in another spelling (see canonicalToolName), or one character added, dropped or changed. */
function isSlipOf(name: string, tool: string): boolean {
  const plain = name.trim().toLowerCase();
  return canonicalToolName(name) === canonicalToolName(tool) || withinOneEdit(plain, tool.toLowerCase());
}

function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (a.length < b.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

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
