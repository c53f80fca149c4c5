import { expect } from 'chai';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../../..');

/** What a reader of the user docs sees: the README and every page under docs/. */
function userDocs(): { file: string; text: string }[] {
  const pages = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => join('docs', name));
  return ['README.md', ...pages].map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));
}

describe('the user docs are written for someone who never saw the project’s history', () => {
  it('never call the Hedera Agent Kit "the seed" (an internal name a new user cannot look up)', () => {
    const found = userDocs().flatMap(({ file, text }) =>
      text.split('\n').flatMap((line, at) => (/\bthe seed\b|\bseed['’]s\b|\bseed-style\b/i.test(line) ? [`${file}:${at + 1}: ${line.trim()}`] : [])),
    );
    expect(found).to.deep.equal([]);
  });
});
