import { REDACTED } from './private-key-patterns.js';

/**
 * What the key checks share: find the runs of key-like characters in a text and test each. A
 * subclass says which runs (`runs`, a global regex) and when one holds key material (`runHolds`).
 */
export abstract class RunScanner {
  protected abstract readonly runs: RegExp;
  abstract get empty(): boolean;
  protected abstract runHolds(run: string): boolean;

  holds(text: string): boolean {
    if (this.empty) return false;
    for (const [run] of text.matchAll(this.runs)) if (this.runHolds(run)) return true;
    return false;
  }

  redact(text: string): string {
    if (this.empty) return text;
    return text.replace(this.runs, (run) => (this.runHolds(run) ? REDACTED : run));
  }
}
