import { expect } from 'chai';
import { z } from 'zod';
import { toolInputJsonSchema } from '../../../../src/adapters/mcp/tool-input-schema.js';
import { isAgentHooksError } from '../../../../src/errors/index.js';
import { kitZod, realKitTool, realKitTools } from '../../../support/real-kit.js';

/** Every key used anywhere in a JSON value, so a nested `$ref` cannot hide. */
function keysDeep(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysDeep(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      keysDeep(item, into);
    }
  }
  return into;
}

describe('toolInputJsonSchema', () => {
  describe('when the tool takes an object', () => {
    it('describes the input side: defaults optional, descriptions kept, no $schema', () => {
      const schema = toolInputJsonSchema(
        z.object({ to: z.string().describe('recipient'), amount: z.number().positive().default(1), memo: z.string().transform((text) => text.trim()).optional() }).strict(),
      );
      expect(schema).to.not.have.property('$schema');
      expect(schema.type).to.equal('object');
      expect(schema.required).to.deep.equal(['to']);
      expect(schema.properties!.to).to.deep.include({ type: 'string', description: 'recipient' });
      expect(schema.properties!.amount).to.deep.include({ type: 'number', exclusiveMinimum: 0, default: 1 });
      expect(schema.additionalProperties).to.equal(false);
    });

    it('renders custom checks as "any" rather than failing', () => {
      const schema = toolInputJsonSchema(z.object({ id: z.custom<string>((value) => typeof value === 'string') }));
      expect(schema.properties).to.have.property('id');
    });
  });

  describe('when the tool does not take an object', () => {
    it('describes an open object, as MCP requires an object at the top', () => {
      expect(toolInputJsonSchema(z.string())).to.deep.equal({ type: 'object', additionalProperties: true });
      expect(toolInputJsonSchema(kitZod.string())).to.deep.equal({ type: 'object', additionalProperties: true });
    });
  });

  describe('when the schema is a zod 3 schema of the Hedera Agent Kit', () => {
    const tools = realKitTools();

    it('describes every tool of its core plugins as an object with the fields of its schema', () => {
      expect(tools.length).to.be.greaterThan(40);
      for (const { tool } of tools) {
        const schema = toolInputJsonSchema(tool.parameters, tool.method);
        expect(schema.type, tool.method).to.equal('object');
        expect(Object.keys(schema.properties ?? {}), tool.method).to.have.members(Object.keys(tool.parameters.shape));
        const keys = keysDeep(schema);
        expect(keys.has('$schema'), `${tool.method} has $schema`).to.equal(false);
        expect(keys.has('$ref'), `${tool.method} has $ref`).to.equal(false);
      }
    });

    it('marks the fields a call cannot do without as required, and only those', () => {
      expect(toolInputJsonSchema(realKitTool('transfer_hbar_tool').parameters).required).to.deep.equal(['transfers']);
      expect(toolInputJsonSchema(realKitTool('submit_topic_message_tool').parameters).required).to.have.members(['topicId', 'message']);
      expect(toolInputJsonSchema(realKitTool('create_topic_tool').parameters)).to.not.have.property('required');
    });

    it('keeps the descriptions a model reads and the nested shape of the transfers', () => {
      const schema = toolInputJsonSchema(realKitTool('transfer_hbar_tool').parameters);
      const transfers = schema.properties!.transfers as { type: string; description: string; items: { required: string[] } };
      expect(transfers.type).to.equal('array');
      expect(transfers.description).to.be.a('string').and.not.equal('');
      expect(transfers.items.required).to.have.members(['accountId', 'amount']);
    });
  });

  describe('when the schema is no zod schema', () => {
    it('refuses it with a coded error naming the tool', () => {
      expect(() => toolInputJsonSchema({ type: 'object' } as never, 'odd_tool'))
        .to.throw(/^Tool "odd_tool": parameters must be a zod schema \(zod 4, or zod 3 as the Hedera Agent Kit's tools use\) to be described as JSON Schema; got a plain object\.$/)
        .that.satisfies(isAgentHooksError)
        .and.has.property('code', 'E_INVALID_ARGUMENT');
    });

    it('still says what was wrong when no tool name is given', () => {
      expect(() => toolInputJsonSchema(undefined as never)).to.throw(/^parameters must be a zod schema .*; got undefined\.$/);
    });
  });
});
