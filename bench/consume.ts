/**
 * Reads a result as a caller does (its status and its sentence); throws if the call did not
 * succeed, so no loop skips its work and none is timed on results thrown away.
 */
export function consume(result: { raw: { status: string }; humanMessage: string }): void {
  if (result.raw.status !== 'SUCCESS' || result.humanMessage.length === 0) throw new Error(`dispatch bench: the call did not succeed: ${result.humanMessage}`);
}
