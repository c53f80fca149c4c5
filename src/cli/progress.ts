/** A command that is silent this long has its work named on stderr. */
export const PROGRESS_AFTER_MS = 1_000;
/** Then it says again that it is still at it, with the time so far. */
export const PROGRESS_EVERY_MS = 5_000;

/**
 * Runs `work` and, when it takes longer than a second, writes what is being waited for to stderr
 * (through `write`), then a reminder every few seconds: a command that waits on a network should not
 * look hung. Nothing is written for quick work, and never to stdout, so `--json` output and pipes
 * stay clean.
 *
 * @example
 * const result = await withProgress(io.stderr, 'waiting for network "testnet" to answer', kit.execute(tool, params));
 */
export async function withProgress<T>(write: (text: string) => void, what: string, work: Promise<T>, timing: { afterMs?: number; everyMs?: number } = {}): Promise<T> {
  const started = Date.now();
  const everyMs = timing.everyMs ?? PROGRESS_EVERY_MS;
  let repeat: ReturnType<typeof setInterval> | undefined;
  const first = setTimeout(() => {
    write(`… ${what}\n`);
    repeat = setInterval(() => write(`… still ${what} (${Math.round((Date.now() - started) / 1000)} s)\n`), everyMs);
    repeat.unref?.();
  }, timing.afterMs ?? PROGRESS_AFTER_MS);
  // Progress never keeps the process alive by itself.
  first.unref?.();
  try {
    return await work;
  } finally {
    clearTimeout(first);
    if (repeat) clearInterval(repeat);
  }
}
