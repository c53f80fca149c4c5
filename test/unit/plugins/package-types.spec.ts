import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');

function pluginSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pluginSources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

describe('plugins/_package-types.ts', () => {
  describe('when compared with the core plugins', () => {
    it('names every plugin file that declares a ToolParamRegistry entry, so package users get its types', () => {
      const declaring = pluginSources(path.join(ROOT, 'plugins'))
        .filter((file) => /interface ToolParamRegistry\b/.test(readFileSync(file, 'utf8')))
        .map((file) => `./${path.relative(path.join(ROOT, 'plugins'), file).split(path.sep).join('/').replace(/\.ts$/, '.js')}`)
        .sort();
      const listed = [...readFileSync(path.join(ROOT, 'plugins/_package-types.ts'), 'utf8').matchAll(/^export type \{\} from '([^']+)';$/gm)].map((match) => match[1]).sort();
      expect(declaring).to.not.be.empty;
      expect(listed).to.deep.equal(declaring);
    });
  });
});
