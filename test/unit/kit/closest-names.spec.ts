import { expect } from 'chai';
import fc from 'fast-check';
import { closestNames } from '../../../src/kit/closest-names.js';

/** The whole edit-distance table, as the plain definition reads: what the bounded, bit-parallel search must agree with. */
function plainDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

function plainClosest(name: string, known: readonly string[], limit: number): string[] {
  const needle = name.toLowerCase();
  return known
    .map((candidate) => ({ candidate, distance: plainDistance(needle, candidate.toLowerCase()) }))
    .filter(({ candidate, distance }) => distance <= Math.max(3, Math.floor(candidate.length / 2)) || candidate.includes(needle))
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}

describe('closestNames', () => {
  it('finds what the whole edit-distance table finds, for names short and long (past 32 characters), ASCII or not', () => {
    const letters = fc.constantFrom(...'abcdeAB_xyzé\u0430');
    const word = fc.array(letters, { minLength: 1, maxLength: 45 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(word, fc.array(word, { maxLength: 12 }), fc.integer({ min: 1, max: 3 }), (name, known, limit) => {
        expect(closestNames(name, known, limit)).to.deep.equal(plainClosest(name, known, limit));
      }),
      { numRuns: 3000 },
    );
  });

  it('suggests the tool a slip means', () => {
    expect(closestNames('transfer_hbr_tool', ['transfer_hbar_tool', 'create_topic_tool'], 1)).to.deep.equal(['transfer_hbar_tool']);
  });
});
