import { expect } from 'chai';
import { ConfigError } from '../../src/config/config-error.js';
import { parseConfig } from '../../src/config/load-config.js';

/** The problems a config is refused with; a config that is accepted fails the test. */
export function configProblemsOf(input: unknown): string[] {
  try {
    parseConfig(input, 'test.json', '/tmp');
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return [...(error as ConfigError).problems];
  }
  throw new Error('expected the config to be refused');
}
