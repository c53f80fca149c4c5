import type { Command } from 'commander';
import { createKitFromConfig, type ConfiguredKit } from '../config/create-kit-from-config.js';
import { loadConfig, type LoadedConfig } from '../config/load-config.js';
import type { Logger } from '../lifecycle/logger.js';
import type { KeyRedactor } from '../secrets/key-redactor.js';
import type { TelemetryOptions } from '../telemetry/index.js';
import { kitRedactor } from '../secrets/kit-redactor.js';
import { redactingLogger } from '../secrets/redacting-logger.js';
import type { CliIo, Output } from './cli-io.js';
import { cliLogLevel, createCliLogger } from './cli-logger.js';
import { applyCliNetworkBounds } from './network-bounds.js';
import { withProgress } from './progress.js';

/** Options every command accepts (declared once on the program). */
export interface GlobalOptions {
  json?: boolean;
  config?: string;
  verbose?: boolean;
}

/** What a command action gets: its output, its options, a logger and the configured kit on demand. */
export class CommandContext {
  readonly options: GlobalOptions & Record<string, unknown>;
  /**
   * The command's log, on stderr: warnings and errors unless --verbose or LOG_LEVEL say more. The
   * redacting logger stays in front of pino: before a kit exists it cuts anything that reads as a
   * private key; once one is open, it uses the kit's redactor, which also knows the operator's key.
   */
  readonly logger: Logger;
  private redactor: KeyRedactor = kitRedactor([], [], 'agent-hooks');

  constructor(
    readonly io: CliIo,
    command: Command,
    readonly output: Output,
  ) {
    this.options = command.optsWithGlobals();
    const pinoLogger = createCliLogger(io, { level: cliLogLevel(this.options.verbose, io.env), json: output.json });
    this.logger = redactingLogger(pinoLogger, () => this.redactor);
  }

  /** Runs `work`, naming it on stderr when it takes longer than a second. */
  progress<T>(what: string, work: Promise<T>): Promise<T> {
    return withProgress(this.io.stderr, what, work);
  }

  /** The configuration `--config` names, or the one found in the working folder, or the defaults. */
  async loadConfig(): Promise<LoadedConfig> {
    const loaded = await loadConfig({ path: this.options.config, cwd: this.io.cwd });
    this.logger.debug({ source: loaded.source, baseDir: loaded.baseDir }, 'configuration loaded');
    return loaded;
  }

  /**
   * Loads the configuration and builds its kit; the caller must `close()` it. `offline` builds it
   * without a network or an operator, for listing tools. On a network other than the embedded
   * devnet the client gets the CLI's shorter retry bounds (network-bounds.ts), so a node that stops
   * answering ends a command in seconds rather than minutes. `loaded`: a configuration the command
   * has already read (its hooks and policies are built once, not twice).
   */
  async openKit(options: { offline?: boolean; telemetry?: TelemetryOptions; loaded?: LoadedConfig } = {}): Promise<ConfiguredKit & { loaded: LoadedConfig }> {
    let loaded!: LoadedConfig;
    const configured = await this.progress(
      'loading the configuration and plugins, and opening the network',
      (options.loaded ? Promise.resolve(options.loaded) : this.loadConfig()).then((config) => {
        loaded = config;
        return createKitFromConfig(config, { env: this.io.env, logger: this.logger, offline: options.offline, ...(options.telemetry ? { telemetry: options.telemetry } : {}) });
      }),
    );
    this.redactor = configured.kit.redactor;
    if (!options.offline && configured.network !== 'devnet') applyCliNetworkBounds(configured.client);
    this.logger.debug({ network: configured.network, chosenBy: configured.chosenBy, mirror: configured.mirrorNodeUrl }, 'kit ready');
    return { ...configured, loaded, close: () => this.progress('closing the kit', configured.close()) };
  }
}
