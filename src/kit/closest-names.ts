/**
 * Up to `limit` known names closest to `name` by edit distance, for "did you mean" messages: those
 * within max(3, half their length) edits, or containing the name. Distances are counted only as far
 * as that bound (a name far from all of them costs little), since kits judge every unknown name a
 * thousand shared hooks list at start.
 */
export function closestNames(name: string, known: Iterable<string>, limit = 3): string[] {
  const needle = name.toLowerCase();
  const near: { candidate: string; distance: number }[] = [];
  const rows: Rows = [[], [], new Int32Array(128), matchMasks(needle)];
  for (const candidate of known) {
    // Once `limit` names are found, a farther one cannot take a place: count only as far as the last of them.
    const kept = near.length >= limit ? near.reduce((most, { distance }) => Math.max(most, distance), 0) : Infinity;
    const bound = Math.min(Math.max(3, Math.floor(candidate.length / 2)), kept);
    // Containing the name takes exactly the letters it adds.
    const contains = candidate.includes(needle);
    const distance = contains ? candidate.length - needle.length : editDistanceWithin(needle, candidate.toLowerCase(), bound, rows);
    if (contains || distance <= bound) near.push({ candidate, distance });
  }
  return near
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

/** Two rows of the distance table, a letter count and the name's match masks, reused from one candidate to the next. */
type Rows = [number[], number[], Int32Array, Map<number, number>];

/** The edit distance of `a` and `b` when it is at most `bound`, else bound + 1 (stops as soon as it must exceed it). */
function editDistanceWithin(a: string, b: string, bound: number, rows: Rows): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  if (a.length > 0 && a.length <= 32) return Math.min(bitParallelDistance(a.length, rows[3], b), bound + 1);
  if (lettersApart(a, b, rows[2]) > bound) return bound + 1;
  let [previous, current] = rows;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowLeast = i;
    for (let j = 1; j <= b.length; j++) {
      const replace = previous[j - 1]! + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1);
      const drop = previous[j]! + 1;
      const add = current[j - 1]! + 1;
      const best = replace < drop ? (replace < add ? replace : add) : drop < add ? drop : add;
      current[j] = best;
      if (best < rowLeast) rowLeast = best;
    }
    // Every later row is at least this row's least: past the bound already, it can only stay past it.
    if (rowLeast > bound) return bound + 1;
    [previous, current] = [current, previous];
  }
  return Math.min(previous[b.length]!, bound + 1);
}

/**
 * A lower bound on the edit distance of two strings, in time linear in their length: each edit
 * changes by one at most one letter's surplus on either side, so the larger of the two surpluses
 * (letters of `a` that `b` lacks, and the reverse) cannot exceed the distance. 0, no bound, for
 * text outside ASCII. `counts` is 128 zeros on entry and is left so.
 */
function lettersApart(a: string, b: string, counts: Int32Array): number {
  let ascii = true;
  for (let i = 0; i < a.length; i++) {
    const code = a.charCodeAt(i);
    if (code < 128) counts[code]!++;
    else ascii = false;
  }
  for (let j = 0; j < b.length; j++) {
    const code = b.charCodeAt(j);
    if (code < 128) counts[code]!--;
    else ascii = false;
  }
  let surplusA = 0;
  let surplusB = 0;
  for (let i = 0; i < a.length; i++) {
    const code = a.charCodeAt(i);
    if (code >= 128) continue;
    if (counts[code]! > 0) surplusA += counts[code]!;
    else if (counts[code]! < 0) surplusB -= counts[code]!;
    counts[code] = 0;
  }
  for (let j = 0; j < b.length; j++) {
    const code = b.charCodeAt(j);
    if (code >= 128) continue;
    if (counts[code]! < 0) surplusB -= counts[code]!;
    counts[code] = 0;
  }
  return ascii ? Math.max(surplusA, surplusB) : 0;
}

/** For each character of `a` (its first 32), the bits of the places it is at. */
function matchMasks(a: string): Map<number, number> {
  const masks = new Map<number, number>();
  for (let i = 0; i < Math.min(a.length, 32); i++) {
    const code = a.charCodeAt(i);
    masks.set(code, (masks.get(code) ?? 0) | (1 << i));
  }
  return masks;
}

/**
 * The edit distance of `a` (1 to 32 characters, given by its length and matchMasks) and `b`, a column of the distance table at a time
 * in the bits of one integer (Myers' bit-vector algorithm, in Hyyrö's form for whole strings):
 * linear in `b`, where the table is |a|·|b|.
 */
function bitParallelDistance(length: number, masks: Map<number, number>, b: string): number {
  const last = 1 << (length - 1);
  let plusVertical = -1;
  let minusVertical = 0;
  let score = length;
  for (let j = 0; j < b.length; j++) {
    const equal = masks.get(b.charCodeAt(j)) ?? 0;
    const crossVertical = equal | minusVertical;
    const crossHorizontal = ((((equal & plusVertical) + plusVertical) | 0) ^ plusVertical) | equal;
    let plusHorizontal = minusVertical | ~(crossHorizontal | plusVertical);
    let minusHorizontal = plusVertical & crossHorizontal;
    if (plusHorizontal & last) score++;
    else if (minusHorizontal & last) score--;
    // Row 0 of the table grows by one per column: a +1 shifts in.
    plusHorizontal = (plusHorizontal << 1) | 1;
    minusHorizontal <<= 1;
    plusVertical = minusHorizontal | ~(crossVertical | plusHorizontal);
    minusVertical = plusHorizontal & crossVertical;
  }
  return score;
}
