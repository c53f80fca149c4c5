import { expect } from 'chai';
import { z } from 'zod';
import { argPathOf, parseArgs, parseOptions, SENTENCE } from '../../../src/errors/index.js';

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

  describe('when a schema ties fields together or is a union', () => {
    const backoffs = z
      .object({ min: z.number().optional(), max: z.number().optional(), watch: z.union([z.literal(false), z.object({ every: z.number({ error: 'a number of ms' }).min(50, { error: 'a number of ms' }) }).strict()], { error: 'false or { every }' }).optional() })
      .superRefine(({ min = 0, max = Infinity }, ctx) => {
        if (max < min) ctx.addIssue({ code: 'custom', path: ['max'], params: SENTENCE, message: `max (${max}) must not be below min (${min})` });
      });

    it('reports a whole-sentence rule as written', () => {
      let message = '';
      try {
        parseOptions('X', backoffs, { min: 5, max: 1 });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).to.equal('X: max (1) must not be below min (5).');
    });

    it('reports the problems inside the branch of a union the value took, and its unknown keys with the accepted ones', () => {
      const problems = (value: unknown): string => {
        try {
          parseOptions('X', backoffs, value);
        } catch (error) {
          return (error as Error).message;
        }
        return '';
      };
      expect(problems({ watch: { every: Number.NaN } })).to.equal("X: 'watch.every' must be a number of ms, got NaN.");
      expect(problems({ watch: { every: 60, evry: 60 } })).to.equal("X: unknown option 'watch.evry'; accepted: every.");
      expect(problems({ watch: true })).to.equal("X: 'watch' must be false or { every }, got true.");
    });
  });

  describe('parseArgs', () => {
    const args = z.tuple([z.array(z.string()), z.string({ error: 'a topic ID' }).regex(/^\d+\.\d+\.\d+$/, { error: 'a topic ID' }), z.object({ dir: z.string({ error: 'a folder path' }) }, { error: 'an options object' }).strict().optional()]);
    const refused = (given: unknown[]): { message: string; argPath: readonly (string | number)[] | undefined } => {
      try {
        parseArgs('Hook', args, given, ['tools', 'topicId', { bare: 'options' }]);
      } catch (error) {
        return { message: (error as Error).message, argPath: argPathOf(error) };
      }
      throw new Error('expected a refusal');
    };

    it('names a positional argument by its name, and points at its position', () => {
      expect(refused([['t'], 'x'])).to.deep.equal({ message: `Hook: 'topicId' must be a topic ID, got "x".`, argPath: [1] });
      expect(refused([['t']]).message).to.equal("Hook: 'topicId' is required: a topic ID.");
    });

    it('lets the fields of a bare options argument stand alone, naming the argument only when it is wrong as a whole', () => {
      expect(refused([['t'], '0.0.5', { dir: 5 }])).to.deep.equal({ message: "Hook: 'dir' must be a folder path, got 5.", argPath: [2, 'dir'] });
      expect(refused([['t'], '0.0.5', { dir: 'a', folder: 'a' }])).to.deep.equal({ message: "Hook: unknown option 'folder'; accepted: dir.", argPath: [2, 'folder'] });
      expect(refused([['t'], '0.0.5', 'audit']).message).to.equal(`Hook: 'options' must be an options object, got "audit".`);
    });

    it('returns the parsed arguments when they are valid', () => {
      expect(parseArgs('Hook', args, [['t'], '0.0.5'], ['tools', 'topicId', { bare: 'options' }])).to.deep.equal([['t'], '0.0.5', undefined]);
    });
  });
});
