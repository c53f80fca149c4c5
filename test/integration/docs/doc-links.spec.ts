import { expect } from 'chai';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { REPO_ROOT as ROOT, headingAnchorsOf, linksOf, userDocPages } from '../../support/user-docs.js';

/** A link that leaves the repository (a web page, a mail address) is not checked here. */
const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** What is wrong with one relative link of `page`, or undefined when it leads where it says. */
function brokenLink(page: string, target: string): string | undefined {
  const [pathPart, fragment] = target.split('#', 2) as [string, string | undefined];
  const file = pathPart ? normalize(join(dirname(page), decodeURIComponent(pathPart))) : page;
  if (file.startsWith('..')) return 'points outside the repository';
  const absolute = join(ROOT, file);
  if (!existsSync(absolute)) return `${file} does not exist`;
  if (fragment === undefined) return undefined;
  if (statSync(absolute).isDirectory() || !file.endsWith('.md')) return `#${fragment} on ${file}, which is not a Markdown page`;
  if (!headingAnchorsOf(readFileSync(absolute, 'utf8')).has(fragment)) return `${file} has no heading #${fragment}`;
  return undefined;
}

describe('the links of README.md and docs/', () => {
  it('lead to files that exist and, with a #fragment, to a heading of that page', () => {
    const broken = userDocPages().flatMap(({ file, text }) =>
      linksOf(text)
        .filter(({ target }) => !EXTERNAL.test(target))
        .flatMap(({ target, line }) => {
          const problem = brokenLink(file, target);
          return problem ? [`${file}:${line}: (${target}) ${problem}`] : [];
        }),
    );
    expect(broken).to.deep.equal([]);
  });

  it('are checked at all: the README links to the docs index and the index to every page', () => {
    const pages = userDocPages();
    const readme = linksOf(pages.find(({ file }) => file === 'README.md')!.text).map(({ target }) => target);
    expect(readme).to.include('docs/README.md');
    const index = new Set(linksOf(pages.find(({ file }) => file === 'docs/README.md')!.text).map(({ target }) => target.split('#')[0]));
    const unlisted = pages.map(({ file }) => file).filter((file) => file.startsWith('docs/') && file !== 'docs/README.md' && !index.has(file.slice('docs/'.length)));
    expect(unlisted, 'docs pages the index (docs/README.md) does not link to').to.deep.equal([]);
  });

  describe('when a heading anchor is computed as GitHub does', () => {
    it('drops punctuation and code marks, keeps hyphens, and numbers repeats', () => {
      const anchors = headingAnchorsOf('# The `agent-hooks` command\n## Composition: allOf, anyOf, not\n```\n# not a heading\n```\n## Notes\n## Notes\n');
      expect([...anchors]).to.deep.equal(['the-agent-hooks-command', 'composition-allof-anyof-not', 'notes', 'notes-1']);
    });
  });
});
