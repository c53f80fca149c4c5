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
