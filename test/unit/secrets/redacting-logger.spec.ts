import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import { silentLogger, type Logger } from '../../../src/lifecycle/logger.js';
import { KeyRedactor } from '../../../src/secrets/key-redactor.js';
import { REDACTED } from '../../../src/values/private-key-patterns.js';
import { redactingLogger } from '../../../src/secrets/redacting-logger.js';

describe('redactingLogger', () => {
  const key = PrivateKey.generateED25519();
  const redactor = new KeyRedactor();
  redactor.protectKey(key);

  describe('when a line carries the key in its message or fields', () => {
    it('writes it redacted, through the logger as a method (pino needs its this)', () => {
      const written: unknown[][] = [];
      const target = { lines: written, debug(this: { lines: unknown[][] }, ...args: unknown[]) { this.lines.push(args); }, warn() {}, error() {} } as Logger & { lines: unknown[][] };
      redactingLogger(target, redactor).debug({ warning: `saw ${Buffer.from(key.toBytesRaw()).toString('base64')}` }, `about ${key.toStringRaw()}`);
      expect(written).to.deep.equal([[{ warning: `saw ${REDACTED}` }, `about ${REDACTED}`]]);
    });
  });

  describe('when the logger is the silent default', () => {
    it('is returned as is: nothing is written, so nothing is rendered', () => {
      expect(redactingLogger(silentLogger, redactor)).to.equal(silentLogger);
    });
  });
});
