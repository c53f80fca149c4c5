import { readFileSync } from 'node:fs';
import path from 'node:path';

const PACKAGE_NAME = 'hedera-agent-hooks';

/**
 * The version in this package's own package.json, found by walking up from `start`: the CommonJS
 * build sits three folders below it and the ES-module build four, under a package.json of its own
 * (`{ "type": "module" }`, no name), so the file is recognised by its name, not by being nearest.
 * Undefined when no such file is found (the package was bundled into something else).
 */
export function packageVersionFrom(start: string): string | undefined {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    const manifest = readManifest(path.join(dir, 'package.json'));
    if (manifest?.name === PACKAGE_NAME && typeof manifest.version === 'string') return manifest.version;
    if (path.dirname(dir) === dir) return undefined;
  }
}

let cached: string | undefined;

/**
 * This package's version, as MCP clients are told it (`'unknown'` when it cannot be read). A `.cts`
 * file compiles to CommonJS in both builds, so `__dirname` is there for each.
 */
export function packageVersion(): string {
  return (cached ??= packageVersionFrom(__dirname) ?? 'unknown');
}

function readManifest(file: string): { name?: unknown; version?: unknown } | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
  } catch {
    // Absent, unreadable or not JSON: not the file looked for; keep walking up.
    return undefined;
  }
}
