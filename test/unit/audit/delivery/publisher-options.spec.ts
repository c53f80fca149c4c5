import { expect } from 'chai';
import { DEFAULT_LINGER_MS, DEFAULT_MAX_IN_FLIGHT, publisherSettings } from '../../../../src/audit/delivery/publisher-options.js';
import { HcsAuditTrailHook, HolAuditTrailHook } from '../../../../src/hooks/index.js';
import { ConfigError } from '../../../../src/config/config-error.js';
import { parseConfig } from '../../../../src/config/load-config.js';

describe('delivery options', () => {
  describe('when none are given', () => {
    it('lingers 2 s with 32 messages in flight', () => {
      expect(publisherSettings({}, 'X')).to.deep.equal({ minBackoffMs: 100, maxBackoffMs: 5_000, mirrorUrl: undefined, lingerMs: DEFAULT_LINGER_MS, maxInFlight: DEFAULT_MAX_IN_FLIGHT });
      expect([DEFAULT_LINGER_MS, DEFAULT_MAX_IN_FLIGHT]).to.deep.equal([2_000, 32]);
    });
  });

  describe('when lingerMs is out of range or not a number', () => {
    it('refuses it at construction, naming the hook, the option, the range and the value', () => {
      const cases: [unknown, string][] = [
        [-1, '-1'],
        [60_001, '60001'],
        [Number.NaN, 'NaN'],
        [Number.POSITIVE_INFINITY, 'Infinity'],
        ['500', '"500"'],
        [null, 'null'],
      ];
      for (const [lingerMs, shown] of cases) {
        expect(() => new HcsAuditTrailHook(['*'], '0.0.1234', undefined, { lingerMs: lingerMs as number }), String(lingerMs)).to.throw(
          `HcsAuditTrailHook: 'lingerMs' must be a number of milliseconds from 0 to 60000, got ${shown}.`,
        );
      }
    });

    it('accepts 0 (no linger) and fractions of a millisecond', () => {
      expect(publisherSettings({ lingerMs: 0 }, 'X').lingerMs).to.equal(0);
      expect(publisherSettings({ lingerMs: 2.5 }, 'X').lingerMs).to.equal(2.5);
    });
  });

  describe('when maxInFlight is not a whole number from 1 to 256', () => {
    it('refuses it, for the HOL hook too', () => {
      for (const maxInFlight of [0, 1.5, 257, '4']) {
        expect(() => new HolAuditTrailHook({ relevantTools: ['*'], sessionId: '0.0.1234', maxInFlight: maxInFlight as number })).to.throw(
          `HolAuditTrailHook: 'maxInFlight' must be a whole number of messages from 1 to 256, got ${JSON.stringify(maxInFlight)}.`,
        );
      }
    });
  });

  describe('when the backoffs contradict each other or the mirror URL is not http(s)', () => {
    it('says so', () => {
      expect(() => publisherSettings({ minBackoffMs: 2_000, maxBackoffMs: 1_000 }, 'X')).to.throw('X: maxBackoffMs (1000) must not be below minBackoffMs (2000).');
      expect(() => publisherSettings({ minBackoffMs: 0 }, 'X')).to.throw("X: 'minBackoffMs' must be a number of milliseconds from 1 to 600000, got 0.");
      expect(() => publisherSettings({ mirrorUrl: 'testnet.mirrornode.hedera.com' }, 'X')).to.throw(/X: 'mirrorUrl' must be an http\(s\) URL/);
    });
  });

  describe('when closeTimeoutMs is not a number of milliseconds from 0 to an hour', () => {
    it('refuses it at construction, for the HOL hook too, instead of letting close() end at once', () => {
      for (const [closeTimeoutMs, shown] of [['5000', '"5000"'], [Number.NaN, 'NaN'], [-1, '-1'], [3_600_001, '3600001']] as const) {
        const expected = `must be a number of milliseconds from 0 to 3600000, got ${shown}.`;
        expect(() => new HcsAuditTrailHook(['*'], '0.0.1234', undefined, { closeTimeoutMs: closeTimeoutMs as number }), String(closeTimeoutMs)).to.throw(`HcsAuditTrailHook: 'closeTimeoutMs' ${expected}`);
        expect(() => new HolAuditTrailHook({ relevantTools: ['*'], sessionId: '0.0.1234', closeTimeoutMs: closeTimeoutMs as number }), String(closeTimeoutMs)).to.throw(`HolAuditTrailHook: 'closeTimeoutMs' ${expected}`);
      }
    });

    it('accepts 0 (close without waiting) and an hour', () => {
      expect(() => new HcsAuditTrailHook(['*'], '0.0.1234', undefined, { closeTimeoutMs: 0 })).not.to.throw();
      expect(() => new HcsAuditTrailHook(['*'], '0.0.1234', undefined, { closeTimeoutMs: 3_600_000 })).not.to.throw();
    });
  });

  describe('when a configuration file gives a bad value', () => {
    it('refuses the configuration at start, naming the hook entry', () => {
      const config = { hooks: [{ hook: 'HcsAuditTrailHook', args: [['*'], '0.0.1234', null, { lingerMs: 'soon', maxInFlight: 8 }] }] };
      let problems: readonly string[] = [];
      try {
        parseConfig(config, 'agent-hooks.config.json', '/tmp');
      } catch (error) {
        expect(error).to.be.instanceOf(ConfigError);
        problems = (error as ConfigError).problems;
      }
      expect(problems).to.deep.equal(['hooks[0].args[3].lingerMs: HcsAuditTrailHook: \'lingerMs\' must be a number of milliseconds from 0 to 60000, got "soon".']);
    });
  });
});
