import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** `agent-hooks signer` running as a process of its own, started by the CLI as an operator would. */
export interface SignerProcess {
  readonly url: string;
  /** Everything the process wrote on stderr so far (its log lines). */
  stderr(): string;
  stop(): Promise<void>;
}

const CLI = path.resolve(__dirname, '../../src/cli/main.js');

/**
 * Starts `node dist/src/cli/main.js signer …args` in `cwd` with `env` (nothing inherited but PATH and
 * SOFTHSM2_CONF) and resolves once it prints the address it serves.
 */
export function startSignerProcess(cwd: string, env: Record<string, string>, args: readonly string[]): Promise<SignerProcess> {
  const child: ChildProcess = spawn(process.execPath, [CLI, 'signer', ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...(process.env.SOFTHSM2_CONF ? { SOFTHSM2_CONF: process.env.SOFTHSM2_CONF } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stdout!.resume();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`the signer did not start within 30 s; stderr:\n${err}`)), 30_000);
    const fail = (error: Error): void => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.once('exit', (code) => fail(new Error(`the signer exited with ${code} before serving; stderr:\n${err}`)));
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
      const served = /serving (\S+) for account/.exec(err);
      if (!served) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({
        url: served[1]!,
        stderr: () => err,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
          }),
      });
    });
  });
}
