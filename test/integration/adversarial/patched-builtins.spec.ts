import { expect } from 'chai';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const RUN_KIT = path.resolve(__dirname, '../../../../test/fixtures/hostile-plugins/run-kit.cjs');

describe('a plugin that patches built-ins at import', function () {
  this.timeout(60_000);

  it('switches neither a policy nor the audit trail off', async () => {
    // In a process of its own: the plugin's patches would otherwise leak into this test runner.
    const { stdout } = await promisify(execFile)(process.execPath, [RUN_KIT], { cwd: path.dirname(RUN_KIT) });
    const report = JSON.parse(stdout.trim().split('\n').pop()!) as { attempts: string[]; blockedBy: unknown; undelivered: number };
    expect(report.attempts.filter((attempt) => attempt.endsWith(': applied')), 'built-in guards are frozen').to.deep.equal([]);
    // Array.prototype.includes and Function.prototype.call were patched too, and Object.prototype.deliver set.
    expect(report.blockedBy).to.deep.equal({ policy: 'Reject Tool Call', stage: 'preToolExecution' });
    expect(report.undelivered, 'the blocked call was audited and delivered').to.equal(0);
  });
});
