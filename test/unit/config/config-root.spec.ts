import { expect } from 'chai';
import { ConfigError } from '../../../src/config/config-error.js';
import { parseConfig } from '../../../src/config/load-config.js';

describe('a configuration that is not an object', () => {
  for (const [what, value] of [['a number', 5], ['a list', []], ['null', null]] as const) {
    describe(`when a config file exports ${what}`, () => {
      it('names the configuration itself, not tool "parameters"', () => {
        let problems: readonly string[] = [];
        try {
          parseConfig(value, 'agent-hooks.config.cjs', '/srv/agent');
        } catch (error) {
          problems = (error as ConfigError).problems;
        }
        expect(problems).to.have.length(1);
        expect(problems[0]).to.match(/^configuration: /);
        expect(problems[0]).to.match(/object/);
      });
    });
  }
});
