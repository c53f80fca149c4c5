import { listed } from '../policies/movement-policy.js';
import { ClosestToolJudge, type Closest } from './closest-tool.js';
import { isHederaToolName } from './hedera-tool-names.js';
import { AgentHooksError, ErrorCode } from '../errors/index.js';
import type { Logger } from '../lifecycle/logger.js';
import type { StageListener } from '../lifecycle/stage-listener.js';

/** The tool names one kit judges its listeners' tool lists against. */
export interface KitToolNames {
  /** The tools the kit has, after `tools` narrowed them. */
  readonly loaded: readonly string[];
  /** Tools its plugins define, including those `tools` left out: real tools, just not offered. */
  readonly defined: readonly string[];
  /** Names the caller said on purpose are not in this kit (createAgentKit's `unloadedPolicyTools`). */
  readonly unloaded: readonly string[];
}

/**
 * Refuses to start a kit in which a policy names a tool the kit does not have: such a policy guards
 * nothing, and the tool it was meant for stays open, which is failing open. That takes in slips
 * ("delete_acount_tool"), other spellings of a loaded tool ("deleteAccountTool", a Cyrillic е, a
 * zero-width joiner; see canonicalToolName) and names that merely resemble one ("plugin/delete_account_tool",
 * "delete_account_tool?"). Accepted without being loaded: a tool the kit's plugins define but `tools`
 * left out, a tool of the Hedera Agent Kit (a shared policy list, MaxRecipientsPolicy's defaults: the
 * kit has no such tool, so nothing is open), and a name listed in `unloaded` (a deliberate exception).
 *
 * A hook only observes, and shared hook lists name tools of many kits: for a hook the same finding is
 * a warning on `logger`, not a refusal.
 *
 * @example
 * checkListenerToolNames(listeners, { loaded: ['delete_account_tool'], defined: ['delete_account_tool'], unloaded: [] }, logger);
 */
export function checkListenerToolNames(listeners: readonly StageListener[], names: KitToolNames, logger: Logger): void {
  const check = listenerToolNameCheck(names, logger);
  check.check(listeners);
  check.finish();
}

/** How many hook-and-name pairs a kit warns about one by one, each with the closest tool it has. */
export const WARNED_ONE_BY_ONE = 16;
/** How many names and hooks the summary warning of the rest shows. */
const SHOWN_IN_SUMMARY = 10;

/** checkListenerToolNames in steps: `check` each list of listeners, then `finish` once. */
export interface ListenerToolNameCheck {
  /** Refuses a policy on a tool the kit does not have; warns about a hook on one (the first few one by one). */
  check(listeners: readonly StageListener[]): void;
  /** Warns once about the hooks' unknown names past the first few, if any. */
  finish(): void;
}

/**
 * checkListenerToolNames for a kit that checks many hooks and policies at start: the returned check
 * keeps, across every list it is given, what the names cost to judge. The loaded tools' spellings
 * are worked out on the first name that needs them, the closest tool only for a name that is
 * refused or warned about one by one, and a hook's name once per hook (not once per stage it
 * listens on). A shared list of a thousand hooks naming other kits' tools gets its first warnings
 * one by one and the rest in one summary: a person reads the first, and each costs microseconds.
 */
export function listenerToolNameCheck(names: KitToolNames, logger: Logger): ListenerToolNameCheck {
  const given = new Set([...names.loaded, ...names.unloaded]);
  const defined = new Set(names.defined);
  let built: ClosestToolJudge | undefined;
  const judge = (): ClosestToolJudge => (built ??= new ClosestToolJudge(names.loaded));
  // The tools each hook was warned about: one warning per hook and name, however many lists name it.
  const warned = new Map<string, Set<string>>();
  let warnedPairs = 0;
  const rest = { pairs: 0, tools: new Set<string>(), hooks: new Set<string>() };
  return {
    check(listeners) {
      // Indexed loops: a kit checks a thousand shared hooks at start, before the code is optimized,
      // and an iterator allocates a result per step until then.
      for (let at = 0; at < listeners.length; at++) {
        const listener = listeners[at]!;
        const isPolicy = listener.kind === 'policy';
        // A hook registers one listener per stage, next to each other and sharing one list of names: judged once.
        const previous = listeners[at - 1];
        if (!isPolicy && previous?.kind === 'hook' && previous.tools === listener.tools && previous.name === listener.name) continue;
        let warnedOfHook = isPolicy ? undefined : warned.get(listener.name);
        const { tools } = listener;
        for (let next = 0; next < tools.length; next++) {
          const name = tools[next]!;
          if (name === '*' || given.has(name) || warnedOfHook?.has(name)) continue;
          // A real tool the kit does not offer is fine, unless it is also a slip of one it does offer.
          if ((defined.has(name) || isHederaToolName(name)) && judge().slipOf(name) === undefined) continue;
          if (isPolicy) {
            throw new AgentHooksError(ErrorCode.INVALID_LISTENER, refusal(listener.name, name, judge().closest(name), names.loaded.length));
          }
          if (!warnedOfHook) warned.set(listener.name, (warnedOfHook = new Set()));
          warnedOfHook.add(name);
          if (++warnedPairs > WARNED_ONE_BY_ONE) {
            rest.pairs++;
            rest.tools.add(name);
            rest.hooks.add(listener.name);
            continue;
          }
          const closest = judge().closest(name);
          logger.warn(
            { hook: listener.name, tool: name, ...(closest ? { closest: closest.tool } : {}) },
            `Hook "${listener.name}" lists the tool ${JSON.stringify(name)}, which this kit does not have${closest ? `; did you mean "${closest.tool}"?` : '.'} It observes no call of that name.`,
          );
        }
      }
    },
    finish() {
      if (rest.pairs === 0) return;
      const tools = [...rest.tools];
      const hooks = [...rest.hooks];
      logger.warn(
        { more: rest.pairs, tools: tools.slice(0, SHOWN_IN_SUMMARY), toolCount: tools.length, hooks: hooks.slice(0, SHOWN_IN_SUMMARY), hookCount: hooks.length },
        `${rest.pairs} more hook entries list tools this kit does not have: ${listed(tools.map((tool) => JSON.stringify(tool)), SHOWN_IN_SUMMARY)} (in ${listed(hooks.map((hook) => `"${hook}"`), SHOWN_IN_SUMMARY)}). They observe no call of those names.`,
      );
      rest.pairs = 0;
      rest.tools.clear();
      rest.hooks.clear();
    },
  };
}

function refusal(policy: string, name: string, closest: Closest | undefined, loadedCount: number): string {
  const hint = closest
    ? closest.slip
      ? `; did you mean "${closest.tool}"?`
      : `; the closest tool it has is "${closest.tool}".`
    : loadedCount
      ? '; no tool it has is close to that name.'
      : '; it has no tools at all.';
  return (
    `Policy "${policy}" lists the tool ${JSON.stringify(name)}, which this kit does not have${hint} ` +
    'A policy on a tool the kit does not have guards nothing, so the kit does not start. Name the tool exactly as listTools() reports it; ' +
    "if the tool is deliberately not in this kit, list the name in createAgentKit's `unloadedPolicyTools` option."
  );
}
