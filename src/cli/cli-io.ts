import { toJson } from '../lifecycle/to-json.js';
import type { CliError } from './cli-error.js';

/** Where the CLI writes and what it reads from its surroundings; tests pass their own. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export function processIo(): CliIo {
  // A reader that stops early (`agent-hooks tools | head -1`) closes the pipe; each later write then
  // fails with EPIPE. Without a listener that is an uncaught error with a stack trace, and the command
  // dies before closing its kit (audit flush included). Stop writing to stdout and finish normally.
  let stdoutOpen = true;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (!stdoutOpen) return;
    stdoutOpen = false;
    if (error.code !== 'EPIPE') process.stderr.write(`error: cannot write to standard output (${error.message})\n`);
  });
  return {
    stdout: (text) => {
      if (stdoutOpen) process.stdout.write(text);
    },
    stderr: (text) => void process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
  };
}

/** Human lines or one JSON document, as `--json` says. */
export class Output {
  constructor(
    private readonly io: CliIo,
    readonly json: boolean,
  ) {}

  /** A line of human output; ignored in `--json` mode, where only the final document is printed. */
  line(text = ''): void {
    if (!this.json) this.io.stdout(`${text}\n`);
  }

  /** Progress and notes for people: on stderr, so stdout stays clean for pipes. */
  note(text: string): void {
    if (!this.json) this.io.stderr(`${text}\n`);
  }

  document(value: unknown): void {
    if (this.json) this.io.stdout(`${toJson(value, 2)}\n`);
  }

  /**
   * A failure: with `--json` the one error document (see CliErrorDocument) on stdout, else
   * `error: <text>` on stderr, where `text` may say more than the one-line message (e.g. every
   * configuration problem on its own line). Never a stack.
   */
  error(error: CliError, text: string = error.message): void {
    if (this.json) this.io.stdout(`${toJson({ error }, 2)}\n`);
    else this.io.stderr(`error: ${text}\n`);
  }
}
