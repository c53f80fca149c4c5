/** Nanoseconds per call of `run`, which makes `calls` calls. */
export async function timePerCall(run: () => Promise<void>, calls: number): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / calls;
}

/** The median, rounded: rounds are timed alternately, so drift hits every contender alike. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]!);
}
