import * as grpc from '@grpc/grpc-js';
import { proto } from '@hiero-ledger/proto';
import type { DevnetFaults } from '../faults.js';
import { statusCode } from '../ledger/status-error.js';
import type { TransactionProcessor } from '../ledger/transaction-processor.js';
import type { QueryProcessor } from './query-processor.js';
import type { RpcMethod } from './service-table.js';

const identity = (buffer: Buffer): Buffer => buffer;
const MAX_TRANSACTION_BYTES = 6144;

export interface HapiServerDeps {
  methods: RpcMethod[];
  transactions: TransactionProcessor;
  queries: QueryProcessor;
  faults: DevnetFaults;
}

/**
 * The node's gRPC face: every HAPI method registered with raw-bytes (de)serialisers so that requests are
 * decoded with the exact protobufs the SDK uses, and fault injection can act before anything is decoded.
 */
export class HapiServer {
  private readonly server = new grpc.Server();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly deps: HapiServerDeps) {
    for (const method of deps.methods) {
      const definition: grpc.ServiceDefinition = {
        [method.method]: {
          path: method.path, requestStream: false, responseStream: false,
          requestSerialize: identity, requestDeserialize: identity, responseSerialize: identity, responseDeserialize: identity,
        },
      };
      this.server.addService(definition, { [method.method]: this.handlerFor(method) });
    }
  }

  /** Binds to `127.0.0.1:port` (0 = any free port) and resolves with the port. */
  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.bindAsync(`${host}:${port}`, grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound)));
    });
  }

  /** Stops at once: pending calls are cancelled so that stop() never waits on a client. */
  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.server.forceShutdown();
  }

  private handlerFor(method: RpcMethod): grpc.handleUnaryCall<Buffer, Buffer> {
    return (call, callback) => {
      const decision = this.deps.faults.take(method.path);
      // The answer is computed (and a transaction applied) before any response delay starts.
      const respond = (error: grpc.ServiceError | null, value?: Buffer) => this.after(decision.responseDelayMs, () => callback(error, value));
      this.after(decision.latencyMs, () => {
        if (decision.grpcError) {
          respond({ code: decision.grpcError.code, details: decision.grpcError.message } as grpc.ServiceError);
          return;
        }
        this.answer(method, call.request, decision.precheck, decision.receiptStatus).then(
          (answer) => respond(null, answer),
          (error: unknown) => respond({ code: grpc.status.INTERNAL, details: `devnet failed on ${method.path}: ${(error as Error).message}` } as grpc.ServiceError),
        );
      });
    };
  }

  /** Runs `action` now, or after `ms` on a timer that stop() cancels. */
  private after(ms: number, action: () => void): void {
    if (ms <= 0) return action();
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      action();
    }, ms);
    this.timers.add(timer);
  }

  private async answer(method: RpcMethod, request: Buffer, precheck?: Parameters<typeof statusCode>[0], receiptStatus?: Parameters<typeof statusCode>[0]): Promise<Buffer> {
    if (method.kind === 'transaction') {
      let code = precheck;
      // A node refuses transactions above 6 KiB before looking inside them.
      if (!code && request.length > MAX_TRANSACTION_BYTES) code = 'TRANSACTION_OVERSIZE';
      if (!code) {
        let transaction: proto.Transaction;
        try {
          transaction = proto.Transaction.decode(request);
        } catch {
          return Buffer.from(proto.TransactionResponse.encode({ nodeTransactionPrecheckCode: statusCode('INVALID_TRANSACTION_BODY') }).finish());
        }
        code = await this.deps.transactions.submit(transaction, receiptStatus);
      }
      return Buffer.from(proto.TransactionResponse.encode({ nodeTransactionPrecheckCode: statusCode(code) }).finish());
    }
    let query: proto.Query;
    try {
      query = proto.Query.decode(request);
    } catch {
      return Buffer.from(proto.Response.encode({}).finish());
    }
    return Buffer.from(proto.Response.encode(await this.deps.queries.answer(query, { precheck, receiptStatus })).finish());
  }
}
