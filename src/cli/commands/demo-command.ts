import { ErrorCode, exitCodeOf } from '../../errors/index.js';
import type { Command } from 'commander';
import { entryDetail, entryOutcome } from '../../audit/index.js';
import { toJson } from '../../lifecycle/to-json.js';
import { withError } from '../cli-error.js';
import { asScripted, runDemo, type DemoCall, type DemoReport } from '../demo/run-demo.js';
import { ExitCode } from '../exit-codes.js';
import type { Output } from '../cli-io.js';
import type { RunAction } from '../run-action.js';

/** `agent-hooks demo`: the guarded session on a fresh devnet, what `npm start` runs. */
export function registerDemoCommand(program: Command, run: RunAction): void {
  program
    .command('demo')
    .description('run a scripted, guarded agent session on a fresh embedded devnet and verify its audit trail (no network, no setup)')
    .action((_options, command: Command) =>
      run(command, async (ctx) => {
        const out = ctx.output;
        out.line('agent-hooks demo: an agent session under hooks and policies, on an embedded Hedera devnet');
        out.line();
        const session = runDemo({
          setup: (what) => out.line(`  setup  ${what}`),
          call: (call, index) => printCall(out, call, index),
        });
        // Text mode shows each step as it happens; --json prints only at the end, so say what runs.
        const report = await (out.json ? ctx.progress('running the demo session on an embedded devnet', session) : session);
        const exitCode = report.ok ? ExitCode.OK : exitCodeOf(ErrorCode.DEMO_FAILED);
        out.document(withError(jsonReport(report), exitCode, { code: ErrorCode.DEMO_FAILED, message: 'the demo ended with outcomes other than scripted, or an unverified audit trail', problems: report.audit.problems }));
        printAudit(out, report);
        return exitCode;
      }),
    );
}

function printCall(out: Output, call: DemoCall, index: number): void {
  const { raw } = call.result;
  out.line();
  out.line(`[${index}] agent: "${call.step.request}"`);
  out.line(`    call     ${call.step.tool} ${toJson(call.params)}`);
  if (call.outcome === 'executed') {
    const refused = call.status !== 'SUCCESS' ? ': the ledger recorded it as failed, nothing was transferred' : '';
    out.line(`    EXECUTED transaction ${raw.transactionId}, status ${call.status}${refused}`);
  } else if (call.outcome === 'blocked') {
    out.line(`    BLOCKED  by ${raw.blockedBy?.policy} at ${raw.blockedBy?.stage}${raw.blockedBy?.reason ? `: ${raw.blockedBy.reason}` : ''}`);
  } else out.line(`    FAILED   before reaching the ledger: ${raw.errorCode}${raw.transactionId ? ` (transaction ${raw.transactionId})` : ''}`);
  out.line(`    model    ${call.result.humanMessage}`);
  if (!asScripted(call)) out.line(`    !! expected ${call.step.expected}${call.step.expectedStatus ? ` with status ${call.step.expectedStatus}` : ''}`);
}

function printAudit(out: Output, report: DemoReport): void {
  const { audit } = report;
  out.line();
  out.line(`audit trail: topic ${audit.topicId}, ${audit.entries.length} entries in ${audit.messages} HCS message(s), read back from the mirror`);
  for (const entry of audit.entries) {
    out.line(`  #${entry.seq} ${entry.tool.padEnd(20)} ${entryOutcome(entry).padEnd(9)} ${entryDetail(entry)}`);
  }
  if (audit.problems.length === 0) out.line("verified: every call is on the topic exactly once, in order, with its outcome, and matches the hook's local journal.");
  else for (const problem of audit.problems) out.line(`  PROBLEM ${problem}`);
  out.line();
  out.line(report.ok ? 'demo finished: all outcomes as scripted, audit trail verified.' : 'demo finished with problems (see above).');
}

function jsonReport(report: DemoReport): object {
  return {
    ok: report.ok,
    accounts: report.accounts,
    policies: report.policies,
    calls: report.calls.map((call) => ({
      request: call.step.request,
      tool: call.step.tool,
      params: call.params,
      expected: call.step.expected,
      outcome: call.outcome,
      ...(call.status ? { status: call.status } : {}),
      result: call.result,
    })),
    audit: report.audit,
  };
}
