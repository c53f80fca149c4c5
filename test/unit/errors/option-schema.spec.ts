import { expect } from 'chai';
import { z } from 'zod';
import { argPathOf, parseOptions } from '../../../src/errors/index.js';

const limits = z
  .object({
    hbar: z.number({ error: 'an amount of HBAR such as 100' }).positive({ error: 'an amount of HBAR above 0, such as 100' }).optional(),
    windowMs: z.number({ error: 'a window in ms, e.g. 60000' }).int(),
    tokens: z.record(z.string(), z.object({ baseUnits: z.string({ error: 'base units as a string of digits' }) }).strict()).optional(),
  })
  .strict();

function refusal(value: unknown): { message: string; argPath: readonly (string | number)[] | undefined } {
  try {
    parseOptions('SpendLimitPolicy', limits, value, 0);
  } catch (error) {
    return { message: (error as Error).message, argPath: argPathOf(error) };
  }
  throw new Error('expected a refusal');
}

describe('parseOptions', () => {
  it('returns the parsed options when they are valid', () => {
    expect(parseOptions('SpendLimitPolicy', limits, { hbar: 5, windowMs: 1000 })).to.deep.equal({ hbar: 5, windowMs: 1000 });
  });

  it('names the field, what was given and what is accepted, with E_INVALID_ARGUMENT', () => {
    const { message, argPath } = refusal({ hbar: -5, windowMs: 1000 });
    expect(message).to.equal("SpendLimitPolicy: 'hbar' must be an amount of HBAR above 0, such as 100, got -5.");
    expect(argPath).to.deep.equal([0, 'hbar']);
  });

  it('says a required option is missing rather than "got undefined"', () => {
    expect(refusal({ hbar: 5 }).message).to.equal("SpendLimitPolicy: 'windowMs' is required: a window in ms, e.g. 60000.");
  });

  it('refuses unknown options and lists the accepted ones, at the top and nested', () => {
    expect(refusal({ windowMs: 1, per: 'context.sessionId' }).message).to.equal("SpendLimitPolicy: unknown option 'per'; accepted: hbar, windowMs, tokens.");
    const nested = refusal({ windowMs: 1, tokens: { '0.0.5': { baseUnits: '1', decimals: 2 } } });
    expect(nested.message).to.equal(`SpendLimitPolicy: unknown option 'tokens["0.0.5"].decimals'; accepted: baseUnits.`);
    expect(nested.argPath).to.deep.equal([0, 'tokens', '0.0.5', 'decimals']);
  });

  it('reports every problem in one message, pointing at the first', () => {
    const { message, argPath } = refusal({ hbar: 'lots', windowMs: 1.5 });
    expect(message).to.match(/^SpendLimitPolicy: 'hbar' must be an amount of HBAR such as 100, got "lots"; 'windowMs' must be .*, got 1\.5\.$/);
    expect(argPath).to.deep.equal([0, 'hbar']);
  });

  it('never echoes a value that looks like a private key, and bounds long strings', () => {
    const key = `302e020100300506032b657004220420${'ab'.repeat(32)}`;
    const keyed = refusal({ hbar: key, windowMs: 1 }).message;
    expect(keyed).to.not.include('abab');
    expect(keyed).to.include('looks like a private key (not shown)');
    expect(refusal({ hbar: 'x'.repeat(500), windowMs: 1 }).message).to.include('a string of 500 characters');
  });

  it('says what was expected when the options are left out altogether, rather than naming an empty field', () => {
    const { message, argPath } = refusal(undefined);
    expect(message).to.match(/^SpendLimitPolicy: expected object.*, got undefined\.$/).and.not.include("''");
    expect(argPath).to.deep.equal([0]);
  });

  it('lists the keys of the object a union offers when a key in it is unknown', () => {
    const store = z.object({ store: z.union([z.literal('memory'), z.object({ redis: z.string(), prefix: z.string().optional() }).strict()]) }).strict();
    expect(() => parseOptions('P', store, { store: { redis: 'r', db: 1 } })).to.throw("P: unknown option 'store.db'; accepted: redis, prefix.");
  });

  it('describes a non-object by its kind, never its contents', () => {
    expect(refusal([1, 2]).message).to.match(/^SpendLimitPolicy: expected .*, got an array\.$/);
  });
});
