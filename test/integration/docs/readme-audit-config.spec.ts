import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseConfig } from '../../../src/config/load-config.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';

const ROOT = resolve(__dirname, '../../../..');

describe('the configuration of docs/audit-trails.md', () => {
  it('is a valid agent-hooks.config.json whose audit hook builds', () => {
    const section = readFileSync(join(ROOT, 'docs/audit-trails.md'), 'utf8');
    expect(section, 'docs/audit-trails.md is the "Audit trails" page').to.match(/^# Audit trails\n/);
    const blocks = [...section.matchAll(/```json\n([\s\S]*?)\n```/g)].map((match) => match[1]!);
    expect(blocks).to.have.length(1);
    const { listeners } = parseConfig(JSON.parse(blocks[0]!), 'docs/audit-trails.md', ROOT);
    expect(listeners).to.have.length(1);
    expect(listeners[0]).to.be.instanceOf(HcsAuditTrailHook);
  });
});
