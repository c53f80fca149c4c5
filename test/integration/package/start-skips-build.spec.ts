import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');
const BUILD_SCRIPTS = ['build.cjs', 'build-if-stale.cjs', 'build-inputs.cjs', 'clean-dist.cjs', 'write-esm-package.cjs'];
const COMPILES = /^build: compiling dist\//m;
const SKIPS = /^build: dist\/ is current .*skipping the build$/m;

interface StartRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * A small project with this repository's build scripts, tsconfig layout and `npm start` line, its
 * CLI a stub that says it started: `npm start` runs exactly as here, without the demo's devnet
 * (and without rebuilding the dist/ this spec runs from).
 */
function makeProject(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'agent-hooks-start-'));
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'start-project', version: '1.0.0', private: true, scripts: { build: scripts.build, start: scripts.start } }, null, 2));
  mkdirSync(path.join(dir, 'scripts'));
  for (const script of BUILD_SCRIPTS) copyFileSync(path.join(ROOT, 'scripts', script), path.join(dir, 'scripts', script));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const compilerOptions = { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', types: ['node'], rootDir: '.', outDir: 'dist', strict: true, skipLibCheck: true };
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src', 'plugins', 'test', 'bench'] }, null, 2));
  writeFileSync(path.join(dir, 'tsconfig.esm.json'), JSON.stringify({ extends: './tsconfig.json', compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', outDir: 'dist/esm' }, include: ['src', 'plugins'] }, null, 2));
  const files: Record<string, string> = {
    'src/index.ts': 'export const greeting = "hello";\n',
    'src/cli/main.ts': 'import { greeting } from "../index.js";\nconsole.log(`${greeting} from ${process.argv[2]}`);\n',
    'plugins/plugin.ts': 'export const plugin = 1;\n',
    'test/example.spec.ts': 'export const spec = 1;\n',
    'bench/example-bench.ts': 'export const bench = 1;\n',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

function npmStart(dir: string): Promise<StartRun> {
  return new Promise((resolve) => {
    execFile('npm', ['start', '--silent'], { cwd: dir, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

async function expectBuilt(dir: string, why: string): Promise<StartRun> {
  const run = await npmStart(dir);
  expect(run.code, `${why}: npm start failed:\n${run.stderr}`).to.equal(0);
  expect(run.stderr, `${why}: npm start should have built`).to.match(COMPILES);
  return run;
}

async function expectSkipped(dir: string, why: string): Promise<StartRun> {
  const run = await npmStart(dir);
  expect(run.code, `${why}: npm start failed:\n${run.stderr}`).to.equal(0);
  expect(run.stderr, `${why}: npm start should not have built`).to.not.match(COMPILES);
  expect(run.stderr).to.match(SKIPS);
  return run;
}

describe('npm start builds only when dist/ is out of date', function () {
  this.timeout(600_000);
  let dir: string;

  beforeEach(async () => {
    dir = makeProject();
    await expectBuilt(dir, 'the first start');
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('starts at once from the dist/ the last start built, and runs what it built', async () => {
    const entry = path.join(dir, 'dist/src/index.js');
    const builtAt = statSync(entry).mtimeMs;
    const run = await expectSkipped(dir, 'a second start with nothing changed');
    expect(run.stdout.trim()).to.equal('hello from demo');
    expect(statSync(entry).mtimeMs, 'dist/ was written again').to.equal(builtAt);
  });

  it('builds again after any edit under src/, plugins/, test/ or bench/, and runs the new code', async () => {
    writeFileSync(path.join(dir, 'src/index.ts'), 'export const greeting = "changed";\n');
    expect((await expectBuilt(dir, 'an edit in src/')).stdout.trim()).to.equal('changed from demo');
    await expectSkipped(dir, 'the start after it');
    for (const file of ['plugins/plugin.ts', 'test/example.spec.ts', 'bench/example-bench.ts']) {
      appendFileSync(path.join(dir, file), '// edited\n');
      await expectBuilt(dir, `an edit of ${file}`);
    }
  });

  it('builds again after a change to tsconfig.json, tsconfig.esm.json or package.json', async () => {
    for (const file of ['tsconfig.json', 'tsconfig.esm.json', 'package.json']) {
      appendFileSync(path.join(dir, file), '\n');
      await expectBuilt(dir, `a change to ${file}`);
    }
  });

  it('builds again when a source file is added or removed', async () => {
    writeFileSync(path.join(dir, 'src/added.ts'), 'export const added = 1;\n');
    await expectBuilt(dir, 'a file added to src/');
    unlinkSync(path.join(dir, 'src/added.ts'));
    await expectBuilt(dir, 'a file removed from src/');
  });

  it('notices an edit that keeps the file its old size and modification time', async () => {
    const file = path.join(dir, 'src/index.ts');
    const { atime, mtime } = statSync(file);
    writeFileSync(file, 'export const greeting = "HELLO";\n');
    utimesSync(file, atime, mtime);
    expect((await expectBuilt(dir, 'a same-size edit with its mtime set back')).stdout.trim()).to.equal('HELLO from demo');
  });

  it('builds again when dist/ was deleted, or the last build failed even if the sources are back as before', async () => {
    rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
    await expectBuilt(dir, 'a deleted dist/');

    const file = path.join(dir, 'src/index.ts');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, 'export const greeting: number = "not a number";\n');
    const failed = await npmStart(dir);
    expect(failed.code, 'a start over a type error').to.not.equal(0);
    expect(failed.stderr).to.match(/build: failed/);
    writeFileSync(file, good);
    expect((await expectBuilt(dir, 'the sources the last whole build had, after a failed build')).stdout.trim()).to.equal('hello from demo');
  });
});
