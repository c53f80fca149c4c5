#!/usr/bin/env node
// Generates the tools table of docs/tools.md from the metadata of the built core plugins (dist/plugins),
// so the list cannot drift from the code. Usage (after `npm run build`):
//   node scripts/tools-table.cjs           print the table
//   node scripts/tools-table.cjs --write   replace the table in docs/tools.md between the markers
//   node scripts/tools-table.cjs --check   exit 1 when docs/tools.md's table is out of date
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const START = '<!-- tools:start -->';
const END = '<!-- tools:end -->';
const root = path.resolve(__dirname, '..');

/** The first sentence of a description, on one line, safe inside a Markdown table cell. */
function oneLine(text) {
  const flat = String(text ?? '').replace(/\s+/g, ' ').trim();
  const sentence = /^(.*?[.!?])(\s|$)/.exec(flat);
  return (sentence ? sentence[1] : flat).replace(/\|/g, '\\|');
}

/** Builds the Markdown table of every tool of every plugin in `<distDir>/plugins`. */
async function generateToolsTable(distDir = path.join(root, 'dist')) {
  const { loadPlugins } = require(path.join(distDir, 'src', 'index.js'));
  const plugins = await loadPlugins(path.join(distDir, 'plugins'));
  const rows = ['| Tool | Plugin | What it does |', '| --- | --- | --- |'];
  for (const { plugin } of plugins) {
    for (const tool of plugin.tools({})) rows.push(`| \`${tool.method}\` | ${plugin.name} | ${oneLine(tool.description)} |`);
  }
  return `${rows.join('\n')}\n`;
}

/** The text between the markers, or undefined when the page has no markers. */
function readTable(readme) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) return undefined;
  return readme.slice(start + START.length, end).replace(/^\n/, '');
}

/** The page with `table` between the markers; the markers are appended at the end when absent. */
function replaceTable(readme, table) {
  const block = `${START}\n${table}${END}`;
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) return `${readme.replace(/\n*$/, '\n\n')}## Tools\n\n${block}\n`;
  return readme.slice(0, start) + block + readme.slice(end + END.length);
}

async function main(argv) {
  const table = await generateToolsTable();
  const readmePath = path.join(root, 'docs', 'tools.md');
  if (argv.includes('--write')) {
    const readme = fs.readFileSync(readmePath, 'utf8');
    fs.writeFileSync(readmePath, replaceTable(readme, table));
    return 0;
  }
  if (argv.includes('--check')) {
    const current = readTable(fs.readFileSync(readmePath, 'utf8'));
    if (current === table) return 0;
    process.stderr.write('docs/tools.md tools table is out of date: run `npm run tools:table`.\n');
    return 1;
  }
  process.stdout.write(table);
  return 0;
}

module.exports = { START, END, generateToolsTable, readTable, replaceTable, oneLine };

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => { process.exitCode = code; },
    (error) => { process.stderr.write(`tools-table: ${error.message}\n`); process.exitCode = 2; },
  );
}
