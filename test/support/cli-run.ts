import type { CliIo } from '../../src/cli/cli-io.js';
import { runCli } from '../../src/cli/program.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `agent-hooks` in-process in `cwd` with exactly `env`, capturing both streams. */
export async function runCliIn(cwd: string, env: NodeJS.ProcessEnv, ...argv: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), env, cwd };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

/** A loopback port nothing listens on (taken, then released). */
export async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
