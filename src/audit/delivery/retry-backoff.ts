/**
 * The publisher's retries: per job, the failed attempts so far and when the next may start. Waits
 * double from `minMs` up to `maxMs`; a job that completes is forgotten.
 */
export class RetryBackoff {
  /** job → failed attempts so far and when the next may start (epoch ms) */
  private readonly retries = new Map<string, { attempts: number; at: number }>();

  constructor(
    private readonly minMs: number,
    private readonly maxMs: number,
  ) {}

  /** Records a failed attempt; returns how long the job waits before the next. */
  failed(job: string, now: number): number {
    const attempts = (this.retries.get(job)?.attempts ?? 0) + 1;
    const waitMs = Math.min(this.minMs * 2 ** (attempts - 1), this.maxMs);
    this.retries.set(job, { attempts, at: now + waitMs });
    return waitMs;
  }

  succeeded(job: string): void {
    this.retries.delete(job);
  }

  /** Whether the job is still waiting out its backoff at `now`. */
  waiting(job: string, now: number): boolean {
    return (this.retries.get(job)?.at ?? 0) > now;
  }

  /** Whether any job has a failed attempt it has not yet recovered from. */
  get anyFailing(): boolean {
    return this.retries.size > 0;
  }

  /** When each waiting job's next attempt is due (epoch ms). */
  dueTimes(): number[] {
    return [...this.retries.values()].map((retry) => retry.at);
  }
}
