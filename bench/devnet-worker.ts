/*
 * The embedded devnet in a worker thread, for benches that measure the agent's side only: what the
 * network does with a transaction (signature checks, consensus, the mirror) runs on the worker's
 * event loop, as it would on a node elsewhere, not on the agent's. The parent talks to it over
 * gRPC and the mirror's HTTP like any client; latency is injected by message.
 */
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { PrivateKey } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../src/devnet/index.js';

/** What the parent sends. */
type Request = { inject: { latencyMs: number } } | { clear: true } | { stop: true };

/** The devnet as the parent sees it. */
export interface WorkerDevnet {
  grpcAddress: string;
  mirrorUrl: string;
  operatorKey: PrivateKey;
  /** Injects `latencyMs` into every gRPC call (net.faults.inject({ rpc: '*', latencyMs })). */
  inject(latencyMs: number): Promise<void>;
  clear(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the devnet in a worker thread (this file, compiled, next to its caller). */
export async function startWorkerDevnet(): Promise<WorkerDevnet> {
  // Run from the sources (tsx) the worker needs the same loader; `npm run bench` runs the compiled file.
  const worker = new Worker(__filename, __filename.endsWith('.ts') ? { execArgv: ['--import', 'tsx'] } : {});
  const replies: ((value: unknown) => void)[] = [];
  worker.on('message', (message) => replies.shift()?.(message));
  const next = (): Promise<unknown> => new Promise((resolve, reject) => {
    replies.push(resolve);
    worker.once('error', reject);
  });
  const ask = async (request: Request): Promise<void> => {
    const answer = next();
    worker.postMessage(request);
    await answer;
  };
  const started = (await next()) as { grpcAddress: string; mirrorUrl: string; operatorKey: string };
  return {
    grpcAddress: started.grpcAddress,
    mirrorUrl: started.mirrorUrl,
    operatorKey: PrivateKey.fromStringDer(started.operatorKey),
    inject: (latencyMs) => ask({ inject: { latencyMs } }),
    clear: () => ask({ clear: true }),
    stop: async () => {
      await ask({ stop: true });
      await worker.terminate();
    },
  };
}

async function serve(): Promise<void> {
  const net: Devnet = await startDevnet();
  parentPort!.on('message', (request: Request) => {
    void (async () => {
      if ('inject' in request) net.faults.inject({ rpc: '*', latencyMs: request.inject.latencyMs });
      if ('clear' in request) net.faults.clear();
      if ('stop' in request) await net.stop();
      parentPort!.postMessage({ ok: true });
    })();
  });
  parentPort!.postMessage({ grpcAddress: net.grpcAddress, mirrorUrl: net.mirrorUrl, operatorKey: net.operatorKey.toStringDer() });
}

if (!isMainThread && parentPort) void serve();
