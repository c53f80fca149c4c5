#!/usr/bin/env node
// `npm start` and `npm run devnet`: builds dist/ only when its sources changed since the last build
// (build-inputs.cjs says what counts), so a second start runs at once instead of compiling again
// for tens of seconds. `npm run build`, `npm test` and `npm pack` always build from scratch.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { STAMP, buildInputsDigest } = require('./build-inputs.cjs');

const root = path.resolve(__dirname, '..');
/** Both builds' entries: a stamp beside a dist/ someone emptied by hand is no build. */
const ENTRIES = [path.join('dist', 'src', 'index.js'), path.join('dist', 'esm', 'src', 'index.js')];

function isCurrent() {
  const stamp = path.join(root, STAMP);
  if (!fs.existsSync(stamp) || !ENTRIES.every((entry) => fs.existsSync(path.join(root, entry)))) return false;
  return fs.readFileSync(stamp, 'utf8').trim() === buildInputsDigest(root);
}

if (isCurrent()) {
  process.stderr.write('build: dist/ is current (nothing changed under src/, plugins/, test/, bench/, scripts/, tsconfig*.json or package*.json since it was built); skipping the build\n');
} else {
  require('./build.cjs');
}
