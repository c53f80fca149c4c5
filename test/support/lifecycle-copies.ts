import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

/** dist/src of the CommonJS build these tests run from. */
const SRC = path.resolve(__dirname, '../../src');
const LIFECYCLE = path.join(SRC, 'lifecycle');

/**
 * A second copy of a lifecycle module and of every lifecycle module it loads, as tsx's require hook
 * makes one beside the copy the app imported: the files are the same, the module instances (and any
 * state they keep) are new. The first copies stay what every other module uses.
 *
 * @example
 * const { BaseTool } = secondCopyOf<typeof import('../../src/lifecycle/base-tool.js')>('base-tool.js');
 */
export function secondCopyOf<T>(file: string): T {
  const inLifecycle = (key: string) => key.startsWith(LIFECYCLE + path.sep);
  const firsts = Object.entries(require.cache).filter(([key]) => inLifecycle(key));
  for (const [key] of firsts) delete require.cache[key];
  try {
    return require(path.join(LIFECYCLE, file)) as T;
  } finally {
    for (const key of Object.keys(require.cache).filter(inLifecycle)) delete require.cache[key];
    for (const [key, module] of firsts) require.cache[key] = module;
  }
}

/** A copy of this build's lifecycle in a folder of its own, beside the real errors and values. */
export interface LifecycleBuild {
  load<T>(file: string): T;
  remove(): void;
}

/**
 * The lifecycle as another build or install of the package has it: its own folder, whose entry no
 * program loaded, so nothing bound its transaction strategies (what a tool of the ES-module build
 * meets in a CommonJS kit whose app never imported the ES-module entry). Made inside dist/ so the
 * package's dependencies resolve from it.
 */
export function unboundLifecycleBuild(): LifecycleBuild {
  const root = mkdtempSync(path.join(SRC, '..', 'lifecycle-build-'));
  cpSync(LIFECYCLE, path.join(root, 'lifecycle'), { recursive: true });
  for (const folder of ['errors', 'values']) symlinkSync(path.join(SRC, folder), path.join(root, folder), 'dir');
  return {
    load: <T>(file: string) => require(path.join(root, 'lifecycle', file)) as T,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
