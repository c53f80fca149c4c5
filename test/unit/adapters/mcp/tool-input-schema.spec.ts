import { expect } from 'chai';
import { z } from 'zod';
import { toolInputJsonSchema } from '../../../../src/adapters/mcp/tool-input-schema.js';

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
    });
  });
});
