/**
 * The calls a kit has started and not yet returned, as a count: `close()` waits for it to reach
 * zero. A set of the calls' promises cost each call an insertion, a deletion and two promise
 * reactions; a count costs two additions.
 */
export class CallsInFlight {
  private count = 0;
  private waiting: (() => void)[] = [];

  get size(): number {
    return this.count;
  }

  start(): void {
    this.count++;
  }

  end(): void {
    // Sequential calls bring the count to zero every time: only a close() waiting needs a new list.
    if (--this.count > 0 || this.waiting.length === 0) return;
    const waiting = this.waiting;
    this.waiting = [];
    for (const resume of waiting) resume();
  }

  /** Resolves once no call is in flight (at once when none is). */
  idle(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise<void>((resolve) => this.waiting.push(resolve));
  }
}
