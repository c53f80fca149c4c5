/**
 * The publisher's loop: runs `body` in the background, once at a time. Anything that may have made
 * work pokes it; a poke while the body runs makes it run again when it ends. The body sleeps with
 * `pause`, which a poke cuts short. Waiters (a flush) are told whenever something changed.
 */
export class WakeLoop {
  private run: Promise<void> | null = null;
  /** Set by anything that may have made work; cleared as a round begins. */
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private wake: (() => void) | null = null;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly body: () => Promise<void>,
    private readonly failed: (error: unknown) => void,
  ) {}

  /** Something may have made work: wake the body, or start it when it is not running. */
  poke(): void {
    if (this.stopped) return;
    this.changed();
    this.run ??= this.body()
      .catch(this.failed)
      .finally(() => {
        this.run = null;
        this.notify();
        if (this.again && !this.stopped) this.poke();
      });
  }

  /** Marks work as possibly made and cuts a pause short, without starting the body (it is running). */
  changed(): void {
    this.again = true;
    this.wake?.();
  }

  /** Called as a round begins; returns nothing, `poked` then says whether anything changed since. */
  beginRound(): void {
    this.again = false;
  }

  get poked(): boolean {
    return this.again;
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** The running body, if any. */
  get running(): Promise<void> | null {
    return this.run;
  }

  /** Stops the loop: the body's pause ends and no poke starts it again. */
  stop(): void {
    this.stopped = true;
    this.wake?.();
  }

  pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        if (this.timer) clearTimeout(this.timer);
        this.timer = null;
        this.wake = null;
        resolve();
      };
      this.timer = setTimeout(done, ms);
      // Delivery must not keep a process alive: what is undelivered is replayed from the journal on the next start.
      this.timer.unref();
      this.wake = done;
    });
  }

  /** Resolves at the next change (`notify`) or after `ms`, whichever is first. */
  nextChange(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Tells every waiter that something changed. */
  notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}
