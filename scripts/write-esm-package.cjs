#!/usr/bin/env node
// Marks dist/esm as ES modules. The ES-module build is a second compile of src/ and plugins/
// (tsconfig.esm.json) rather than a wrapper over the CommonJS one: an app that imports this package
// and the SDK then gets the SDK's ES-module copy in both, so its Client, keys and transactions mix
// with ours (the SDK checks its own values with instanceof, and two copies do not mix).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const dir = path.resolve(__dirname, '..', 'dist', 'esm');
if (!fs.existsSync(path.join(dir, 'src', 'index.js'))) throw new Error('dist/esm/src/index.js is missing: run tsc -p tsconfig.esm.json first');
fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ type: 'module' }, null, 2)}\n`);
