import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../../..');
const SAMPLES = join(ROOT, 'docs/examples/readme');
const README = join(ROOT, 'README.md');

/** Each sample file is the whole program README shows, so a reader can paste it and run it. */
function sampleOf(file: string): string {
  return readFileSync(join(SAMPLES, file), 'utf8').trimEnd();
}

describe('README.md TypeScript samples', function () {
  this.timeout(60_000);

  describe('when compared with docs/examples/readme', () => {
    it('embeds every sample file exactly, and has no other TypeScript samples', () => {
      const readme = readFileSync(README, 'utf8');
      const files = readdirSync(SAMPLES).filter((name) => name.endsWith('.mts')).sort();
      const embedded = [...readme.matchAll(/<!-- example: docs\/examples\/readme\/([\w-]+\.mts) -->\n\n```ts\n([\s\S]*?)\n```/g)];
      expect(embedded.map((match) => match[1]).sort()).to.deep.equal(files);
      for (const [, file, code] of embedded) expect(code, file).to.equal(sampleOf(file!));
      expect(readme.match(/```ts\n/g)).to.have.length(embedded.length);
    });

    it('shows whole programs: no sample assumes a client, topic or model it does not make', () => {
      for (const file of readdirSync(SAMPLES).filter((name) => name.endsWith('.mts'))) {
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
        throw new Error(`README samples do not compile:\n${String((error as { stdout?: Buffer }).stdout ?? error)}`);
      }
    });
  });
});
