/** Words for the numbers in budget and rate-limit block reasons. */

/** A window length: `24 h`, `90 s`, `1500 ms`. */
export function windowText(ms: number): string {
  if (ms % 86_400_000 === 0 && ms >= 2 * 86_400_000) return `${ms / 86_400_000} days`;
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1_000 === 0) return `${ms / 1_000} s`;
  return `${ms} ms`;
}

/** A wait, rounded up, in at most two units: `3 h 12 min`, `45 s`, `0.3 s`. */
export function waitText(ms: number): string {
  const wait = Math.max(0, Math.ceil(ms));
  if (wait < 1_000) return `${(Math.ceil(wait / 100) / 10).toString()} s`;
  const seconds = Math.ceil(wait / 1_000);
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3_600) return `${Math.floor(seconds / 60)} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
  const minutes = Math.ceil(seconds / 60);
  const hours = Math.floor(minutes / 60);
  return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
}
