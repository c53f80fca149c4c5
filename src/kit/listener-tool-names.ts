import { canonicalToolName } from './canonical-tool-name.js';
import { closestNames, distanceInside } from './closest-names.js';
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
  const given = new Set([...names.loaded, ...names.unloaded]);
  const defined = new Set(names.defined);
  const warned = new Set<string>();
  for (const listener of listeners) {
    for (const name of listener.tools) {
      if (name === '*' || given.has(name)) continue;
      const closest = closestLoaded(name, names.loaded);
      // A real tool the kit does not offer is fine, unless it is also a slip of one it does offer.
      if (!closest?.slip && (defined.has(name) || isHederaToolName(name))) continue;
      if (listener.kind === 'policy') {
        throw new AgentHooksError(ErrorCode.INVALID_LISTENER, refusal(listener.name, name, closest, names.loaded.length));
      }
      // A hook registers one listener per stage: one warning per hook and name is enough.
      const key = `${listener.name}\u0000${name}`;
      if (warned.has(key)) continue;
      warned.add(key);
      logger.warn(
        { hook: listener.name, tool: name, ...(closest ? { closest: closest.tool } : {}) },
        `Hook "${listener.name}" lists the tool ${JSON.stringify(name)}, which this kit does not have${closest ? `; did you mean "${closest.tool}"?` : ''} It observes no call of that name.`,
      );
    }
  }
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
  /** The name is a slip or another spelling of the tool (see isSlipOf), not merely near it. */
  slip: boolean;
}

/**
 * The loaded tool `name` most likely means: one it is a slip of, else one whose name it contains,
 * else the nearest in canonical form, else by plain edit distance.
 */
function closestLoaded(name: string, loaded: readonly string[]): Closest | undefined {
  const slipOf = loaded.find((tool) => isSlipOf(name, tool));
  if (slipOf) return { tool: slipOf, slip: true };
  const byCanonical = new Map(loaded.map((tool) => [canonicalToolName(tool), tool]));
  const canonical = canonicalToolName(name);
  // A tool's name wrapped in more ("plugin/delete_account_tool", "core-account:delete_account_tool"): the closest, then longest, inside.
  // Inside it with a letter disguised or slipped as well ("plugin/de1ete_account_tool"): one edit allowed.
  const inside = [...byCanonical.keys()]
    .filter((tool) => tool.length > 3)
    .map((tool) => ({ tool, distance: distanceInside(canonical, tool) }))
    .filter(({ distance }) => distance <= 1)
    .sort((a, b) => a.distance - b.distance || b.tool.length - a.tool.length)[0];
  if (inside !== undefined) return { tool: byCanonical.get(inside.tool)!, slip: false };
  const [near] = closestNames(canonical, byCanonical.keys(), 1);
  if (near !== undefined) return { tool: byCanonical.get(near)!, slip: false };
  const [plain] = closestNames(name, loaded, 1);
  return plain === undefined ? undefined : { tool: plain, slip: false };
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
