import type { Command } from 'commander';
import { ExitCode } from '../exit-codes.js';
import type { RunAction } from '../program.js';

/** `agent-hooks audit verify --topic <id>`: reads an audit topic back and checks it. */
export function registerAuditCommand(program: Command, run: RunAction): void {
  const audit = program.command('audit').description('work with audit trails written by the audit hooks');
  audit
    .command('verify')
    .description('read an audit topic back from the mirror and check schema, order and completeness against the local journal')
    .requiredOption('--topic <id>', 'the audit topic, e.g. 0.0.1234')
    .option('--journal <dir>', 'audit journal folder', '.agent-hooks/audit')
    .action((_options, command: Command) =>
      run(command, async (ctx) => {
        ctx.output.error('audit verify is not available in this build yet');
        return ExitCode.FAILED;
      }),
    );
}
