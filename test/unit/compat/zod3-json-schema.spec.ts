import { expect } from 'chai';
import { z } from 'zod';
import * as ownZod3 from 'zod/v3';
import { isZod3Schema, zod3InputJsonSchema } from '../../../src/compat/zod3-json-schema.js';
import { kitZod, realKitTool } from '../../support/real-kit.js';

describe('zod 3 schemas', () => {
  describe('when recognising one', () => {
    it('says yes to the Hedera Agent Kit\'s tool schemas and to this project\'s zod/v3', () => {
      expect(isZod3Schema(realKitTool('transfer_hbar_tool').parameters)).to.equal(true);
      expect(isZod3Schema(kitZod.string())).to.equal(true);
      expect(isZod3Schema(ownZod3.object({ a: ownZod3.string() }))).to.equal(true);
    });

    it('says no to zod 4 schemas, which also carry a _def, and to look-alikes', () => {
      expect(isZod3Schema(z.object({ a: z.string() }))).to.equal(false);
      for (const stranger of [null, undefined, {}, { _def: {} }, { safeParse: () => ({ success: true }) }, { _def: null, safeParse() {} }, 'z.string()']) {
        expect(isZod3Schema(stranger), String(stranger)).to.equal(false);
      }
    });
  });

  describe('when converting one to JSON Schema', () => {
    const schema = kitZod
      .object({
        to: kitZod.string().describe('recipient'),
        amount: kitZod.number().positive().default(1),
        memo: kitZod.string().transform((text) => text.trim()).optional(),
        count: kitZod.string().transform(Number).pipe(kitZod.number()),
      })
      .strict();

    it('describes the input side: defaults optional, transforms and pipes as their input, no $schema', () => {
      const converted = zod3InputJsonSchema(schema);
      expect(converted).to.not.have.property('$schema');
      expect(converted.type).to.equal('object');
      expect(converted.required).to.deep.equal(['to', 'count']);
      const properties = converted.properties as Record<string, Record<string, unknown>>;
      expect(properties.to).to.deep.include({ type: 'string', description: 'recipient' });
      expect(properties.amount).to.deep.include({ type: 'number', exclusiveMinimum: 0, default: 1 });
      expect(properties.memo).to.deep.equal({ type: 'string' });
      expect(properties.count).to.deep.equal({ type: 'string' });
      expect(converted.additionalProperties).to.equal(false);
    });

    it('writes a part used twice out in full instead of pointing at it with $ref', () => {
      const account = kitZod.object({ id: kitZod.string() });
      const converted = zod3InputJsonSchema(kitZod.object({ from: account, to: account }));
      expect(JSON.stringify(converted)).to.not.contain('$ref');
      expect((converted.properties as Record<string, unknown>).to).to.deep.equal({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] });
    });

    it('leaves additionalProperties out where unknown keys are stripped, as the zod 4 path does', () => {
      const stripping = { zod3: zod3InputJsonSchema(kitZod.object({ a: kitZod.string() })), zod4: z.toJSONSchema(z.object({ a: z.string() }), { io: 'input' }) };
      expect(stripping.zod3).to.not.have.property('additionalProperties');
      expect(stripping.zod4).to.not.have.property('additionalProperties');
    });
  });
});
