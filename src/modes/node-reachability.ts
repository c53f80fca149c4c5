import { connect } from 'node:net';
import { AgentHooksError, ErrorCode } from '../errors/index.js';

/** How long the probe waits for any node to accept a connection. */
export const REACH_TIMEOUT_MS = 3_000;

/** One address that did not accept a connection, and why (an errno code, or the timeout). */
export interface UnreachableAddress {
  address: string;
  why: string;
}

/**
 * No node accepted a TCP connection, so nothing was sent to any of them: unlike a timeout during
 * submission, this failure proves the transaction was not submitted, and a retry is safe.
 */
export class NodeUnreachableError extends AgentHooksError {
  constructor(
    readonly network: string,
    readonly unreachable: readonly UnreachableAddress[],
    hint: string,
  ) {
    super(ErrorCode.NODE_UNREACHABLE, `no node of network "${network}" could be reached (${summary(unreachable)}); nothing was submitted. ${hint}`);
  }
}

/**
 * Resolves with the first of `addresses` (`host:port`) that accepts a TCP connection, or rejects
 * with a NodeUnreachableError once every one has refused or `timeoutMs` has passed.
 *
 * Why before submitting and not from the SDK's error: the SDK waits for a gRPC channel inside the
 * same deadline it gives the request, and reports DEADLINE_EXCEEDED whether no connection was ever
 * made or a request was written and its answer lost. Only the second may have reached a node, and
 * they cannot be told apart afterwards; a probe that finds no node before anything is sent can.
 *
 * @example
 * await reachAnyNode(Object.keys(client.network), { network: 'testnet', hint: 'Check the internet connection.' });
 */
export function reachAnyNode(addresses: readonly string[], what: { network: string; hint: string; timeoutMs?: number }): Promise<string> {
  const timeoutMs = what.timeoutMs ?? REACH_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const failed: UnreachableAddress[] = [];
    const sockets = new Set<ReturnType<typeof connect>>();
    let settled = false;
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      outcome();
    };
    const giveUp = (): void => finish(() => reject(new NodeUnreachableError(what.network, failed, what.hint)));
    const timer = setTimeout(() => {
      const answered = new Set(failed.map((entry) => entry.address));
      for (const address of addresses) if (!answered.has(address)) failed.push({ address, why: `no answer within ${timeoutMs} ms` });
      giveUp();
    }, timeoutMs);
    if (addresses.length === 0) giveUp();
    for (const address of addresses) {
      const at = address.lastIndexOf(':');
      const socket = connect({ host: address.slice(0, at), port: Number(address.slice(at + 1)) });
      sockets.add(socket);
      socket.once('connect', () => finish(() => resolve(address)));
      socket.once('error', (error: NodeJS.ErrnoException) => {
        socket.destroy();
        failed.push({ address, why: error.code ?? error.message });
        if (failed.length === addresses.length) giveUp();
      });
    }
  });
}

/** `127.0.0.1:50211: ECONNREFUSED`, or for many addresses `14 addresses: ENETUNREACH (12), ETIMEDOUT (2)`. */
function summary(unreachable: readonly UnreachableAddress[]): string {
  if (unreachable.length === 0) return 'the client has no node addresses';
  if (unreachable.length === 1) return `${unreachable[0]!.address}: ${unreachable[0]!.why}`;
  const counts = new Map<string, number>();
  for (const { why } of unreachable) counts.set(why, (counts.get(why) ?? 0) + 1);
  return `${unreachable.length} addresses: ${[...counts].map(([why, count]) => `${why} (${count})`).join(', ')}`;
}
