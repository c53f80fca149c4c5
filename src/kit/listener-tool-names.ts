import { listed } from '../policies/movement-policy.js';
import { canonicalToolName } from './canonical-tool-name.js';
import { KnownNames, distanceInside } from './closest-names.js';
import { distancePattern, type DistancePattern } from './edit-distance.js';
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
  const warned = new Set<string>();
  const rest = { pairs: 0, tools: new Set<string>(), hooks: new Set<string>() };
  return {
    check(listeners) {
      for (const listener of listeners) {
        for (const name of listener.tools) {
          if (name === '*' || given.has(name)) continue;
          const isPolicy = listener.kind === 'policy';
          // A hook registers one listener per stage: one warning per hook and name is enough.
          const key = `${listener.name}\u0000${name}`;
          if (!isPolicy && warned.has(key)) continue;
          // A real tool the kit does not offer is fine, unless it is also a slip of one it does offer.
          if ((defined.has(name) || isHederaToolName(name)) && judge().slipOf(name) === undefined) continue;
          if (isPolicy) {
            throw new AgentHooksError(ErrorCode.INVALID_LISTENER, refusal(listener.name, name, judge().closest(name), names.loaded.length));
          }
          warned.add(key);
          if (warned.size > WARNED_ONE_BY_ONE) {
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

interface Closest {
  tool: string;
  /** The name is a slip or another spelling of the tool (see ClosestToolJudge.slipOf), not merely near it. */
  slip: boolean;
}

/**
 * The loaded tool a name most likely means: one it is a slip of, else one whose name it contains,
 * else the nearest in canonical form, else by plain edit distance. The loaded tools' canonical and
 * lower-case forms and the match masks of the canonical ones are worked out once; each name's
 * canonical form and answer are kept, so they are worked out once.
 */
class ClosestToolJudge {
  private readonly byCanonical: Map<string, string>;
  /** Canonical tool names long enough to be looked for inside others, with their match masks. */
  private readonly insidePatterns: readonly { tool: string; pattern: DistancePattern; halves: readonly [string, string] }[];
  private readonly lowered: readonly string[];
  private readonly nearCanonical: KnownNames;
  private readonly nearPlain: KnownNames;
  private readonly canonicalOf = new Map<string, string>();
  private readonly slips = new Map<string, string | undefined>();
  private readonly answers = new Map<string, Closest | undefined>();

  constructor(private readonly loaded: readonly string[]) {
    this.byCanonical = new Map(loaded.map((tool) => [canonicalToolName(tool), tool]));
    this.insidePatterns = [...this.byCanonical.keys()]
      .filter((tool) => tool.length > 3)
      .map((tool) => ({ tool, pattern: distancePattern(tool), halves: [tool.slice(0, tool.length >> 1), tool.slice(tool.length >> 1)] as const }));
    this.lowered = loaded.map((tool) => tool.toLowerCase());
    this.nearCanonical = new KnownNames(this.byCanonical.keys());
    this.nearPlain = new KnownNames(loaded);
  }

  /** The loaded tool `name` is another spelling of (see canonicalToolName) or one character away from, if any. */
  slipOf(name: string): string | undefined {
    if (this.slips.has(name)) return this.slips.get(name);
    const plain = name.trim().toLowerCase();
    let slip = this.byCanonical.get(this.canonical(name));
    for (let at = 0; slip === undefined && at < this.loaded.length; at++) if (withinOneEdit(plain, this.lowered[at]!)) slip = this.loaded[at];
    this.slips.set(name, slip);
    return slip;
  }

  closest(name: string): Closest | undefined {
    if (this.answers.has(name)) return this.answers.get(name);
    const answer = this.work(name);
    this.answers.set(name, answer);
    return answer;
  }

  private canonical(name: string): string {
    let canonical = this.canonicalOf.get(name);
    if (canonical === undefined) this.canonicalOf.set(name, (canonical = canonicalToolName(name)));
    return canonical;
  }

  private work(name: string): Closest | undefined {
    const slipOf = this.slipOf(name);
    if (slipOf) return { tool: slipOf, slip: true };
    const canonical = this.canonical(name);
    // A tool's name wrapped in more ("plugin/delete_account_tool", "core-account:delete_account_tool"): the closest, then longest, inside.
    // Inside it with a letter disguised or slipped as well ("plugin/de1ete_account_tool"): one edit allowed,
    // so a tool more than one character longer than the name cannot be inside it.
    let inside: { tool: string; distance: number } | undefined;
    for (const { tool, pattern, halves } of this.insidePatterns) {
      // One edit spoils at most one half of the tool's name: the other is in the name as it is.
      if (tool.length > canonical.length + 1 || (!canonical.includes(halves[0]) && !canonical.includes(halves[1]))) continue;
      const distance = distanceInside(canonical, pattern);
      if (distance > 1) continue;
      if (!inside || distance < inside.distance || (distance === inside.distance && tool.length > inside.tool.length)) inside = { tool, distance };
    }
    if (inside !== undefined) return { tool: this.byCanonical.get(inside.tool)!, slip: false };
    const [near] = this.nearCanonical.closest(canonical, 1);
    if (near !== undefined) return { tool: this.byCanonical.get(near)!, slip: false };
    const [plain] = this.nearPlain.closest(name, 1);
    return plain === undefined ? undefined : { tool: plain, slip: false };
  }
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
