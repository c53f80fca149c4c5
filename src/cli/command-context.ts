import type { Command } from 'commander';
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

  /** Loads the configuration and builds its kit; the caller must `close()` it. */
  async openKit(): Promise<ConfiguredKit> {
    const loaded = await loadConfig({ path: this.options.config, cwd: this.io.cwd });
    return createKitFromConfig(loaded, { env: this.io.env });
  }
}
