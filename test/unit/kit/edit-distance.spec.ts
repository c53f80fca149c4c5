import { expect } from 'chai';
import fc from 'fast-check';
import { distancePattern, editDistance } from '../../../src/kit/edit-distance.js';

/** The whole table, as the definition reads; with `anywhere`, row 0 is all zeros and the best of the last row counts. */
function plainDistance(pattern: string, text: string, anywhere: boolean): number {
  let previous = Array.from({ length: text.length + 1 }, (_, j) => (anywhere ? 0 : j));
  for (let i = 1; i <= pattern.length; i++) {
    const current = [i];
    for (let j = 1; j <= text.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (pattern[i - 1] === text[j - 1] ? 0 : 1));
    previous = current;
  }
  return anywhere ? Math.min(...previous) : previous[text.length]!;
}

describe('editDistance', () => {
  // Few letters, so words share many; past 32 and 64 characters the column spans two and three words.
  const letters = fc.constantFrom(...'abcab_xé\u0430');
  const word = (maxLength: number) => fc.array(letters, { maxLength }).map((chars) => chars.join(''));

  for (const anywhere of [false, true]) {
    it(`agrees with the whole table ${anywhere ? 'for the best match anywhere in the text' : 'for whole strings'}, for patterns of one to three words`, () => {
      fc.assert(
        fc.property(word(80), word(80), (pattern, text) => {
          expect(editDistance(distancePattern(pattern), text, anywhere)).to.equal(plainDistance(pattern, text, anywhere));
        }),
        { numRuns: 3000 },
      );
    });
  }

  it('gives the same answer when one pattern is measured against many texts', () => {
    const pattern = distancePattern('delete_non_fungible_token_allowance_tool');
    const texts = ['delete_token_allowance_tool', 'delete_non_fungible_token_allowance', '', 'x'.repeat(70), 'delete_non_fungible_token_allowance_tool'];
    for (const text of [...texts, ...texts]) expect(editDistance(pattern, text)).to.equal(plainDistance(pattern.text, text, false));
  });
});
