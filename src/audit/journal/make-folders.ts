import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * `mkdir -p`, one level at a time. Node's own recursive mkdir never returns for some paths (under
 * /proc it loops on ENOENT), which would hang start-up; here the first level that cannot be made
 * fails at once, with the folder and the reason.
 */
export function makeFolders(folder: string): void {
  const missing: string[] = [];
  for (let at = folder; !exists(at); at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const level of missing) {
    try {
      mkdirSync(level);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw new Error(`could not create the folder ${level} (for ${folder}): ${(error as Error).message}`);
    }
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}
