/**
 * Resolves on the first SIGINT or SIGTERM, then stops listening for both: how a serving command
 * (the console, the signer) waits before it closes what it opened.
 */
export function untilStopSignal(): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
