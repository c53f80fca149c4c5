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

/**
 * Each contender once to warm up, then `rounds` rounds in which every contender runs once in turn:
 * the median ns per call of each, in the order given.
 */
export async function interleavedMedians(contenders: readonly (() => Promise<void>)[], calls: number, rounds: number): Promise<number[]> {
  for (const run of contenders) await run();
  const times = contenders.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    for (let at = 0; at < contenders.length; at++) times[at]!.push(await timePerCall(contenders[at]!, calls));
  }
  return times.map(median);
}
