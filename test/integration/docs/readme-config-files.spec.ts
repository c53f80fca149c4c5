import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKitFromConfig } from '../../../src/config/create-kit-from-config.js';
import { agentHooksConfigSchema } from '../../../src/config/config-schema.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { userDocPages } from '../../support/user-docs.js';

const CONFIG_FIELDS = new Set(Object.keys(agentHooksConfigSchema.shape));

/**
 * The configuration examples of the user docs (README.md and every page under docs/): every ```json
 * fence whose top-level object uses only fields of agent-hooks.config.json. Found by fence language
 * and content, not by line or section, so the pages can be reorganised freely. A fence mixing config
 * fields with other keys is a broken example.
 */
function docConfigurations(): { where: string; text: string; config: Record<string, unknown> }[] {
  const found: { where: string; text: string; config: Record<string, unknown> }[] = [];
  for (const { file, text: page } of userDocPages()) {
    for (const match of page.matchAll(/```json\n([\s\S]*?)\n```/g)) {
      const text = match[1]!;
      const where = `${file} line ${page.slice(0, match.index).split('\n').length + 1}`;
      const value: unknown = JSON.parse(text);
      if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
      const keys = Object.keys(value);
      const fields = keys.filter((key) => CONFIG_FIELDS.has(key));
      if (!fields.length) continue; // another file's JSON (an MCP client's settings, a CLI error)
      expect(keys, `${where}: a configuration example with fields agent-hooks.config.json does not have`).to.deep.equal(fields);
      found.push({ where, text, config: value as Record<string, unknown> });
    }
  }
  return found;
}

describe('the configuration examples of README.md and docs/, loaded from a file as a user does', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'readme-config-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('are found in the user docs (```json fences of agent-hooks.config.json fields)', () => {
    // Policies, composition, approvals, budgets, rate limits, audit, and the full example: a drop
    // below this means the examples moved out of ```json fences, not that they are fine.
    expect(docConfigurations().length).to.be.at.least(10);
  });

  for (const { where, text, config } of docConfigurations()) {
    it(`${where}: loadConfig({ path }) builds its hooks and policies and createKitFromConfig makes a kit`, async () => {
      const file = join(dir, 'agent-hooks.config.json');
      writeFileSync(file, `${text}\n`);
      // The plugin folders an example names are the user's own; an empty one stands in for it.
      for (const folder of (config.plugins as string[] | undefined) ?? []) mkdirSync(join(dir, folder), { recursive: true });
      const loaded = await loadConfig({ path: file });
      try {
        const named = [...((config.hooks as unknown[] | undefined) ?? []), ...((config.policies as unknown[] | undefined) ?? [])];
        expect(loaded.listeners).to.have.length(named.length);
        const { kit, close } = await createKitFromConfig(loaded, { offline: true, env: {} });
        try {
          expect(kit.listTools().length).to.be.greaterThan(0);
        } finally {
          await close();
        }
      } finally {
        await Promise.all(loaded.listeners.map((listener) => (listener as { close?: () => Promise<void> }).close?.()));
      }
    });
  }
});
