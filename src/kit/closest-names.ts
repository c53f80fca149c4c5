/** Up to `limit` known names closest to `name` by edit distance, for "did you mean" messages. */
export function closestNames(name: string, known: Iterable<string>, limit = 3): string[] {
  const needle = name.toLowerCase();
  return [...known]
    .map((candidate) => ({ candidate, distance: editDistance(needle, candidate.toLowerCase()) }))
    .filter(({ candidate, distance }) => distance <= Math.max(3, Math.floor(candidate.length / 2)) || candidate.includes(needle))
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}

/**
 * The fewest edits that turn `pattern` into some stretch of `text` (approximate substring matching):
 * 0 when `text` contains `pattern`, 1 when it contains it with one character changed, added or
 * dropped. Finds a tool's name inside a wrapped, disguised one ("plugin/de1ete_account").
 */
export function distanceInside(text: string, pattern: string): number {
  // Row j holds the best match of pattern[0..j) ending at each position of text; a match may start anywhere.
  let previous = new Array<number>(text.length + 1).fill(0);
  for (let j = 1; j <= pattern.length; j++) {
    const current = [j];
    for (let i = 1; i <= text.length; i++) {
      current[i] = Math.min(previous[i]! + 1, current[i - 1]! + 1, previous[i - 1]! + (text[i - 1] === pattern[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return Math.min(...previous);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
