import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { ERROR_TABLE, ErrorCode, ExitCode, exitCodeOf } from '../../../src/errors/index.js';

describe('the table of error codes', () => {
  it('gives every code one row, with a meaning and an exit code', () => {
    const codes = Object.values(ERROR_TABLE).map((row) => row.code);
    expect(new Set(codes).size).to.equal(codes.length);
    for (const row of Object.values(ERROR_TABLE)) {
      expect(row.meaning, row.code).to.match(/\.$/);
      expect(Object.values(ExitCode), row.code).to.include(row.exitCode);
    }
    expect(ErrorCode.INVALID_ARGUMENT).to.equal('E_INVALID_ARGUMENT');
    expect(Object.isFrozen(ErrorCode)).to.equal(true);
  });

  it('maps codes to the exit codes scripts rely on, and anything else to a failure', () => {
    expect(exitCodeOf(ErrorCode.POLICY_BLOCKED)).to.equal(ExitCode.BLOCKED);
    expect(exitCodeOf(ErrorCode.CONFIG)).to.equal(ExitCode.USAGE);
    expect(exitCodeOf(ErrorCode.UNKNOWN_TOOL)).to.equal(ExitCode.USAGE);
    expect(exitCodeOf(ErrorCode.AUDIT_MISMATCH)).to.equal(ExitCode.AUDIT_MISMATCH);
    expect(exitCodeOf(ErrorCode.NODE_UNREACHABLE)).to.equal(ExitCode.FAILED);
    expect(exitCodeOf('INSUFFICIENT_PAYER_BALANCE')).to.equal(ExitCode.FAILED);
    expect(exitCodeOf(undefined)).to.equal(ExitCode.FAILED);
  });

  it('is the table docs/errors.md shows, row for row', () => {
    const doc = readFileSync('docs/errors.md', 'utf8');
    for (const row of Object.values(ERROR_TABLE)) {
      expect(doc, row.code).to.include(`| \`${row.code}\` | ${row.exitCode} | ${row.meaning} |`);
    }
  });
});
