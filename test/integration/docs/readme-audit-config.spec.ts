import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseConfig } from '../../../src/config/load-config.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';

const ROOT = resolve(__dirname, '../../../..');

describe('README "Audit trails" configuration', () => {
  it('is a valid agent-hooks.config.json whose audit hook builds', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const start = readme.indexOf('\n## Audit trails\n');
    expect(start, 'README has an "## Audit trails" section').to.be.greaterThan(0);
    const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
    const blocks = [...section.matchAll(/```json\n([\s\S]*?)\n```/g)].map((match) => match[1]!);
    expect(blocks).to.have.length(1);
    const { listeners } = parseConfig(JSON.parse(blocks[0]!), 'README.md', ROOT);
    expect(listeners).to.have.length(1);
    expect(listeners[0]).to.be.instanceOf(HcsAuditTrailHook);
  });
});
