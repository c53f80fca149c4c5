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
 * The listeners are this kit's own (converted for it), so widening them changes no other kit.
 */
export function coverKitValueMovingTools(sources: readonly Source[], valueMoving: readonly string[]): void {
  for (const source of sources) {
    if (valueMovingCoverageOf(source.instance) !== 'kit') continue;
    source.listeners.forEach((listener, at) => {
      if (listener.kind !== 'policy' || listener.tools.includes('*')) return;
      const tools = [...new Set([...listener.tools, ...valueMoving])];
      if (tools.length !== listener.tools.length) source.listeners[at] = { ...listener, tools: Object.freeze(tools) };
    });
  }
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
