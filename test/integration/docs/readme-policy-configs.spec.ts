import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseConfig } from '../../../src/config/load-config.js';

const ROOT = resolve(__dirname, '../../../..');

/** The JSON blocks of one section of docs/policies.md, from its heading to the next heading of its level. */
function jsonBlocksOf(section: string): string[] {
  const readme = readFileSync(join(ROOT, 'docs/policies.md'), 'utf8');
  const start = readme.indexOf(`\n## ${section}\n`);
  expect(start, `docs/policies.md has a "## ${section}" section`).to.be.greaterThan(0);
  const next = readme.indexOf('\n## ', start + 1);
  const end = next < 0 ? readme.length : next;
  return [...readme.slice(start, end).matchAll(/```json\n([\s\S]*?)\n```/g)].map((match) => match[1]!);
}

describe('docs/policies.md "Budgets and rate limits" configurations', () => {
  it('are valid agent-hooks.config.json files whose policies build', async () => {
    const blocks = jsonBlocksOf('Budgets and rate limits');
    expect(blocks).to.have.length(8);
    for (const block of blocks) {
      const { listeners } = parseConfig(JSON.parse(block), 'docs/policies.md', ROOT);
      expect(listeners.length).to.be.greaterThan(0);
      await Promise.all(listeners.map((listener) => (listener as { close?: () => Promise<void> }).close?.()));
    }
  });
});

describe('docs/policies.md "More policies" configurations', () => {
  it('are valid agent-hooks.config.json files whose policies build', async () => {
    const blocks = jsonBlocksOf('More policies');
    expect(blocks.length).to.be.greaterThan(5);
    for (const block of blocks) {
      const { listeners } = parseConfig(JSON.parse(block), 'docs/policies.md', ROOT);
      expect(listeners.length, block).to.be.greaterThan(0);
      await Promise.all(listeners.map((listener) => (listener as { close?: () => Promise<void> }).close?.()));
    }
  });
});
