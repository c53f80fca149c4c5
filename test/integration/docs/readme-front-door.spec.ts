import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT as ROOT, linksOf, proseOf, userDocPage } from '../../support/user-docs.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const readme = userDocPage('README.md');

/** About five minutes at a reading pace of 200–250 words a minute, samples and tables included. */
const FIVE_MINUTES_OF_WORDS = 1_300;

describe('README.md as the front door', () => {
  it('reads in about five minutes (the reference lives under docs/)', () => {
    const words = readme.split(/\s+/).filter(Boolean).length;
    expect(words, `README.md has ${words} words`).to.be.at.most(FIVE_MINUTES_OF_WORDS);
  });

  it('says on its first screen what the package is, for whom, and its status with the current version', () => {
    const firstScreen = readme.slice(0, readme.indexOf('\n## '));
    expect(firstScreen).to.match(/^# hedera-agent-hooks\n/);
    expect(firstScreen).to.match(/\*\*For whom:\*\*/);
    expect(firstScreen, 'the status names package.json\'s version').to.contain(`version ${pkg.version}`);
    expect(firstScreen).to.match(/not yet published on npm/i);
  });

  it("installs from a clone with one runnable line: npm pack, then the tarball npm pack writes, the SDK and zod in a new folder", () => {
    const install = /```sh\n([^\n]*npm pack[^\n]*)\n```/.exec(readme);
    expect(install, 'README has a ```sh line with npm pack').to.not.equal(null);
    const line = install![1]!;
    // npm pack names the tarball <name>-<version>.tgz; a stale version would install nothing.
    expect(line).to.contain(`${pkg.name}-${pkg.version}.tgz`);
    expect(line).to.match(/^npm ci && npm pack && /);
    expect(line).to.match(/npm install "\$TARBALL" @hiero-ledger\/sdk zod$/);
    expect(readme.indexOf(line), 'the install line comes before the quick start').to.be.lessThan(readme.indexOf('<!-- example: docs/examples/readme/quick-start.mts -->'));
  });

  it('has the quick start, then common tasks that link into docs/, and the docs index', () => {
    const headings = [...proseOf(readme).matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(headings).to.include.members(['Quick start', 'Common tasks']);
    const tasks = readme.slice(readme.indexOf('\n## Common tasks\n'));
    expect(linksOf(tasks).filter(({ target }) => target.startsWith('docs/')).length).to.be.at.least(10);
    expect(linksOf(readme).map(({ target }) => target)).to.include('docs/README.md');
  });

  it('shows the install and test commands CI runs (.ci/run), in a shell block a contributor can paste', () => {
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8').split('\n').filter((line) => /^npm /.test(line));
    expect(ci.map((line) => line.split(' ').slice(0, 2).join(' '))).to.deep.equal(['npm ci', 'npm test']);
    const shells = [...readme.matchAll(/```sh\n([\s\S]*?)\n```/g)].map((match) => match[1]!).join('\n');
    for (const command of ['npm ci', 'npm test']) expect(shells, command).to.match(new RegExp(`^${command}\\b`, 'm'));
  });
});
