import { connect } from 'node:net';
import { AgentHooksError, ErrorCode } from '../lifecycle/errors.js';

/**
 * Checks that something accepts connections at a `network: "local"` node's gRPC address before a
 * kit is built on it. Without this, a node that is not running (say, `agent-hooks devnet` was
 * stopped) only shows after the SDK has retried for its full two-minute request timeout, as a bare
 * "timeout exceeded".
 *
 * @example
 * await probeLocalNode('127.0.0.1:50211', 'agent-hooks.config.json');
 */
export function probeLocalNode(grpcAddress: string, source: string, timeoutMs = 3_000): Promise<void> {
  const at = grpcAddress.lastIndexOf(':');
  const host = grpcAddress.slice(0, at);
  const port = Number(grpcAddress.slice(at + 1));
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const fail = (why: string): void => {
      socket.destroy();
      reject(
        new AgentHooksError(
          ErrorCode.FAILED,
          `network "local": no node answers at ${grpcAddress} (${why}); start it (e.g. agent-hooks devnet) or correct local.grpcAddress in ${source}.`,
        ),
      );
    };
    socket.setTimeout(timeoutMs, () => fail(`no answer within ${timeoutMs} ms`));
    socket.once('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
  });
}
