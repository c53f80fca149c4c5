/** Nanoseconds per call of `run`, which makes `calls` calls. */
export async function timePerCall(run: () => Promise<void>, calls: number): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / calls;
}

/**
 * Nanoseconds of this process's CPU time per call of `run` (user and system, GC threads included).
 * For loops that never wait on I/O this is the work they do; unlike wall time it does not count the
 * slices in which a busy machine ran other processes instead, which landed on rounds at random.
 */
export async function cpuTimePerCall(run: () => Promise<void>, calls: number): Promise<number> {
  const start = process.cpuUsage();
  await run();
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1000) / calls;
}

/** The median, rounded: rounds are timed alternately, so drift hits every contender alike. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]!);
}

/**
 * Each contender once to warm up, then `rounds` rounds in which every contender runs once in turn,
 * each round starting one contender further on (so none always runs right after the same other,
 * whose garbage it would collect; with rounds a multiple of the contenders, each runs as often in
 * every place): the median CPU ns per call of each, in the order given. The loops compared here do
 * no I/O, so CPU time is their whole cost.
 */
export async function interleavedMedians(contenders: readonly (() => Promise<void>)[], calls: number, rounds: number): Promise<number[]> {
  for (const run of contenders) await run();
  const times = contenders.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < contenders.length; turn++) {
      const at = (round + turn) % contenders.length;
      times[at]!.push(await cpuTimePerCall(contenders[at]!, calls));
    }
  }
  return times.map(median);
}
