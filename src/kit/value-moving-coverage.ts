import type { Logger } from '../lifecycle/logger.js';
import type { StageListener } from '../lifecycle/stage-listener.js';
import { valueMovingCoverageOf } from '../policies/value-moving-tools.js';

/** One hook or policy as the kit converted it: its listeners and the object they came from. */
interface Source {
  readonly listeners: StageListener[];
  readonly instance: object;
}

/**
 * Has every value policy whose `tools` was left out (SpendLimitPolicy, DuplicateIntentPolicy,
 * AllowanceSpendPolicy: `valueMovingCoverage: 'kit'`) cover every tool this kit counts as moving
 * value, `valueMoving`, the same set its kill switch stops: a plugin's transfer, or a tool that
 * declares no `toolType`, is counted as a core transfer is. A tool among them whose amount the
 * policy cannot read is refused by it, call by call, naming the tool.
 *
 * A plain Tool object (execute only, `withoutInnerStages`) has no postParamsNormalization, where
 * these policies read what a call moves: such a tool joins only the policy's preToolExecution
 * checks, and where the policy has none that covers it, a refusal at preToolExecution is added in
 * the policy's name, so the tool is never let through unseen.
 *
 * The listeners are this kit's own (converted for it), so widening them changes no other kit.
 */
export function coverKitValueMovingTools(sources: readonly Source[], valueMoving: readonly string[], withoutInnerStages: readonly string[]): void {
  const plain = new Set(withoutInnerStages);
  for (const source of sources) {
    if (valueMovingCoverageOf(source.instance) !== 'kit') continue;
    const policies = source.listeners.filter((listener) => listener.kind === 'policy');
    if (!policies.length || policies.some((listener) => listener.tools.includes('*'))) continue;
    source.listeners.forEach((listener, at) => {
      if (listener.kind !== 'policy') return;
      const reach = listener.stage === 'preToolExecution' ? valueMoving : valueMoving.filter((tool) => !plain.has(tool));
      const tools = [...new Set([...listener.tools, ...reach])];
      if (tools.length !== listener.tools.length) source.listeners[at] = Object.freeze({ ...listener, tools: Object.freeze(tools) });
    });
    const checkedFirst = new Set(source.listeners.filter((listener) => listener.kind === 'policy' && listener.stage === 'preToolExecution').flatMap((listener) => listener.tools));
    const unseen = valueMoving.filter((tool) => plain.has(tool) && !checkedFirst.has(tool));
    if (unseen.length) source.listeners.push(unseenToolRefusal(policies[0]!, unseen));
  }
}

/** A preToolExecution check, in the policy's name, that refuses the plain value-moving tools it cannot see into. */
function unseenToolRefusal(policy: StageListener, tools: readonly string[]): StageListener {
  return Object.freeze({
    kind: 'policy' as const,
    name: policy.name,
    ...(policy.description !== undefined ? { description: policy.description } : {}),
    stage: 'preToolExecution' as const,
    tools: Object.freeze([...tools]),
    neverWrites: true,
    ...(policy.reportOnly ? { reportOnly: true as const } : {}),
    invoke: (event: { method: string }) => ({
      block: true,
      reason:
        `${event.method} is a plain Tool (execute only) that does not declare toolType 'query' or movesNoValue: true, so it counts as moving value, ` +
        `and ${policy.name} cannot see what it moves (it has no stage at which its params are read); refused. ` +
        "If it moves no value, give it toolType: 'query' or movesNoValue: true; if it does, write it as a BaseTool with a movements view.",
    }),
  });
}

/**
 * Warns, once per policy, about each tool this kit counts as moving value that a value policy's
 * explicit `tools` leaves out (`valueMovingCoverage: 'listed'`): a call of it moves value the
 * policy never counts. A warning, not a refusal: narrowing a policy can be deliberate (a budget for
 * transfers only), but it must be visible.
 */
export function warnValueMovingLeftOut(sources: readonly Source[], valueMoving: readonly string[], logger: Logger): void {
  for (const { listeners, instance } of sources) {
    if (valueMovingCoverageOf(instance) !== 'listed') continue;
    const policies = listeners.filter((listener) => listener.kind === 'policy');
    if (!policies.length || policies.some((listener) => listener.tools.includes('*'))) continue;
    const covered = new Set(policies.flatMap((listener) => listener.tools));
    const leftOut = valueMoving.filter((tool) => !covered.has(tool));
    if (!leftOut.length) continue;
    const name = policies[0]!.name;
    logger.warn(
      { policy: name, leftOut },
      `Policy "${name}" lists its tools and leaves out ${leftOut.length > 1 ? 'these tools, which move value' : 'a tool that moves value'} in this kit: ${leftOut.join(', ')}. ` +
        `It does not count what ${leftOut.length > 1 ? 'their calls move' : 'its calls move'}. Leave 'tools' out to cover every value-moving tool, or add ${leftOut.length > 1 ? 'them' : 'it'} to the list.`,
    );
  }
}
