import type { Client } from '@hiero-ledger/sdk';
import { ErrorCode, isAgentHooksError } from '../errors/index.js';
import { NodeUnreachableError, reachAnyNode, REACH_TIMEOUT_MS } from './node-reachability.js';

/** How long "a node accepted a connection" is trusted before the next call probes again. */
export const REACHABLE_FOR_MS = 5_000;
/** How long "no node accepted a connection" is trusted: a node that comes back is seen this soon. */
export const UNREACHABLE_FOR_MS = 2_000;

const HINT = 'Check that the node runs and that no proxy or firewall blocks outgoing TCP to it; a retry is safe.';

export interface ReachabilityGateOptions {
  reachableForMs?: number;
  unreachableForMs?: number;
  /** Milliseconds since the epoch; Date.now by default. Only the age of a verdict is measured with it. */
  now?: () => number;
  timeoutMs?: number;
}

interface Verdict {
  /** The client's node addresses the verdict is about: a client whose network changed is probed again. */
  addresses: string;
  until: number;
  failure?: NodeUnreachableError;
}

/**
 * Whether some node of a client accepts a TCP connection, asked before a transaction is submitted so
 * that "no node at all" fails at once, saying nothing was sent, instead of after the SDK's retries
 * (which then cannot tell a request that never left from one whose answer was lost).
 *
 * Verdicts are cached per client. The good one too: probing before every call would add a round
 * trip to each; with the cache a busy client pays one connect per {@link REACHABLE_FOR_MS}, and a
 * node that dies inside that window is met by the SDK's own retries as before (the strategy then
 * {@link forget}s the verdict, so the next call probes). Probing only after a connection failure
 * would cost nothing while the node is up, but the first call to a dead node would still wait
 * through every retry, which is what this is for. The bad verdict lasts {@link UNREACHABLE_FOR_MS}, so a
 * recovered node does not look dead for long. Calls that arrive during a probe share it.
 */
export class ReachabilityGate {
  private readonly verdicts = new WeakMap<Client, Verdict>();
  private readonly probes = new WeakMap<Client, Promise<Verdict>>();
  private readonly reachableForMs: number;
  private readonly unreachableForMs: number;
  private readonly now: () => number;
  private readonly timeoutMs: number;

  constructor(options: ReachabilityGateOptions = {}) {
    this.reachableForMs = options.reachableForMs ?? REACHABLE_FOR_MS;
    this.unreachableForMs = options.unreachableForMs ?? UNREACHABLE_FOR_MS;
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? REACH_TIMEOUT_MS;
  }

  /** Resolves when some node of `client` accepts connections; rejects with a NodeUnreachableError otherwise. */
  async ensureReachable(client: Client): Promise<void> {
    const addresses = addressesOf(client);
    const key = addresses.join(',');
    let verdict = this.verdicts.get(client);
    if (!verdict || verdict.addresses !== key || this.now() >= verdict.until) verdict = await this.probe(client, addresses, key);
    if (verdict.failure) throw new NodeUnreachableError(verdict.failure.network, verdict.failure.unreachable, HINT);
  }

  /** Drops what is known about `client`, e.g. after a connection failure: its next call probes again. */
  forget(client: Client): void {
    this.verdicts.delete(client);
  }

  private probe(client: Client, addresses: string[], key: string): Promise<Verdict> {
    const running = this.probes.get(client);
    if (running) return running;
    const network = client.ledgerId?.toString() ?? 'unnamed';
    const probe = reachAnyNode(addresses, { network, hint: HINT, timeoutMs: this.timeoutMs }).then(
      (): Verdict => ({ addresses: key, until: this.now() + this.reachableForMs }),
      (error: unknown): Verdict => {
        if (!isAgentHooksError(error) || error.code !== ErrorCode.NODE_UNREACHABLE) throw error;
        return { addresses: key, until: this.now() + this.unreachableForMs, failure: error as NodeUnreachableError };
      },
    ).then((verdict) => {
      this.verdicts.set(client, verdict);
      return verdict;
    }).finally(() => this.probes.delete(client));
    this.probes.set(client, probe);
    return probe;
  }
}

/** The `host:port` of every node of the client (the SDK's network map is keyed by them). */
function addressesOf(client: Client): string[] {
  const network = (client as { network?: unknown }).network;
  return network && typeof network === 'object' ? Object.keys(network).sort() : [];
}
