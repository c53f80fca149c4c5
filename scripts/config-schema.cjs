#!/usr/bin/env node
// Writes the JSON Schema of agent-hooks.config.json that the package ships, generated from the zod
// schema the loader validates with (src/config/config-json-schema.ts). Usage (after `npm run build`):
//   node scripts/config-schema.cjs           print it
//   node scripts/config-schema.cjs --write   write schema/agent-hooks.config.schema.json
//   node scripts/config-schema.cjs --check   exit 1 when the file is out of date
// test/unit/config/config-json-schema.spec.ts fails when the committed file is out of date.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const { CONFIG_JSON_SCHEMA_FILE, renderConfigJsonSchema } = require(path.join(root, 'dist', 'src', 'config', 'config-json-schema.js'));
const file = path.join(root, CONFIG_JSON_SCHEMA_FILE);
const generated = renderConfigJsonSchema();

if (process.argv.includes('--write')) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, generated);
  process.stdout.write(`wrote ${CONFIG_JSON_SCHEMA_FILE}\n`);
} else if (process.argv.includes('--check')) {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (current !== generated) {
    process.stderr.write(`${CONFIG_JSON_SCHEMA_FILE} is out of date; run: npm run build && node scripts/config-schema.cjs --write\n`);
    process.exitCode = 1;
  }
} else {
  process.stdout.write(generated);
}
