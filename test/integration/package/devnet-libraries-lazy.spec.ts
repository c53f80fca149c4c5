import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../../..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; exports: Record<string, unknown> };

/**
 * What only the embedded devnet needs: its EVM, its gRPC server side and proto loader, the hashes
 * it brings for the EVM, and its own files. (The SDK's copy of @noble/hashes lives inside ethers.)
 */
const DEVNET_ONLY: { what: string; pattern: RegExp }[] = [
  { what: 'the EVM (@ethereumjs)', pattern: /\/node_modules\/@ethereumjs\// },
  { what: "gRPC's server", pattern: /\/node_modules\/@grpc\/grpc-js\/build\/src\/server[^/]*\.js$/ },
  { what: "gRPC's proto loader", pattern: /\/node_modules\/@grpc\/proto-loader\// },
  { what: '@noble/hashes (the EVM hashes)', pattern: new RegExp(`^${asPattern(path.join(ROOT, 'node_modules/@noble/hashes/'))}`) },
  { what: "the devnet's own modules", pattern: /\/dist\/(esm\/)?src\/devnet\// },
];

function asPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The files a fresh Node loads for `entry` beyond what the app's own `@hiero-ledger/sdk` loads
 * (an app that uses this package has the SDK loaded anyway), as required (CommonJS) or imported
 * (ES modules: a resolve hook sees every import, require.cache every CommonJS file either way).
 */
async function filesLoadedBeyondTheSdk(entry: string, how: 'require' | 'import', work: string): Promise<string[]> {
  const log = path.join(work, `${how}-${entry.replace(/\W+/g, '_')}.log`);
  const hooks = path.join(work, 'hooks.mjs');
  writeFileSync(hooks, `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (resolved.url.startsWith('file:')) appendFileSync(${JSON.stringify(log)}, new URL(resolved.url).pathname + '\\n');
  return resolved;
}
`);
  writeFileSync(path.join(work, 'register.mjs'), `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${hooks}`)});\n`);
  const load = how === 'require' ? 'require' : 'await import';
  const program = `
    const { appendFileSync } = require('node:fs');
    const note = (files) => appendFileSync(${JSON.stringify(log)}, files.join('\\n') + '\\n');
    (async () => {
      ${load}('@hiero-ledger/sdk');
      note(Object.keys(require.cache));
      note(['--- entry']);
      ${load}(${JSON.stringify(entry)});
      note(Object.keys(require.cache));
    })().catch((error) => { console.error(error); process.exitCode = 1; });
  `;
  await run(process.execPath, ['--import', path.join(work, 'register.mjs'), '-e', program], { cwd: ROOT, timeout: 60_000 });
  const [before, after] = readFileSync(log, 'utf8').split('--- entry\n') as [string, string];
  const sdkFiles = new Set(before.split('\n'));
  return [...new Set(after.split('\n'))].filter((file) => file && !sdkFiles.has(file));
}

function devnetOnly(files: string[]): string[] {
  return files.filter((file) => DEVNET_ONLY.some(({ pattern }) => pattern.test(file))).map((file) => path.relative(ROOT, file));
}

describe("the package's entries load no devnet-only library until the devnet is used", function () {
  this.timeout(180_000);
  let work: string;
  before(() => (work = mkdtempSync(path.join(tmpdir(), 'agent-hooks-lazy-'))));
  after(() => rmSync(work, { recursive: true, force: true }));

  // The main entry, and the configuration entry, which starts a devnet when a file names one.
  const entries = [pkg.name, `${pkg.name}/config`];

  for (const how of ['require', 'import'] as const) {
    for (const entry of entries) {
      it(`${how} ${entry} loads none of the devnet's libraries`, async () => {
        const loaded = await filesLoadedBeyondTheSdk(entry, how, work);
        expect(loaded.length, 'nothing was seen loading: the check itself is broken').to.be.greaterThan(0);
        expect(devnetOnly(loaded)).to.deep.equal([]);
      });
    }

    it(`${how} ${pkg.name}/devnet does load them (so the check above sees them when they load)`, async () => {
      const seen = devnetOnly(await filesLoadedBeyondTheSdk(`${pkg.name}/devnet`, how, work));
      expect(seen.some((file) => /(^|\/)dist\/(esm\/)?src\/devnet\//.test(file)), `the devnet's modules among ${seen.join(', ')}`).to.equal(true);
    });
  }
});
