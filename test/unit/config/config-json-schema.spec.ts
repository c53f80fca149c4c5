import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_JSON_SCHEMA_FILE, configJsonSchema, renderConfigJsonSchema } from '../../../src/config/config-json-schema.js';
import { agentHooksConfigSchema } from '../../../src/config/config-schema.js';
import { parseConfig } from '../../../src/config/load-config.js';

// Compiled to dist/test/unit/config: the repository root is four levels up.
const root = path.resolve(__dirname, '..', '..', '..', '..');

describe('the config JSON Schema', () => {
  describe('when compared with the committed file the package ships', () => {
    it('is identical (after changing the zod schema: npm run build && node scripts/config-schema.cjs --write)', () => {
      expect(readFileSync(path.join(root, CONFIG_JSON_SCHEMA_FILE), 'utf8')).to.equal(renderConfigJsonSchema());
    });

    it('is in the package: its folder is in package.json "files"', () => {
      const { files } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { files: string[] };
      expect(files).to.include(path.dirname(CONFIG_JSON_SCHEMA_FILE));
    });
  });

  describe("when the configuration example of docs/cli.md points at it", () => {
    it('names the shipped file, and is a valid configuration', () => {
      const page = readFileSync(path.join(root, 'docs', 'cli.md'), 'utf8');
      const section = page.slice(page.indexOf('\n## Configuration\n'));
      const block = /```json\n([\s\S]*?)\n```/.exec(section)![1]!;
      const config = JSON.parse(block) as { $schema: string };
      expect(config.$schema).to.equal(`./node_modules/hedera-agent-hooks/${CONFIG_JSON_SCHEMA_FILE}`);
      expect(parseConfig(config, 'docs/cli.md', root).config.$schema).to.equal(config.$schema);
    });
  });

  describe('when read by an editor', () => {
    const schema = configJsonSchema() as { properties: Record<string, { description?: string; items?: { oneOf: { properties: Record<string, { enum?: string[] }> }[] } }>; additionalProperties: boolean };

    it('has exactly the fields the loader accepts, each described', () => {
      expect(Object.keys(schema.properties)).to.have.members(Object.keys(agentHooksConfigSchema.shape));
      for (const [name, property] of Object.entries(schema.properties)) expect(property.description, name).to.be.a('string');
      expect(schema.additionalProperties).to.equal(false);
    });

    it('offers the built-in hook and policy names', () => {
      const branches = schema.properties.policies!.items!.oneOf as { properties: Record<string, { enum?: string[]; const?: string }> }[];
      const names = (kind: string) => branches.flatMap((branch) => branch.properties[kind]?.enum ?? (branch.properties[kind]?.const ? [branch.properties[kind]!.const!] : []));
      expect(names('hook')).to.include.members(['HcsAuditTrailHook', 'HolAuditTrailHook']);
      expect(names('policy')).to.include.members(['MaxRecipientsPolicy', 'RejectToolPolicy', 'allOf', 'anyOf', 'not']);
    });
  });
});
