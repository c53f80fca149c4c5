import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { packageVersion, packageVersionFrom } from '../../../../src/adapters/mcp/package-version.cjs';

describe('packageVersion', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'agent-hooks-version-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  describe('when started in a build folder under the package', () => {
    it("skips the ES-module build's nameless package.json and reads the package's own", () => {
      writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'hedera-agent-hooks', version: '9.8.7-rc.1' }));
      const esm = path.join(root, 'dist', 'esm');
      mkdirSync(path.join(esm, 'src', 'adapters', 'mcp'), { recursive: true });
      writeFileSync(path.join(esm, 'package.json'), JSON.stringify({ type: 'module' }));
      expect(packageVersionFrom(path.join(esm, 'src', 'adapters', 'mcp'))).to.equal('9.8.7-rc.1');
    });
  });

  describe('when only other packages are above it', () => {
    it('is undefined rather than another package\'s version', () => {
      writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'some-app', version: '1.2.3' }));
      mkdirSync(path.join(root, 'bundle'));
      writeFileSync(path.join(root, 'bundle', 'package.json'), '{ not json');
      expect(packageVersionFrom(path.join(root, 'bundle'))).to.equal(undefined);
    });
  });

  describe('when read from this build', () => {
    it('is the version in the repository package.json', () => {
      const own = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../../package.json'), 'utf8')) as { version: string };
      expect(packageVersion()).to.equal(own.version);
    });
  });
});
