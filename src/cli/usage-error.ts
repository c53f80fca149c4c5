/** A mistake in the command line itself; the CLI prints it and exits with the usage code. */
export class UsageError extends Error {
  override name = 'UsageError';
}
