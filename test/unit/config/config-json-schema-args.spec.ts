import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020';
import { configJsonSchema } from '../../../src/config/config-json-schema.js';
import { ConfigError } from '../../../src/config/config-error.js';
import { parseConfig } from '../../../src/config/load-config.js';
import { HcsAuditTrailHook, HolAuditTrailHook } from '../../../src/hooks/index.js';

const validate = new Ajv2020({ allErrors: true, strict: false }).compile(configJsonSchema());

/** Where the JSON Schema found problems, written as the loader names fields: `hooks[0].args[3].lingerMs`. */
function schemaProblems(config: unknown): string[] {
  if (validate(config)) return [];
  return (validate.errors ?? []).map(({ instancePath, params }) => {
    const parts = instancePath.split('/').slice(1);
    const extra = (params as { additionalProperty?: string }).additionalProperty;
    return [...parts, ...(extra ? [extra] : [])].map((part, at) => (/^\d+$/.test(part) ? `[${part}]` : at ? `.${part}` : part)).join('');
  });
}

function loaderProblems(config: unknown): readonly string[] {
  try {
    parseConfig(config, 'agent-hooks.config.json', '/tmp');
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  return [];
}

describe('the config JSON Schema of hook arguments', () => {
  describe('when a hook entry has valid arguments', () => {
    it('accepts them, with null for a left-out optional argument', () => {
      const config = {
        hooks: [
          { hook: 'HcsAuditTrailHook', args: [['transfer_hbar_tool'], '0.0.1234', null, { journalDir: './audit', scheduleWatch: false }] },
          { hook: 'HolAuditTrailHook', args: [{ relevantTools: ['*'], sessionId: '0.0.77', lingerMs: 0 }] },
        ],
      };
      expect(schemaProblems(config)).to.deep.equal([]);
      expect(loaderProblems(config)).to.deep.equal([]);
    });
  });

  describe('when an argument of a hook is wrong', () => {
    const cases = [
      { when: 'an option has the wrong type', entry: { hook: 'HcsAuditTrailHook', args: [['*'], '0.0.1234', null, { lingerMs: 'soon' }] }, field: 'hooks[0].args[3].lingerMs' },
      { when: 'an option is misspelt', entry: { hook: 'HcsAuditTrailHook', args: [['*'], '0.0.1234', null, { journalDirectory: './audit' }] }, field: 'hooks[0].args[3].journalDirectory' },
      { when: 'the topic ID is not one', entry: { hook: 'HcsAuditTrailHook', args: [['*'], 'topic-5'] }, field: 'hooks[0].args[1]' },
      { when: 'a nested option is out of range', entry: { hook: 'HolAuditTrailHook', args: [{ relevantTools: ['*'], sessionId: '0.0.77', scheduleWatch: { intervalMs: 10 } }] }, field: 'hooks[0].args[0].scheduleWatch.intervalMs' },
    ];
    for (const { when, entry, field } of cases) {
      it(`is refused by the JSON Schema and by the loader, both naming ${field}, when ${when}`, () => {
        const config = { hooks: [entry] };
        expect(schemaProblems(config)).to.include(field);
        const problems = loaderProblems(config);
        expect(problems).to.have.length(1);
        expect(problems[0]!.startsWith(`${field}: ${entry.hook}: `), problems[0]).to.equal(true);
      });
    }

    it('requires the arguments a hook cannot do without', () => {
      expect(schemaProblems({ hooks: [{ hook: 'HcsAuditTrailHook' }] })).to.include('hooks[0]');
      expect(loaderProblems({ hooks: [{ hook: 'HcsAuditTrailHook' }] })).to.have.length(1);
    });
  });

  describe('when a hook class declares its arguments', () => {
    it('is the schema its constructor validates with', () => {
      expect(HcsAuditTrailHook.configArgs.safeParse([['*'], '0.0.5']).success).to.equal(true);
      expect(HolAuditTrailHook.configArgs.safeParse([{ relevantTools: ['*'], sessionId: '0.0.5', per: 1 }]).success).to.equal(false);
    });
  });
});
