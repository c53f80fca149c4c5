import { status as grpcStatus } from '@grpc/grpc-js';
import { proto } from '@hiero-ledger/proto';
import type { StatusName } from './ledger/status-error.js';
import { MirrorFaults } from './mirror/mirror-faults.js';
import { isMirrorGrpcPath } from './mirror/mirror-grpc-paths.js';

/** A gRPC status name such as `'UNAVAILABLE'`. */
export type GrpcErrorName = Exclude<keyof typeof grpcStatus, 'OK'>;

/** Which calls a fault applies to, and how often. */
export interface FaultTarget {
  /**
   * gRPC method name (`'cryptoTransfer'`), full path (`'/proto.CryptoService/cryptoTransfer'`) or `'*'`;
   * `'subscribeTopic'` is the mirror's topic stream, which takes only `grpcError` and `latencyMs`
   */
  rpc: string;
  /** apply to this many matching calls, then retire (default: forever) */
  times?: number;
  /** chance in [0, 1] that a matching call is hit (default 1); misses do not use up `times` */
  probability?: number;
}

/** One fault: exactly one of the action fields. */
export type FaultSpec = FaultTarget & (
  | { grpcError: GrpcErrorName; message?: string }
  | { precheck: StatusName }
  | { receiptStatus: StatusName }
  /** waits this long before handling the call (a slow node: nothing has happened yet when a client gives up) */
  | { latencyMs: number }
  /**
   * handles the call at once but answers this long afterwards: set it past the client's gRPC
   * deadline and a transaction is applied while the client sees a timeout, as when a response is lost
   */
  | { responseDelayMs: number }
);

/** A registered fault; `hits` counts the calls it changed. */
export interface FaultHandle {
  readonly spec: Readonly<FaultSpec>;
  readonly hits: number;
  /** calls left before it retires, or undefined for "forever" */
  readonly remaining: number | undefined;
  remove(): void;
}

/** What the gRPC layer must do for one call. */
export interface FaultDecision {
  /** wait before handling the call */
  latencyMs: number;
  /** wait after handling it, before answering: the call took effect, the answer is late */
  responseDelayMs: number;
  grpcError?: { code: number; message: string };
  precheck?: StatusName;
  receiptStatus?: StatusName;
}

interface Rule { spec: FaultSpec; hits: number; remaining: number | undefined; path?: string }

/**
 * Scriptable faults per RPC, for reliability tests: gRPC errors, precheck codes, receipt statuses,
 * latency before a call is handled, and a late answer after it was handled.
 *
 * @example
 * net.faults.inject({ rpc: 'cryptoTransfer', precheck: 'BUSY', times: 2 });   // two BUSY answers, then normal
 * net.faults.inject({ rpc: '*', grpcError: 'UNAVAILABLE', probability: 0.1 }); // 10 % of calls fail
 * net.faults.inject({ rpc: 'getTransactionReceipts', latencyMs: 50 });
 * net.faults.inject({ rpc: 'cryptoTransfer', responseDelayMs: 5_000, times: 1 }); // applied, but answered after the client gave up
 * net.faults.mirror.inject({ path: '/api/v1/topics', status: 503, times: 1 }); // mirror REST faults
 * net.faults.clear();
 */
export class DevnetFaults {
  private rules: Rule[] = [];
  /** Faults for the mirror REST server. */
  readonly mirror: MirrorFaults;

  /** @param paths known RPC paths; @param transactionPaths those carrying a Transaction */
  constructor(private readonly paths: ReadonlySet<string>, private readonly transactionPaths: ReadonlySet<string>, private readonly random: () => number = Math.random) {
    this.mirror = new MirrorFaults(random);
  }

  /** Registers a fault; throws a descriptive Error when the spec is malformed. */
  inject(spec: FaultSpec): FaultHandle {
    const rule: Rule = { spec: { ...spec }, hits: 0, remaining: spec.times, path: this.resolvePath(spec) };
    validateAction(spec, rule.path, this.transactionPaths);
    this.rules.push(rule);
    const rules = () => this.rules;
    const setRules = (next: Rule[]) => { this.rules = next; };
    return {
      get spec() { return rule.spec; },
      get hits() { return rule.hits; },
      get remaining() { return rule.remaining; },
      remove() { setRules(rules().filter((r) => r !== rule)); },
    };
  }

  /** Removes every fault, gRPC and mirror. */
  clear(): void {
    this.rules = [];
    this.mirror.clear();
  }

