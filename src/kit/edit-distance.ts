/**
 * The one edit-distance method the kit uses for "did you mean" messages and for names hidden inside
 * others: Myers' bit-vector algorithm (in Hyyrö's block form), which keeps a column of the distance
 * table in the bits of 32-bit words. Its cost is linear in the text for a pattern of up to 32
 * characters (one word per further 32), where the plain table costs |pattern|·|text|: a kit judges
 * every unknown name a thousand shared hooks list at start, against each of its tools.
 */

/** A pattern's match masks, worked out once and reused against many texts. */
export interface DistancePattern {
  readonly text: string;
  /** 32-bit words per column. */
  readonly words: number;
  /** For an ASCII character code c, word w of its mask is at c * words + w. */
  readonly ascii: Int32Array;
  /** Masks of the other characters. */
  readonly other: ReadonlyMap<number, Int32Array>;
  /** The column's vertical differences, for a pattern of more than one word: reused by every text it is measured against. */
  readonly column?: { readonly plus: Int32Array; readonly minus: Int32Array };
}

/** The match masks of `text`: bit i of a character's mask is set where the text has that character. */
export function distancePattern(text: string): DistancePattern {
  const words = Math.max(1, Math.ceil(text.length / 32));
  const ascii = new Int32Array(128 * words);
  const other = new Map<number, Int32Array>();
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const word = i >>> 5;
    const bit = 1 << (i & 31);
    if (code < 128) ascii[code * words + word]! |= bit;
    else {
      let mask = other.get(code);
      if (!mask) other.set(code, (mask = new Int32Array(words)));
      mask[word]! |= bit;
    }
  }
  return { text, words, ascii, other, ...(words > 1 ? { column: { plus: new Int32Array(words), minus: new Int32Array(words) } } : {}) };
}

/**
 * The edit distance (characters changed, added or dropped) between the pattern and `text`; with
 * `anywhere`, the fewest edits that turn the pattern into some stretch of `text` instead (0 when
 * `text` contains it), which finds a tool's name inside a wrapped one ("plugin/de1ete_account").
 */
export function editDistance(pattern: DistancePattern, text: string, anywhere = false): number {
  const length = pattern.text.length;
  if (length === 0) return anywhere ? 0 : text.length;
  return pattern.words === 1 ? oneWordDistance(pattern, text, anywhere) : blockDistance(pattern, text, anywhere);
}

/**
 * One step of the algorithm: the next column's vertical differences for one word, from this
 * column's (`plusVertical`, `minusVertical`), the word's match mask and the horizontal difference
 * entering at its first row (`carry`, -1, 0 or +1). Returns the horizontal difference leaving at
 * the row `top` marks; the new vertical differences are left in `step`.
 */
function advance(equal: number, plusVertical: number, minusVertical: number, carry: number, top: number, step: Step): number {
  const crossVertical = equal | minusVertical;
  if (carry < 0) equal |= 1;
  const crossHorizontal = ((((equal & plusVertical) + plusVertical) | 0) ^ plusVertical) | equal;
  let plusHorizontal = minusVertical | ~(crossHorizontal | plusVertical);
  let minusHorizontal = plusVertical & crossHorizontal;
  const out = plusHorizontal & top ? 1 : minusHorizontal & top ? -1 : 0;
  plusHorizontal = (plusHorizontal << 1) | (carry > 0 ? 1 : 0);
  minusHorizontal = (minusHorizontal << 1) | (carry < 0 ? 1 : 0);
  step.plusVertical = minusHorizontal | ~(crossVertical | plusHorizontal);
  step.minusVertical = plusHorizontal & crossVertical;
  return out;
}

interface Step {
  plusVertical: number;
  minusVertical: number;
}

/** A pattern of up to 32 characters: the column in one pair of integers, nothing allocated per character. */
function oneWordDistance(pattern: DistancePattern, text: string, anywhere: boolean): number {
  const { ascii, other } = pattern;
  const length = pattern.text.length;
  const top = 1 << (length - 1);
  // Row 0 grows by one per column for a whole-string distance, and stays 0 where a match may start anywhere.
  const rowZero = anywhere ? 0 : 1;
  // Column 0 holds 0, 1, 2…: every vertical difference +1.
  const step: Step = { plusVertical: -1, minusVertical: 0 };
  let score = length;
  let best = length;
  for (let j = 0; j < text.length; j++) {
    const code = text.charCodeAt(j);
    const equal = code < 128 ? ascii[code]! : (other.get(code)?.[0] ?? 0);
    score += advance(equal, step.plusVertical, step.minusVertical, rowZero, top, step);
    if (score < best) best = score;
  }
  return anywhere ? best : score;
}

/** A longer pattern, one word after another down each column, each word's carry entering the next. */
function blockDistance(pattern: DistancePattern, text: string, anywhere: boolean): number {
  const { words, ascii, other } = pattern;
  const length = pattern.text.length;
  const { plus: plusVertical, minus: minusVertical } = pattern.column!;
  plusVertical.fill(-1);
  minusVertical.fill(0);
  const lastTop = 1 << ((length - 1) & 31);
  const step: Step = { plusVertical: 0, minusVertical: 0 };
  let score = length;
  let best = length;
  for (let j = 0; j < text.length; j++) {
    const code = text.charCodeAt(j);
    const masks = code < 128 ? undefined : other.get(code);
    let carry = anywhere ? 0 : 1;
    for (let w = 0; w < words; w++) {
      const equal = code < 128 ? ascii[code * words + w]! : masks ? masks[w]! : 0;
      carry = advance(equal, plusVertical[w]!, minusVertical[w]!, carry, w === words - 1 ? lastTop : 1 << 31, step);
      plusVertical[w] = step.plusVertical;
      minusVertical[w] = step.minusVertical;
    }
    score += carry;
    if (score < best) best = score;
  }
  return anywhere ? best : score;
}
