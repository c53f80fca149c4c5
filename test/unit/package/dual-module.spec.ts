import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { name: string; exports: Record<string, unknown> };

describe('package entry points', () => {
  const entries = Object.keys(pkg.exports)
    .filter((subpath) => subpath !== './package.json')
    .map((subpath) => (subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`));

  it('resolve for both import and require consumers to one module instance', () => {
    const out = execFileSync(process.execPath, [path.join(root, 'test/fixtures/dual-module.mjs'), JSON.stringify(entries)], { cwd: root, encoding: 'utf8' });
    const report = JSON.parse(out) as Record<string, { names: string[]; sameInstance: boolean }>;
    expect(Object.keys(report)).to.deep.equal(entries);
    for (const entry of entries) expect(report[entry], entry).to.include({ sameInstance: true });
    expect(report[pkg.name]!.names).to.include.members(['createAgentKit', 'BaseTool', 'AbstractHook', 'AbstractPolicy', 'Hook', 'Policy', 'HEDERA_CLIENT', 'AUDIT_CLIENT']);
    expect(report[`${pkg.name}/policies`]!.names).to.include.members(['MaxRecipientsPolicy', 'RejectToolPolicy']);
  });

  it('ship type declarations for every entry', () => {
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      if (subpath === './package.json') continue;
      const types = (target as { types: string }).types;
      expect(() => readFileSync(path.join(root, types)), `${subpath} types`).to.not.throw();
    }
  });
});
