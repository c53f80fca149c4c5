import { expect } from 'chai';
import { tool } from '@openai/agents';
import { z } from 'zod';
import { plainJsonSchema } from '../../../../src/adapters/openai-agents/plain-json-schema.js';
import { toolInputJsonSchema } from '../../../../src/adapters/mcp/tool-input-schema.js';

describe('plainJsonSchema', () => {
  const schema = toolInputJsonSchema(z.object({ to: z.string(), memo: z.string().optional(), nested: z.object({ amount: z.number() }) }).strict());

  describe("when zod 4's JSON Schema is handed to the Agents SDK as it is", () => {
    it('is taken for a Standard Schema and refused without strict mode (the gotcha the copy avoids)', () => {
      expect('~standard' in schema).to.equal(true);
      expect(() => tool({ name: 'pay', description: 'Pays.', parameters: schema as never, strict: false, execute: async () => 'ok' })).to.throw(/Strict mode is required for Standard Schema/);
    });
  });

  describe('when copied', () => {
    it('keeps every JSON Schema keyword, drops ~standard at every level, and the SDK takes it non-strict', () => {
      const plain = plainJsonSchema(schema);
      expect(JSON.stringify(plain)).to.not.contain('~standard');
      expect(Object.getOwnPropertyNames(plain)).to.not.include('~standard');
      expect(plain).to.deep.include({ type: 'object', required: ['to', 'nested'], additionalProperties: false });
      expect(plain.properties.nested).to.deep.include({ type: 'object', required: ['amount'] });
      const made = tool({ name: 'pay', description: 'Pays.', parameters: plain, strict: false, execute: async () => 'ok' });
      expect(made.strict).to.equal(false);
      expect(made.parameters).to.deep.equal(plain);
    });

    it('fills in properties and required for a schema without them', () => {
      expect(plainJsonSchema({ type: 'object', additionalProperties: true })).to.deep.equal({ type: 'object', properties: {}, required: [], additionalProperties: true });
    });
  });
});
