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
 * Engine ranges this project cannot change, each checked to still be true, so the exception goes
 * when its cause does: a package pinned, by exact version, by a peer this package supports and
 * whose version the app chooses. npm warns for them on Node 20 in any app with that peer.
 */
const NOT_OURS: { name: string; version: string; pinnedBy: string[]; why: string }[] = [
  {
    name: 'ansi-styles',
    version: '7.0.0',
    pinnedBy: ['@hiero-ledger/sdk', '@hiero-ledger/cryptography'],
    why: '@hiero-ledger/sdk 2.87 and its @hiero-ledger/cryptography pin ansi-styles 7.0.0 (node >=22) and never load it',
  },
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
  it(`installs no package of this project's choosing whose engines.node excludes ${process.version}`, () => {
    const unsupported = unsupportedOnThisNode();
    const ours = unsupported.filter((entry) => !NOT_OURS.some((known) => known.name === entry.name && known.version === entry.version));
    expect(ours.map((entry) => `${entry.lockPath}@${entry.version} wants node ${entry.range}`), 'npm ci warns EBADENGINE for these').to.deep.equal([]);
    for (const entry of unsupported.filter((found) => !ours.includes(found))) {
      const known = NOT_OURS.find((candidate) => candidate.name === entry.name)!;
      console.log(`      (not ours: ${entry.lockPath}@${entry.version} wants node ${entry.range}; ${known.why})`);
    }
  });

  it('still has a cause for every engine warning it leaves to others', () => {
    const lock = readJson<{ packages: Record<string, LockEntry> }>(path.join(ROOT, 'package-lock.json'));
    for (const known of NOT_OURS) {
      for (const pinner of known.pinnedBy) {
        const entry = lock.packages[`node_modules/${pinner}`];
        expect(entry, `${pinner} is no longer installed: drop the ${known.name} exception`).to.not.equal(undefined);
        const pin = entry!.dependencies?.[known.name] ?? entry!.peerDependencies?.[known.name];
        expect(pin, `${pinner} no longer pins ${known.name} ${known.version}: drop the exception`).to.equal(known.version);
      }
    }
  });
});
