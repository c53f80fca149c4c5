import { REDACTED } from '../values/private-key-patterns.js';

/** 1 for the base64 characters (which include hex and the URL-safe `-` and `_`), by char code. */
const IN_RUN = new Uint8Array(128);
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_') IN_RUN[char.charCodeAt(0)] = 1;
const PAD = '='.charCodeAt(0);
/** Base64 pads with at most two `=`. */
const MAX_PAD = 2;

function inRun(code: number): boolean {
  return code < 128 && IN_RUN[code] === 1;
}

/**
 * The longest run of base64 characters in `text`: what every recogniser needs first. Every string
 * of every result passes here, so the test is one table read per character.
 */
export function longestRun(text: string): number {
  let longest = 0;
  let run = 0;
  for (let at = 0; at < text.length; at++) {
    if (inRun(text.charCodeAt(at))) {
      if (++run > longest) longest = run;
    } else {
      run = 0;
    }
  }
  return longest;
}

/**
 * What the key checks share: find the runs of key-like characters in a text (base64 characters,
 * `=` padding included) and test each of at least `shortestRun` characters. A subclass says how long
 * and when one holds key material (`runHolds`). The runs are found by the table above, not a
 * regex: every result string passes here, and most hold no run that needs testing.
 */
export abstract class RunScanner {
  protected abstract readonly shortestRun: number;
  abstract get empty(): boolean;
  protected abstract runHolds(run: string): boolean;

  holds(text: string): boolean {
    if (this.empty || text.length < this.shortestRun) return false;
    for (let at = 0; at < text.length; ) {
      const end = this.runEnd(text, at);
      if (end < 0) at = -end;
      else if (this.runHolds(text.slice(at, end))) return true;
      else at = end;
    }
    return false;
  }

  redact(text: string): string {
    if (this.empty || text.length < this.shortestRun) return text;
    // Built only once a run is cut: a clean text comes back as it was, with no copy.
    let out: string | undefined;
    let kept = 0;
    for (let at = 0; at < text.length; ) {
      const end = this.runEnd(text, at);
      if (end < 0) {
        at = -end;
        continue;
      }
      if (this.runHolds(text.slice(at, end))) {
        out = (out ?? '') + text.slice(kept, at) + REDACTED;
        kept = end;
      }
      at = end;
    }
    return out === undefined ? text : out + text.slice(kept);
  }

  /**
   * From `at`: the end of a run long enough to test that starts there (its padding included), or,
   * negated, where to look next when none does (past a short run, or one character on).
   */
  private runEnd(text: string, at: number): number {
    let end = at;
    while (end < text.length && inRun(text.charCodeAt(end))) end++;
    if (end - at < this.shortestRun) return -Math.max(end, at + 1);
    for (let pad = 0; pad < MAX_PAD && text.charCodeAt(end) === PAD; pad++) end++;
    return end;
  }
}
