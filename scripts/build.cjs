#!/usr/bin/env node
// `npm run build` (also before `npm test` and `npm pack`, and before `npm start` and `npm run devnet`
// when their sources changed: build-if-stale.cjs): the
// CommonJS and the ES-module compiles of src/ and plugins/ are independent, so they run side by side
// instead of one after the other, and a line on stderr says what is happening, as the compiles
// print nothing for several seconds. Each compile's own output is printed when it ends, under its
// name, so the two never interleave; the build fails if either does.
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');
const { STAMP, buildInputsDigest } = require('./build-inputs.cjs');

const root = path.resolve(__dirname, '..');
// typescript's exports map hides bin/, so find the package and take its declared bin.
const tsc = path.join(path.dirname(require.resolve('typescript/package.json', { paths: [root] })), require('typescript/package.json').bin.tsc);
const passes = [
  { name: 'CommonJS', project: 'tsconfig.json' },
  { name: 'ES modules', project: 'tsconfig.esm.json' },
];

function compile({ name, project }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ name, ok: false, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ name, ok: code === 0, output: signal ? `${output}tsc ended by ${signal}\n` : output }));
  });
}

async function main() {
  require('./clean-dist.cjs');
  // Taken before compiling: a file saved during the build makes the next start build again.
  const inputs = buildInputsDigest(root);
  process.stderr.write(`build: compiling dist/ with tsc (${passes.map((pass) => pass.name).join(' and ')}, in parallel); this takes 10–20 s…\n`);
  const started = Date.now();
  const results = await Promise.all(passes.map(compile));
  for (const result of results) if (result.output) process.stderr.write(`build: ${result.name} (tsc -p ${passes.find((pass) => pass.name === result.name).project}):\n${result.output}`);
  const failed = results.filter((result) => !result.ok);
  if (failed.length) {
    process.stderr.write(`build: failed (${failed.map((result) => result.name).join(', ')}); see the errors above\n`);
    process.exitCode = 1;
    return;
  }
  require('./write-esm-package.cjs');
  // Last, so only a whole build is stamped (build-if-stale.cjs reads it for npm start).
  require('node:fs').writeFileSync(path.join(root, STAMP), `${inputs}\n`);
  process.stderr.write(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

main().catch((error) => {
  process.stderr.write(`build: ${error.message}\n`);
  process.exitCode = 1;
});
