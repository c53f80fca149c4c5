import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// Compiled to dist/test/unit/plugins: the repository root is four levels up, dist three.
const distDir = path.resolve(__dirname, '..', '..', '..');
const repoRoot = path.resolve(distDir, '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const toolsTable = require(path.join(repoRoot, 'scripts', 'tools-table.cjs')) as {
  START: string;
  END: string;
  generateToolsTable(distDir?: string): Promise<string>;
  readTable(readme: string): string | undefined;
  replaceTable(readme: string, table: string): string;
  oneLine(text: string): string;
};

describe('the tools table of docs/tools.md', () => {
  describe('when compared with the built plugins', () => {
    it('lists every loaded tool exactly as the generator writes it (run npm run tools:table after changing tools)', async () => {
      const generated = await toolsTable.generateToolsTable(distDir);
      const current = toolsTable.readTable(readFileSync(path.join(repoRoot, 'docs', 'tools.md'), 'utf8'));
      expect(current, 'docs/tools.md has no <!-- tools:start --> / <!-- tools:end --> markers').to.be.a('string');
      expect(current).to.equal(generated);
    });

    it('has one row per tool of the core plugins, with the method names agents call', async () => {
      const generated = await toolsTable.generateToolsTable(distDir);
      for (const method of ['transfer_hbar_tool', 'submit_topic_message_tool', 'get_transaction_record_query_tool']) {
        expect(generated).to.match(new RegExp(`^\\| \`${method}\` \\| core-`, 'm'));
      }
    });
  });

  describe('when the table is written', () => {
    it('replaces only the text between the markers', () => {
      const readme = `# Title\n\nbefore\n${toolsTable.START}\nold\n${toolsTable.END}\nafter\n`;
      expect(toolsTable.replaceTable(readme, '| new |\n')).to.equal(`# Title\n\nbefore\n${toolsTable.START}\n| new |\n${toolsTable.END}\nafter\n`);
    });

    it('appends a Tools section with markers when they are absent', () => {
      const written = toolsTable.replaceTable('# Title\n', '| t |\n');
      expect(written).to.equal(`# Title\n\n## Tools\n\n${toolsTable.START}\n| t |\n${toolsTable.END}\n`);
      expect(toolsTable.readTable(written)).to.equal('| t |\n');
    });

    it('keeps each description to one escaped sentence', () => {
      expect(toolsTable.oneLine('Does a | b.\n More text.')).to.equal('Does a \\| b.');
    });
  });
});
