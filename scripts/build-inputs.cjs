#!/usr/bin/env node
// What a build of dist/ is made from, as one digest: every file under the folders tsc compiles
// (src/, plugins/, test/, bench/) and the build scripts, and the tsconfig files, package.json and
// package-lock.json. `npm run build` records it in dist/ when it succeeds; `npm start` compares it
// to skip a build whose output would be the same. Contents, not modification times: a checkout, a
// copy or an editor that saves without change all move mtimes, and a content change within the
// same second does not always move them.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const INPUT_FOLDERS = ['src', 'plugins', 'test', 'bench', 'scripts'];
const INPUT_FILES = /^(tsconfig.*\.json|package\.json|package-lock\.json)$/;
/** Where the build records the digest of what it compiled. */
const STAMP = path.join('dist', '.build-inputs.sha256');

/** Every input file, relative to `root`, in a fixed order. */
function inputFiles(root) {
  const files = fs.readdirSync(root).filter((name) => INPUT_FILES.test(name) && fs.statSync(path.join(root, name)).isFile());
  const walk = (relative) => {
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(child);
      else if (entry.isFile()) files.push(child);
    }
  };
  for (const folder of INPUT_FOLDERS) if (fs.existsSync(path.join(root, folder))) walk(folder);
  return files.map((file) => file.split(path.sep).join('/')).sort();
}

/** sha256 over each input's path and contents: any edit, addition, removal or rename changes it. */
function buildInputsDigest(root) {
  const hash = crypto.createHash('sha256');
  for (const file of inputFiles(root)) {
    const contents = fs.readFileSync(path.join(root, file));
    hash.update(`${file}\0${contents.length}\0`);
    hash.update(contents);
  }
  return hash.digest('hex');
}

module.exports = { STAMP, buildInputsDigest };
