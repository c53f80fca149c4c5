import { expect } from 'chai';
import fc from 'fast-check';
import { REDACTED } from '../../../src/values/private-key-patterns.js';
import { RunScanner, longestRun } from '../../../src/secrets/run-scanner.js';

/** Records the runs it is asked about, and holds those that contain "KEY". */
class RecordingScanner extends RunScanner {
  protected readonly shortestRun: number;
  readonly asked: string[] = [];
  constructor(shortest: number) {
    super();
    this.shortestRun = shortest;
  }
  get empty(): boolean {
    return false;
  }
  protected runHolds(run: string): boolean {
    this.asked.push(run);
    return run.includes('KEY');
  }
}

/** What a regex finds: the definition of a run the scanner must keep to. */
function runsByRegex(text: string, shortest: number): string[] {
  return [...text.matchAll(new RegExp(`[A-Za-z0-9+/_-]{${shortest},}={0,2}`, 'g'))].map(([run]) => run);
}

/** Texts made of run characters, padding, separators and non-ASCII, where runs start and end anywhere. */
const texts = fc.array(fc.constantFrom('a', 'Z', '0', '+', '/', '-', '_', 'K', 'E', 'Y', '=', ' ', '.', ':', 'é', '\n'), { maxLength: 80 }).map((chars) => chars.join(''));

describe('RunScanner', () => {
  for (const shortest of [12, 43]) {
    it(`tests exactly the runs of at least ${shortest} characters a regex finds, padding included`, () => {
      fc.assert(fc.property(texts, (text) => {
        const scanner = new RecordingScanner(shortest);
        scanner.redact(text.replace(/KEY/g, 'kEY'));
        expect(scanner.asked).to.deep.equal(runsByRegex(text.replace(/KEY/g, 'kEY'), shortest));
      }), { numRuns: 500 });
    });
  }

  it('cuts each run that holds key material whole and keeps everything else as it was', () => {
    fc.assert(fc.property(texts, (text) => {
      const expected = text.replace(/[A-Za-z0-9+/_-]{12,}={0,2}/g, (run) => (run.includes('KEY') ? REDACTED : run));
      expect(new RecordingScanner(12).redact(text)).to.equal(expected);
      expect(new RecordingScanner(12).holds(text)).to.equal(expected !== text);
    }), { numRuns: 500 });
  });

  it('returns a clean text itself, not a copy', () => {
    const text = ['abcdefghijklmnop', ' and more'].join('');
    expect(new RecordingScanner(12).redact(text)).to.equal(text);
  });
});

describe('longestRun', () => {
  it('is the length of the longest run of base64 characters', () => {
    fc.assert(fc.property(texts, (text) => {
      const longest = Math.max(0, ...(text.match(/[A-Za-z0-9+/_-]+/g) ?? []).map((run) => run.length));
      expect(longestRun(text)).to.equal(longest);
    }), { numRuns: 500 });
  });
});
