import { distancePattern, editDistance, type DistancePattern } from './edit-distance.js';

/**
 * Up to `limit` known names closest to `name` by edit distance, for "did you mean" messages: those
 * within max(3, half their length) edits, or containing the name. For many names against the same
 * known ones, build a KnownNames once instead.
 */
export function closestNames(name: string, known: Iterable<string>, limit = 3): string[] {
  return new KnownNames(known).closest(name, limit);
}

/**
 * Known names made ready to be measured against many others: their lower-case forms and match
 * masks are worked out once, so judging one more name allocates nothing per known name (a kit
 * judges every unknown name a thousand shared hooks list at start). A known name whose length alone
 * puts it past its bound is not measured.
 */
export class KnownNames {
  private readonly names: readonly { name: string; lowered: string; bound: number; pattern: DistancePattern }[];

  constructor(known: Iterable<string>) {
    this.names = [...known].map((name) => {
      const lowered = name.toLowerCase();
      return { name, lowered, bound: Math.max(3, Math.floor(name.length / 2)), pattern: distancePattern(lowered) };
    });
  }

  /** Up to `limit` of the known names closest to `name` (see closestNames). */
  closest(name: string, limit = 3): string[] {
    const needle = name.toLowerCase();
    const near: { candidate: string; distance: number }[] = [];
    for (const { name: candidate, lowered, bound, pattern } of this.names) {
      // Containing the name takes exactly the letters it adds.
      if (candidate.includes(needle)) {
        near.push({ candidate, distance: candidate.length - needle.length });
        continue;
      }
      // Each added or dropped letter is an edit: a length this far off cannot be within the bound.
      if (Math.abs(lowered.length - needle.length) > bound) continue;
      const distance = editDistance(pattern, needle);
      if (distance <= bound) near.push({ candidate, distance });
    }
    return near
      .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
      .slice(0, limit)
      .map(({ candidate }) => candidate);
  }
}

/**
 * The fewest edits that turn `pattern` into some stretch of `text` (approximate substring matching):
 * 0 when `text` contains `pattern`, 1 when it contains it with one character changed, added or
 * dropped. Finds a tool's name inside a wrapped, disguised one ("plugin/de1ete_account"). Give the
 * pattern's masks (distancePattern) when one pattern is looked for in many texts.
 */
export function distanceInside(text: string, pattern: string | DistancePattern): number {
  return editDistance(typeof pattern === 'string' ? distancePattern(pattern) : pattern, text, true);
}
