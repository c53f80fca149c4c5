import { expect } from 'chai';
import { z } from 'zod';
import { CORE_PLUGINS_DIR, loadPlugins } from '../../../src/plugins/plugin-loader.js';

/** The token tool names are public API: policies and users' configurations refer to them. */
const TOKEN_TOOLS = [
  'create_fungible_token_tool', 'create_non_fungible_token_tool', 'mint_fungible_token_tool', 'mint_non_fungible_token_tool',
  'airdrop_fungible_token_tool', 'associate_token_tool', 'dissociate_token_tool', 'transfer_fungible_token_tool',
  'transfer_fungible_token_with_allowance_tool', 'transfer_non_fungible_token_tool', 'transfer_non_fungible_token_with_allowance_tool',
  'approve_nft_allowance_tool', 'delete_non_fungible_token_allowance_tool', 'update_token_tool',
];

describe('core-token plugin', () => {
  describe('when the project plugin loader reads the compiled plugins folder', () => {
    it('finds core-token like any plugin, with exactly the 14 token tools', async () => {
      const loaded = await loadPlugins(CORE_PLUGINS_DIR);
      const entry = loaded.find(({ plugin }) => plugin.name === 'core-token');
      expect(entry, 'core-token plugin').to.not.equal(undefined);
      expect(entry!.source).to.match(/plugins[\\/]core-token[\\/]index\.js$/);
      const tools = entry!.plugin.tools({});
      expect(tools.map((tool) => tool.method)).to.have.members(TOKEN_TOOLS).and.have.length(TOKEN_TOOLS.length);
    });
  });

  describe('when an LLM reads the tool metadata', () => {
    it('gives every tool a name, a description and a JSON schema that refuses extra keys and describes each field', async () => {
      const entry = (await loadPlugins(CORE_PLUGINS_DIR)).find(({ plugin }) => plugin.name === 'core-token')!;
      for (const tool of entry.plugin.tools({})) {
        expect(tool.name, tool.method).to.be.a('string').and.not.equal('');
        expect(tool.description.length, tool.method).to.be.greaterThan(40);
        const schema = z.toJSONSchema(tool.parameters as z.ZodType, { io: 'input', unrepresentable: 'any' }) as { additionalProperties?: unknown; properties: Record<string, { description?: string }> };
        expect(schema.additionalProperties, tool.method).to.equal(false);
        for (const [field, property] of Object.entries(schema.properties)) {
          expect(property.description, `${tool.method}.${field}`).to.be.a('string').and.not.equal('');
        }
      }
    });
  });
});
