import type { Command } from 'commander';
import type { CommandContext } from './command-context.js';
import type { ExitCode } from './exit-codes.js';

/**
 * How a command runs its action: the program supplies it (output, exit code, error mapping), the
 * commands only receive it. Kept apart from program.ts so the commands need not import the program
 * that imports them.
 */
export type RunAction = (command: Command, action: (ctx: CommandContext) => Promise<ExitCode>) => Promise<void>;
