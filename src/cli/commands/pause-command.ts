import type { Command } from 'commander';
import { ConfigError } from '../../config/config-error.js';
import type { RunAction } from '../run-action.js';
import type { CommandContext } from '../command-context.js';
import { ExitCode } from '../exit-codes.js';
import type { ConfiguredKit } from '../../config/create-kit-from-config.js';

const NO_SWITCH =
  'killSwitch: the configuration has no kill switch to turn; add "killSwitch": {}, kept in the state file beside the journal (agent-hooks-state.sqlite) that every agent started from this file and this command share, ' +
  'or "killSwitch": { "store": { "redis": "redis://127.0.0.1:6379" } } for agents on several machines';

/**
 * `agent-hooks pause --reason … [--all]` and `agent-hooks unpause`: the configuration's kill switch
 * (its "killSwitch" key) turned on and off in its store, which every agent process using that
 * configuration watches; recorded by the configuration's audit hooks like the agents' own calls.
 */
export function registerPauseCommands(program: Command, run: RunAction): void {
  program
    .command('pause')
    .description('turn the kill switch on: every agent sharing its store refuses value-moving calls (or, with --all, every call) within a second')
    .requiredOption('-r, --reason <text>', 'why, in a sentence: the agents quote it to their LLM')
    .option('--all', 'refuse every call, not only the value-moving ones')
    .option('--by <name>', 'who pauses (default: this user@host and pid)')
    .addHelpText('after', '\nExample:\n  agent-hooks pause --reason "transfers to unknown accounts" --by alice\n\nUndo with: agent-hooks unpause. The configuration needs "killSwitch" (docs/oversight.md).')
    .action((options: { reason: string; all?: boolean; by?: string }, command: Command) =>
      run(command, (ctx) =>
        withSwitchKit(ctx, async (configured) => {
          const pause = await configured.kit.pause(options.reason, { scope: options.all ? 'all' : 'value-moving', ...(options.by !== undefined ? { by: options.by } : {}) });
          ctx.output.document({ paused: true, ...pause, switch: configured.kit.killSwitch!.name, store: configured.kit.killSwitch!.storeDescription });
          ctx.output.line(`paused ${pause.scope === 'all' ? 'every call' : 'every value-moving call'} (switch "${configured.kit.killSwitch!.name}" in ${configured.kit.killSwitch!.storeDescription}) by ${pause.by} at ${pause.at}`);
          ctx.output.line(`  reason: ${pause.reason}`);
          return ExitCode.OK;
        }),
      ),
    );

  // "unpause", not "resume": resuming is what an approved call does (kit.resume(id)); one verb per idea.
  program
    .command('unpause')
    .description('turn the kill switch off: the agents sharing its store run again within a second')
    .option('--by <name>', 'who unpauses (default: this user@host and pid)')
    .action((options: { by?: string }, command: Command) =>
      run(command, (ctx) =>
        withSwitchKit(ctx, async (configured) => {
          const released = await configured.kit.unpause(options.by !== undefined ? { by: options.by } : {});
          ctx.output.document({ paused: false, by: released.by, at: released.at, ...(released.lifted ? { lifted: released.lifted } : {}) });
          ctx.output.line(
            released.lifted
              ? `unpaused by ${released.by} at ${released.at}, lifting the pause by ${released.lifted.by} at ${released.lifted.at} ("${released.lifted.reason}")`
              : `unpaused by ${released.by} at ${released.at}: nothing was paused`,
          );
          return ExitCode.OK;
        }),
      ),
    );
}

/** Opens the configuration's kit, refusing one without a kill switch before any network is opened. */
async function withSwitchKit(ctx: CommandContext, work: (configured: ConfiguredKit) => Promise<ExitCode>): Promise<ExitCode> {
  const loaded = await ctx.loadConfig();
  const killSwitch = loaded.config.killSwitch;
  if (!killSwitch) throw new ConfigError(loaded.source, [NO_SWITCH]);
  // The loader gave a switch without a store the state file; "memory" reaches no other process.
  if (killSwitch.store === undefined || killSwitch.store === null || killSwitch.store === 'memory') {
    throw new ConfigError(loaded.source, [
      'killSwitch.store: a switch in memory lives in one process, so turning it here would reach no agent; leave "store" out to use the state file beside the journal (agent-hooks-state.sqlite), ' +
        'which every agent started from this file shares, or name the store the agents share, e.g. { "sqlite": "state.sqlite" } or { "redis": "redis://127.0.0.1:6379" }',
    ]);
  }
  const configured = await ctx.openKit();
  try {
    return await work(configured);
  } finally {
    // Closing flushes the audit hooks: the pause or unpause entry goes to the topic now.
    await configured.close();
  }
}
