import { closeSync, fsyncSync, openSync, unlinkSync } from 'node:fs';

/**
 * Makes a folder's entries durable: a file created or renamed in it survives a crash only once the
 * folder itself is synced.
 */
export function syncDirectory(path: string): void {
  try {
    const fd = openSync(path, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // some file systems refuse fsync on directories; the file itself is synced
  }
}

/** Deletes a file that may not be there; any other failure is thrown. */
export function removeIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
