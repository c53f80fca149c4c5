import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');
// semver is in the tree already (dependency-cruiser brings it); it reads ranges exactly as npm does.
const semver = createRequire(path.join(ROOT, 'package.json'))('semver') as { satisfies(version: string, range: string, options?: { includePrerelease?: boolean }): boolean };

interface LockEntry {
  version?: string;
  optional?: boolean;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/**
 * Overrides in package.json that stand in for a pin of a dependency's own: each must still have
 * its cause, so the override goes when the pin does.
 */
const OVERRIDDEN: { name: string; pinnedBy: string; pin: string }[] = [
  { name: 'ansi-styles', pinnedBy: '@hiero-ledger/sdk', pin: '7.0.0' },
  { name: 'ansi-styles', pinnedBy: '@hiero-ledger/cryptography', pin: '7.0.0' },
  { name: 'openai', pinnedBy: '@openai/agents', pin: '^7.2.0' },
];

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** The name a lock path installs: the part after its last node_modules/. */
function nameAt(lockPath: string): string {
  return lockPath.slice(lockPath.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/**
 * What `npm ci` warns EBADENGINE about, read from what it installed: every package of
 * package-lock.json that is on disk (optional ones npm skipped for this platform are not), whose
 * own package.json declares an engines.node range the running Node does not satisfy.
 */
function unsupportedOnThisNode(): { lockPath: string; name: string; version: string; range: string }[] {
  const lock = readJson<{ packages: Record<string, LockEntry> }>(path.join(ROOT, 'package-lock.json'));
  const found: { lockPath: string; name: string; version: string; range: string }[] = [];
  for (const lockPath of Object.keys(lock.packages)) {
    if (!lockPath) continue; // the project itself
    const manifest = path.join(ROOT, lockPath, 'package.json');
    if (!existsSync(manifest)) continue;
    const { version, engines } = readJson<{ version: string; engines?: { node?: unknown } }>(manifest);
    const range = engines?.node;
    if (typeof range !== 'string') continue;
    if (!semver.satisfies(process.version, range, { includePrerelease: true })) found.push({ lockPath, name: nameAt(lockPath), version, range });
  }
  return found;
}

describe('package: what npm ci installs supports the Node it runs on', () => {
  it(`installs no package whose engines.node excludes ${process.version}`, () => {
    const unsupported = unsupportedOnThisNode();
    expect(unsupported.map((entry) => `${entry.lockPath}@${entry.version} wants node ${entry.range}`), 'npm ci warns EBADENGINE for these').to.deep.equal([]);
  });

  it('overrides only what a dependency pins to a version that needs a newer Node', () => {
    const lock = readJson<{ packages: Record<string, LockEntry> }>(path.join(ROOT, 'package-lock.json'));
    for (const { name, pinnedBy, pin } of OVERRIDDEN) {
      const entry = lock.packages[`node_modules/${pinnedBy}`];
      expect(entry, `${pinnedBy} is no longer installed: drop its ${name} override`).to.not.equal(undefined);
      const declared = entry!.dependencies?.[name] ?? entry!.peerDependencies?.[name];
      expect(declared, `${pinnedBy} no longer asks for ${name} ${pin}: drop the override`).to.equal(pin);
    }
  });
});
