import { expect } from 'chai';
import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');
const PLUGINS = path.join(ROOT, 'plugins');

interface PackageJson {
  name: string;
  exports: Record<string, string | Record<string, string | Record<string, string>>>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** What a plugin file may import: the package's public entries, plugins/ itself, and what the package installs. */
interface Allowed {
  packageName: string;
  /** Subpaths of package.json "exports", e.g. `.`, `./tools`. */
  subpaths: ReadonlySet<string>;
  /** The source file behind each export (dist/… mapped back to src/… or plugins/…, .js and .d.ts to .ts). */
  entrySources: ReadonlySet<string>;
  /** Packages a user's install brings: dependencies and peer dependencies (never devDependencies). */
  packages: ReadonlySet<string>;
}

/** The source files that package.json's exports point at, each condition's types and code alike. */
function entrySourcesOf(pkg: PackageJson): string[] {
  const targets: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') targets.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const [subpath, target] of Object.entries(pkg.exports)) if (subpath !== './package.json') collect(target);
  return [...new Set(targets.map((target) => path.join(ROOT, target.replace(/^\.\/dist\/(esm\/)?/, '').replace(/\.d\.ts$|\.js$/, '.ts'))))];
}

function allowedOf(pkg: PackageJson): Allowed {
  return {
    packageName: pkg.name,
    subpaths: new Set(Object.keys(pkg.exports)),
    entrySources: new Set(entrySourcesOf(pkg)),
    packages: new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]),
  };
}

/**
 * Every module a TypeScript file names: static imports and re-exports (type-only included, over
 * several lines too), `import('…')` and `require('…')`, `declare module '…'` and triple-slash
 * references. An `import(…)` or `require(…)` of anything but a string literal is reported as
 * `<not a string literal>`: it could name any module, so it cannot be checked. Comments are not
 * stripped; an import written out in one is reported as well, which errs on the side of refusing.
 */
export function specifiersOf(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /(?:^|[;\n])[ \t]*(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s*)?(['"])([^'"\n]+)\1/g,
    /\b(?:import|require)\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g,
    /\bdeclare\s+module\s+(['"])([^'"\n]+)\1/g,
    /^\/\/\/\s*<reference\s+(?:path|types)\s*=\s*(['"])([^'"\n]+)\1/gm,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[2]!);
  for (const match of source.matchAll(/\b(?:import|require)\s*\(\s*(?!['"][^'"\n]+['"]\s*\))[^)]/g)) found.push(`<not a string literal: ${match[0]}…>`);
  return found;
}

/** Why `specifier`, written in `file`, goes around the package's public entries; undefined when it does not. */
export function problemOf(file: string, specifier: string, allowed: Allowed): string | undefined {
  if (specifier.startsWith('<')) return `${specifier} cannot be checked; import a module by its name`;
  if (specifier.startsWith('.')) {
    const target = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts');
    if (target.startsWith(PLUGINS + path.sep) || allowed.entrySources.has(target)) return undefined;
    return `reaches ${path.relative(ROOT, target).split(path.sep).join('/')}, which no package.json export offers; use a public entry such as src/authoring/index.js (hedera-agent-hooks/tools)`;
  }
  if (path.isAbsolute(specifier)) return 'is an absolute path; use a public entry of the package';
  if (specifier === allowed.packageName || specifier.startsWith(`${allowed.packageName}/`)) {
    const subpath = specifier === allowed.packageName ? '.' : `./${specifier.slice(allowed.packageName.length + 1)}`;
    return allowed.subpaths.has(subpath) ? undefined : `is not one of the package's entries (${[...allowed.subpaths].join(', ')})`;
  }
  if (specifier.startsWith('node:') || builtinModules.includes(specifier)) return undefined;
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
  return allowed.packages.has(name) ? undefined : `names ${name}, which is neither a dependency nor a peer dependency, so a user's install lacks it`;
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(full);
    return /\.(m|c)?ts$/.test(entry.name) ? [full] : [];
  });
}

describe('plugins/ and the package entries', () => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as PackageJson;
  const allowed = allowedOf(pkg);

  describe('when every import of every plugins/ source file is read', () => {
    it('maps each package.json export to a source file that exists, hedera-agent-hooks/tools among them', () => {
      for (const source of allowed.entrySources) expect(existsSync(source), path.relative(ROOT, source)).to.equal(true);
      expect([...allowed.entrySources].map((source) => path.relative(ROOT, source).split(path.sep).join('/'))).to.include('src/authoring/index.ts');
    });

    it('finds imports only of public entries, of plugins/ itself, and of packages a user installs', () => {
      const files = sourcesUnder(PLUGINS);
      expect(files.length).to.be.greaterThan(50);
      const problems = files.flatMap((file) =>
        specifiersOf(readFileSync(file, 'utf8')).flatMap((specifier) => {
          const problem = problemOf(file, specifier, allowed);
          return problem ? [`${path.relative(ROOT, file)}: '${specifier}' ${problem}`] : [];
        }),
      );
      expect(problems, problems.join('\n')).to.deep.equal([]);
    });
  });

  describe('when the checker reads imports that go around the entries', () => {
    const file = path.join(PLUGINS, 'core-example/example-tool.ts');
    const problemsIn = (source: string) => specifiersOf(source).flatMap((specifier) => (problemOf(file, specifier, allowed) ? [specifier] : []));

    it('refuses src internals however they are written: value, type-only over several lines, re-export, dynamic, augmentation', () => {
      const source = [
        "import { strictInput } from '../../src/params/strict-input.js';",
        'import type {',
        '  Context,',
        "} from '../../src/lifecycle/context.js';",
        "export { mirrorFor } from '../../src/mirror/index.js';",
        "const lazy = () => import('../../src/kit/agent-kit.js');",
        "declare module '../../src/lifecycle/tool-types.js' {}",
        "const dynamic = (name: string) => require(name);",
      ].join('\n');
      expect(problemsIn(source)).to.deep.equal([
        '../../src/params/strict-input.js',
        '../../src/lifecycle/context.js',
        '../../src/mirror/index.js',
        '../../src/kit/agent-kit.js',
        '../../src/lifecycle/tool-types.js',
        '<not a string literal: require(n…>',
      ]);
    });

    it('refuses a package subpath that is no export, and a package a user does not install', () => {
      expect(problemsIn("import { x } from 'hedera-agent-hooks/dist/src/params/index.js';\nimport sinon from 'sinon';")).to.deep.equal([
        'hedera-agent-hooks/dist/src/params/index.js',
        'sinon',
      ]);
    });

    it('lets through public entries by path or name, plugins/ files, dependencies and node built-ins', () => {
      const source = [
        "import { BaseTool } from '../../src/index.js';",
        "import { strictInput } from '../../src/authoring/index.js';",
        "import { outcome } from '../_shared/token-facts.js';",
        "import type { Plugin } from 'hedera-agent-hooks';",
        "import { accountIdSchema } from 'hedera-agent-hooks/tools';",
        "import { Client } from '@hiero-ledger/sdk';",
        "import { z } from 'zod';",
        "import path from 'node:path';",
        "declare module '../../src/index.js' {}",
      ].join('\n');
      expect(specifiersOf(source)).to.have.length(9);
      expect(problemsIn(source)).to.deep.equal([]);
    });
  });
});
