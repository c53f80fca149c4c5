import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A redis-server this test started, on a free loopback port, with no persistence. */
export interface TestRedis {
  readonly port: number;
  readonly url: string;
  /** SIGKILLs the server (as a crash would); `start()` brings it back, empty, on the same port. */
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Why Redis tests cannot run here, or undefined when they can. Outside CI a missing redis-server
 * skips them (with this reason printed); in CI it fails them, since CI installs it (.ci/run).
 */
export function redisMissing(): string | undefined {
  const probe = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
  if (!probe.error) return undefined;
  const reason = 'redis-server is not installed (apt-get install redis-server); Redis store tests are skipped';
  if (process.env.CI) throw new Error(`${reason} — but CI is set, and in CI they must run.`);
  return reason;
}

/** Skips the current mocha suite when redis-server is missing (outside CI), printing why. */
export function skipWithoutRedis(suite: Mocha.Context): void {
  const missing = redisMissing();
  if (!missing) return;
  process.stdout.write(`      (skipped: ${missing})\n`);
  suite.skip();
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const server: TestRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = await launch(port);
    },
    async kill() {
      await stopChild(child, 'SIGKILL');
      child = undefined;
    },
    async stop() {
      await stopChild(child, 'SIGTERM');
      child = undefined;
    },
  };
  await server.start();
  return server;
}

function launch(port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start on port ${port}:\n${output}`));
    }, 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${String(code)} before it was ready:\n${output}`));
    });
  });
}

function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
