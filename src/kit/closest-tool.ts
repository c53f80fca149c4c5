import { canonicalToolName } from './canonical-tool-name.js';
import { KnownNames, distanceInside } from './closest-names.js';
import { distancePattern, type DistancePattern } from './edit-distance.js';

export interface Closest {
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
export class ClosestToolJudge {
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
