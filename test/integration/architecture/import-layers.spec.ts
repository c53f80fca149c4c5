import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(__dirname, '../../../..');
const depcruise = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const run = promisify(execFile);

interface Cruise {
  modules: { source: string }[];
  summary: { error: number; violations: { rule: { name: string; severity: string }; from: string; to: string }[] };
}

/** Runs the checker as `npm run lint:imports` does, in `cwd`, and reads its JSON report. */
async function cruise(cwd: string, ...args: string[]): Promise<Cruise> {
  const { stdout } = await run(process.execPath, [depcruise, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...args], { cwd, maxBuffer: 64 * 1024 * 1024 }).catch(
    // A run that finds violations exits non-zero; its report is still on stdout.
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  );
  return JSON.parse(stdout) as Cruise;
}

const errorsOf = (report: Cruise) => report.summary.violations.filter((violation) => violation.rule.severity === 'error');

describe('the import checker (.dependency-cruiser.cjs, docs/architecture.md)', function () {
  this.timeout(120_000);

  describe('when it checks this package', () => {
    it('finds no cycle and no import against the layer order in src/ and plugins/', async () => {
      const report = await cruise(root, 'src', 'plugins');
      expect(report.modules.length).to.be.greaterThan(400);
      expect(errorsOf(report).map((violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`)).to.deep.equal([]);
    });

    it('sees that BaseTool pulls in nothing above the lifecycle: no kit, DI, listeners, hooks, policies or modes', async () => {
      const report = await cruise(root, '--do-not-follow', '^node_modules', 'src/lifecycle/base-tool.ts');
      const reached = report.modules.map((module) => module.source).filter((source) => source.startsWith('src/'));
      expect(reached).to.include('src/lifecycle/base-tool.ts');
      expect(reached.filter((source) => !/^src\/(lifecycle|values|errors)\//.test(source))).to.deep.equal([]);
    });
  });

  describe('when a tree breaks the rules', () => {
    let fixture: string;
    beforeEach(() => {
      fixture = mkdtempSync(path.join(tmpdir(), 'agent-hooks-layers-'));
      copyFileSync(path.join(root, '.dependency-cruiser.cjs'), path.join(fixture, '.dependency-cruiser.cjs'));
      writeFileSync(path.join(fixture, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }));
    });
    afterEach(() => rmSync(fixture, { recursive: true, force: true }));

    function write(file: string, text: string): void {
      mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
      writeFileSync(path.join(fixture, file), text);
    }

    it('fails a type-only cycle between two files of one folder', async () => {
      write('src/values/a.ts', "import type { B } from './b.js';\nexport type A = B | 'a';\n");
      write('src/values/b.ts', "import type { A } from './a.js';\nexport type B = Exclude<A, 'a'> | 'b';\n");
      const names = errorsOf(await cruise(fixture, 'src')).map((violation) => violation.rule.name);
      expect(names).to.include('no-circular');
    });

    it('fails a type-only import from the lifecycle up into the kit, naming the layer rule', async () => {
      write('src/kit/kit.ts', 'export interface Kit { readonly name: string }\n');
      write('src/lifecycle/runner.ts', "import type { Kit } from '../kit/kit.js';\nexport const nameOf = (kit: Kit) => kit.name;\n");
      const errors = errorsOf(await cruise(fixture, 'src'));
      expect(errors.map((violation) => [violation.rule.name, violation.from, violation.to])).to.deep.include(['layer-lifecycle', 'src/lifecycle/runner.ts', 'src/kit/kit.ts']);
    });

    it('fails one direction of two folders that import each other, without any file cycle', async () => {
      write('src/hooks/hook.ts', "import { verdict } from '../policies/verdict.js';\nexport const hook = () => verdict;\n");
      write('src/policies/verdict.ts', "export const verdict = 'allow';\n");
      write('src/policies/uses-hook.ts', "import { hook } from '../hooks/hook.js';\nexport const used = hook;\n");
      const errors = errorsOf(await cruise(fixture, 'src'));
      expect(errors.map((violation) => violation.rule.name)).to.deep.equal(['layer-policies']);
    });

    it('fails the devnet importing anything of the rest of the package', async () => {
      write('src/lifecycle/errors.ts', "export const code = 'E';\n");
      write('src/devnet/node.ts', "import { code } from '../lifecycle/errors.js';\nexport const node = code;\n");
      const errors = errorsOf(await cruise(fixture, 'src'));
      expect(errors.map((violation) => violation.rule.name)).to.include('devnet-alone');
    });
  });
});
