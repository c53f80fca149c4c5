/** How long a finished command may take to wind down before it is ended. */
export const EXIT_GRACE_MS = 1_000;

/**
 * Ends the process with `code` if it has not ended by itself `graceMs` after the command finished.
 * The timer is unref'd, so a process with nothing left to do exits at once, as usual. It exists
 * because the SDK's gRPC channels (grpc-js) may go on retrying a connection to an unreachable node
 * after the client was closed, which kept `agent-hooks call` alive for minutes after its output.
 *
 * @example
 * exitWhenIdle(process.exitCode ?? 0);
 */
export function exitWhenIdle(code: number, options: { graceMs?: number; exit?: (code: number) => void } = {}): ReturnType<typeof setTimeout> {
  const exit = options.exit ?? ((value: number) => process.exit(value));
  const timer = setTimeout(() => exit(code), options.graceMs ?? EXIT_GRACE_MS);
  timer.unref?.();
  return timer;
}
