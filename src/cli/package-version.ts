import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * This package's version, read from its package.json at run time: the compiled CLI sits at
 * dist/src/cli, the tests' copy at dist/test/…, so the file is found by walking up to it rather
 * than by a fixed relative path.
 */
export function packageVersion(from: string = __dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'hedera-agent-hooks' && pkg.version) return pkg.version;
    }
    if (path.dirname(dir) === dir) throw new Error(`package.json of hedera-agent-hooks not found above ${from}`);
  }
}
