/**
 * A counting limit on work in progress: `run` waits for a free place, holds it while its task runs,
 * and hands it to the longest waiter when the task settles. Places are held only around one
 * submission, never while waiting for another place, so holders cannot wait on each other.
 *
 * @example
 * const limit = new InFlightLimit(16);
 * await Promise.all(messages.map((message) => limit.run(() => submit(message)))); // at most 16 at once
 */
export class InFlightLimit {
  private held = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  /** Places taken now. */
  get inFlight(): number {
    return this.held;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.held >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.held++;
    try {
      return await task();
    } finally {
      // The place passes straight to the next waiter, so `held` never dips and lets a newcomer jump the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.held--;
    }
  }
}