  /** @internal Decides the faults for one call to `path`, consuming counts. */
  take(path: string): FaultDecision {
    const decision: FaultDecision = { latencyMs: 0, responseDelayMs: 0 };
    let acted = false;
    for (const rule of this.rules) {
      if (rule.path !== undefined && rule.path !== path) continue;
      if (rule.remaining === 0) continue;
      // Delays combine with each other and with one action; actions exclude each other.
      const isDelay = 'latencyMs' in rule.spec || 'responseDelayMs' in rule.spec;
      if (!isDelay && acted) continue;
      if (isMirrorGrpcPath(path) && !('grpcError' in rule.spec || 'latencyMs' in rule.spec)) continue; // a wildcard's precheck, receipt or answer delay means nothing to a stream
      if (rule.spec.probability !== undefined && this.random() >= rule.spec.probability) continue;
      if ('latencyMs' in rule.spec) {
        decision.latencyMs += rule.spec.latencyMs;
      } else if ('responseDelayMs' in rule.spec) {
        decision.responseDelayMs += rule.spec.responseDelayMs;
      } else if ('receiptStatus' in rule.spec && !this.transactionPaths.has(path) && !path.endsWith('/getTransactionReceipts')) {
        continue; // a wildcard receipt fault only makes sense where a receipt is produced or read
      } else {
        applyAction(rule.spec, decision);
        acted = true;
      }
      rule.hits++;
      if (rule.remaining !== undefined) rule.remaining--;
    }
    this.rules = this.rules.filter((rule) => rule.remaining !== 0);
    return decision;
  }

  private resolvePath(spec: FaultSpec): string | undefined {
    if (typeof spec?.rpc !== 'string') throw new Error('faults.inject: `rpc` must be a method name such as "cryptoTransfer", a path such as "/proto.CryptoService/cryptoTransfer", or "*"');
    if (spec.rpc === '*') return undefined;
    if (this.paths.has(spec.rpc)) return spec.rpc;
    const matches = [...this.paths].filter((path) => path.endsWith(`/${spec.rpc}`));
    if (matches.length === 1) return matches[0];
    const hint = matches.length > 1 ? `it is ambiguous; use one of ${matches.join(', ')}` : 'no devnet service has that method (see DevnetFaults.rpcPaths)';
    throw new Error(`faults.inject: unknown rpc "${spec.rpc}": ${hint}`);
  }

  /** Every RPC path the devnet serves, for building fault specs. */
  get rpcPaths(): string[] {
    return [...this.paths].sort();
  }
}

function validateAction(spec: FaultSpec, path: string | undefined, transactionPaths: ReadonlySet<string>): void {
  const actions = ['grpcError', 'precheck', 'receiptStatus', 'latencyMs', 'responseDelayMs'].filter((key) => key in spec);
  if (actions.length !== 1) throw new Error(`faults.inject: give exactly one of grpcError, precheck, receiptStatus, latencyMs, responseDelayMs (got ${actions.join(', ') || 'none'})`);
  if (spec.times !== undefined && (!Number.isInteger(spec.times) || spec.times < 1)) throw new Error(`faults.inject: times must be a positive integer (got ${String(spec.times)})`);
  if (spec.probability !== undefined && !(spec.probability >= 0 && spec.probability <= 1)) throw new Error(`faults.inject: probability must be within [0, 1] (got ${String(spec.probability)})`);
  if ('grpcError' in spec && typeof grpcStatus[spec.grpcError] !== 'number') throw new Error(`faults.inject: grpcError "${String(spec.grpcError)}" is not a gRPC status name such as UNAVAILABLE`);
  if ('precheck' in spec && typeof proto.ResponseCodeEnum[spec.precheck] !== 'number') throw new Error(`faults.inject: precheck "${String(spec.precheck)}" is not a Hedera status name such as BUSY`);
  if ('receiptStatus' in spec) {
    if (typeof proto.ResponseCodeEnum[spec.receiptStatus] !== 'number') throw new Error(`faults.inject: receiptStatus "${String(spec.receiptStatus)}" is not a Hedera status name such as INVALID_SIGNATURE`);
    if (path && !transactionPaths.has(path) && !path.endsWith('/getTransactionReceipts')) throw new Error(`faults.inject: receiptStatus applies to transaction RPCs and getTransactionReceipts, not ${path}`);
  }
  if (path && isMirrorGrpcPath(path) && !('grpcError' in spec || 'latencyMs' in spec)) throw new Error(`faults.inject: ${path} is a mirror stream: only grpcError and latencyMs apply to it`);
  if ('latencyMs' in spec && !(Number.isFinite(spec.latencyMs) && spec.latencyMs >= 0)) throw new Error(`faults.inject: latencyMs must be a non-negative number (got ${String(spec.latencyMs)})`);
  if ('responseDelayMs' in spec && !(Number.isFinite(spec.responseDelayMs) && spec.responseDelayMs >= 0)) throw new Error(`faults.inject: responseDelayMs must be a non-negative number (got ${String(spec.responseDelayMs)})`);
}

function applyAction(spec: FaultSpec, decision: FaultDecision): void {
  if ('grpcError' in spec) decision.grpcError = { code: grpcStatus[spec.grpcError], message: spec.message ?? `injected ${spec.grpcError}` };
  else if ('precheck' in spec) decision.precheck = spec.precheck;
  else if ('receiptStatus' in spec) decision.receiptStatus = spec.receiptStatus;
}
