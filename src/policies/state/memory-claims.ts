import type { ClaimAnswer, ClaimBook } from './policy-store.js';

interface Held {
  readonly holder: string;
  record: string;
  until: number;
}

/**
 * Claims kept in this process. Each operation finishes before it returns a promise, so two calls
 * taking one key in the same turn are ordered: the second is told of the first.
 */
export class MemoryClaims implements ClaimBook {
  private readonly held = new Map<string, Held>();
  private sweptAt = 0;

  constructor(private readonly clock: () => number) {}

  async take(key: string, holder: string, record: string, holdMs: number): Promise<ClaimAnswer> {
    const now = this.clock();
    this.sweep(now);
    const current = this.live(key, now);
    if (current) return { ok: false, holder: current.holder, record: current.record };
    this.held.set(key, { holder, record, until: now + holdMs });
    return { ok: true };
  }

  async update(key: string, holder: string, record: string, holdMs: number): Promise<void> {
    const now = this.clock();
    const current = this.live(key, now);
    if (current?.holder !== holder) return;
    current.record = record;
    current.until = now + holdMs;
  }

  async drop(key: string, holder: string): Promise<void> {
    if (this.held.get(key)?.holder === holder) this.held.delete(key);
  }

  clear(): void {
    this.held.clear();
  }

  private live(key: string, now: number): Held | undefined {
    const current = this.held.get(key);
    if (current && current.until <= now) {
      this.held.delete(key);
      return undefined;
    }
    return current;
  }

  /** Forgets lapsed claims about once a minute, so keys no one repeats do not pile up. */
  private sweep(now: number): void {
    if (now - this.sweptAt < 60_000) return;
    this.sweptAt = now;
    for (const [key, current] of this.held) if (current.until <= now) this.held.delete(key);
  }
}
