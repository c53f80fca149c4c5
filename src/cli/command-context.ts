import type { Command } from 'commander';
import type { AuditStatus } from '../audit/audit-participant.js';
import { createKitFromConfig, type ConfiguredKit } from '../config/create-kit-from-config.js';
import { loadConfig } from '../config/load-config.js';
import { Output, type CliIo } from './cli-io.js';

/** Options every command accepts (declared once on the program). */
export interface GlobalOptions {
  json?: boolean;
  config?: string;
}

/** What a command action gets: its output, its options and the configured kit on demand. */
export class CommandContext {
  readonly output: Output;
  readonly options: GlobalOptions & Record<string, unknown>;

  constructor(
    readonly io: CliIo,
    command: Command,
  ) {
    this.options = command.optsWithGlobals();
    this.output = new Output(io, Boolean(this.options.json));
  }

  /**
   * Loads the configuration and builds its kit; the caller must `close()` it. Closing also says on
   * stderr which audit entries did not reach their topic in time: the library only logs that, and
   * the CLI's logger is silent, so a call would otherwise look audited when its entry never left the journal.
   */
  async openKit(): Promise<ConfiguredKit> {
    const loaded = await loadConfig({ path: this.options.config, cwd: this.io.cwd });
    const configured = await createKitFromConfig(loaded, { env: this.io.env });
    return {
      ...configured,
      close: async () => {
        await configured.close();
        for (const status of configured.kit.audit.pending()) this.reportUndelivered(status);
      },
    };
  }

  private reportUndelivered({ stream, journal, undelivered, lastError }: AuditStatus): void {
    if (!undelivered) return;
    const entries = undelivered === 1 ? '1 audit entry' : `${undelivered} audit entries`;
    const why = lastError ? ` (last attempt: ${lastError})` : '';
    this.io.stderr(`warning: ${entries} not yet delivered to ${stream}${why}; kept in ${journal}, sent by the next run that uses this journal.\n`);
  }
}
