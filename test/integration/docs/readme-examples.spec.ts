import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT as ROOT, userDocPages } from '../../support/user-docs.js';

const SAMPLES_FOLDER = 'docs/examples/readme';
const SAMPLES = join(ROOT, SAMPLES_FOLDER);
const MARKER = /<!-- example: ([\w/.-]+) -->\n\n```ts\n([\s\S]*?)\n```/g;

/** Each sample file is the whole program a page shows, so a reader can paste it and run it. */
function sampleOf(file: string): string {
  return readFileSync(join(SAMPLES, file), 'utf8').trimEnd();
}

function sampleFiles(): string[] {
  return readdirSync(SAMPLES).filter((name) => name.endsWith('.mts')).sort();
}

/** Every `<!-- example: … -->` embed of the user docs, with the page it is on. */
function embeds(): { page: string; path: string; code: string }[] {
  return userDocPages().flatMap(({ file, text }) => [...text.matchAll(MARKER)].map((match) => ({ page: file, path: match[1]!, code: match[2]! })));
}

/**
 * The rule: README.md and every page that embeds one of its samples (docs/examples/readme) show only
 * samples: each TypeScript block there sits under its `<!-- example: … -->` marker, so nothing a
 * newcomer copies from them is unchecked. The reference pages that embed none (approvals.md,
 * console.md…) may show fragments; hooks-and-policies.md has its own rule in docs-examples.spec.
 */
function pagesHoldingOnlySamples(): { file: string; text: string }[] {
  return userDocPages().filter(({ file, text }) => file === 'README.md' || text.includes(`<!-- example: ${SAMPLES_FOLDER}/`));
}

describe('the TypeScript samples of README.md and docs/', function () {
  this.timeout(60_000);

  describe('when compared with docs/examples/readme', () => {
    it('embed every sample file exactly once, verbatim, on README.md or a docs page', () => {
      const found = embeds();
      // Every embed is its file verbatim, wherever it is (docs/examples/*.ts are the guide's, run by docs-examples.spec).
      for (const { page, path, code } of found) expect(code, `${page}: ${path}`).to.equal(readFileSync(join(ROOT, path), 'utf8').trimEnd());
      const samples = found.filter(({ path }) => path.startsWith(`${SAMPLES_FOLDER}/`));
      expect(samples.map(({ path }) => path.slice(SAMPLES_FOLDER.length + 1)).sort()).to.deep.equal(sampleFiles());
    });

    it('name files that exist, and every marker is followed by its ```ts block', () => {
      for (const { file, text } of userDocPages()) {
        const markers = text.match(/<!-- example: [^\n]*-->/g) ?? [];
        expect([...text.matchAll(MARKER)], `${file}: a marker not followed by a blank line and a \`\`\`ts block`).to.have.length(markers.length);
        for (const marker of markers) expect(existsSync(join(ROOT, /example: (\S+)/.exec(marker)![1]!)), `${file}: ${marker}`).to.equal(true);
      }
    });

    it('leave no unchecked ```ts block on README.md or on a page that carries samples', () => {
      const pages = pagesHoldingOnlySamples();
      expect(pages.map(({ file }) => file)).to.include('README.md');
      for (const { file, text } of pages) {
        expect(text.match(/```(ts|typescript|tsx|mts|cts)\n/g) ?? [], `${file}: a TypeScript block that is not an embedded sample`).to.have.length([...text.matchAll(MARKER)].length);
      }
    });

    it("put the quick start on README.md, as its first sample", () => {
      const readme = embeds().filter(({ page }) => page === 'README.md');
      expect(readme[0]?.path).to.equal(`${SAMPLES_FOLDER}/quick-start.mts`);
    });

    it('shows whole programs: no sample assumes a client, topic or model it does not make', () => {
      for (const file of sampleFiles()) {
        const code = sampleOf(file);
        expect(code, `${file} declares what it uses instead of making it`).to.not.match(/^declare /m);
        expect(code, `${file} has text above what README shows`).to.not.contain('README.md sample (verbatim below this line)');
        // A program that starts a network stops it, so a pasted sample ends instead of hanging.
        if (code.includes('startDevnet()')) expect(code, `${file} starts a devnet and never stops it`).to.contain('net.stop()');
      }
    });
  });

  describe('when compiled as an ES module against the built package', () => {
    it('type-checks under strict settings, imports by package name included', () => {
      try {
        execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(SAMPLES, 'tsconfig.json')], { cwd: ROOT, stdio: 'pipe' });
      } catch (error) {
        throw new Error(`the samples do not compile:\n${String((error as { stdout?: Buffer }).stdout ?? error)}`);
      }
    });
  });
});
