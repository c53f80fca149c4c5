import * as grpc from '@grpc/grpc-js';
import type { DevnetFaults } from '../faults.js';
import type { Ledger } from '../ledger/ledger.js';
import { addressBookAnswers } from './address-book-stream.js';
import { GET_NODES_PATH, SUBSCRIBE_TOPIC_PATH } from './mirror-grpc-paths.js';
import type { MirrorNodeInfo } from './mirror-http.js';
import { MirrorGrpcError, readTopicQuery } from './topic-query.js';
import { TopicStream } from './topic-stream.js';

const identity = (buffer: Buffer): Buffer => buffer;
/** How long stop() lets ended streams flush their final status before cutting connections. */
const SHUTDOWN_GRACE_MS = 1000;

type StreamCall = grpc.ServerWritableStream<Buffer, Buffer>;

const streamMethod = (path: string) => ({
  path, requestStream: false, responseStream: true,
  requestSerialize: identity, requestDeserialize: identity, responseSerialize: identity, responseDeserialize: identity,
});

const refuse = (call: StreamCall, error: unknown, method: string): void => {
  const refusal = error instanceof MirrorGrpcError ? error : new MirrorGrpcError(grpc.status.INTERNAL, `devnet failed on ${method}: ${(error as Error).message}`);
  call.emit('error', { code: refusal.code, details: refusal.message });
};

export interface MirrorGrpcDeps {
  ledger: Ledger;
  faults: DevnetFaults;
  /** where the consensus node listens, for the address book */
  node: MirrorNodeInfo;
}

/**
 * The mirror node's gRPC face: `ConsensusService/subscribeTopic`, the server stream behind the SDK's
 * `TopicMessageQuery`, and `NetworkService/getNodes`, behind its `AddressBookQuery`. Raw-bytes
 * (de)serialisers, as on the node, so fault injection acts before anything is decoded.
 */
export class MirrorGrpcServer {
  private readonly server = new grpc.Server();
  private readonly streams = new Set<TopicStream>();
  /** calls held by an injected latency, not yet streaming */
  private readonly held = new Map<StreamCall, NodeJS.Timeout>();
  private readonly stopListening: () => void;
  private stopping?: Promise<void>;

  constructor(private readonly deps: MirrorGrpcDeps) {
    this.server.addService({ subscribeTopic: streamMethod(SUBSCRIBE_TOPIC_PATH) }, {
      subscribeTopic: (call: StreamCall) => this.onCall(SUBSCRIBE_TOPIC_PATH, call, () => this.startTopicStream(call)),
    });
    this.server.addService({ getNodes: streamMethod(GET_NODES_PATH) }, {
      getNodes: (call: StreamCall) => this.onCall(GET_NODES_PATH, call, () => this.sendAddressBook(call)),
    });
    this.stopListening = deps.ledger.onRecord(() => {
      for (const stream of this.streams) stream.wake();
    });
  }

  /** Binds to `host:port` (0 = any free port) and resolves with the port. */
  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.bindAsync(`${host}:${port}`, grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound)));
    });
  }

  /**
   * Completes every open subscription (status OK), then closes the server, never waiting longer than a
   * short grace period. Completion, not an error: the SDK retries every stream error up to 20 times over
   * about two minutes, against a network that no longer exists, which keeps a test process alive; and
   * no message can reach consensus on a stopped devnet, so the subscriber has had all there will be.
   */
  stop(): Promise<void> {
    this.stopping ??= this.shutDown();
    return this.stopping;
  }

  private async shutDown(): Promise<void> {
    this.stopListening();
    for (const [call, timer] of this.held) {
      clearTimeout(timer);
      call.end();
    }
    this.held.clear();
    for (const stream of [...this.streams]) stream.finish();
    await new Promise<void>((resolve) => {
      const cut = setTimeout(() => {
        this.server.forceShutdown();
        resolve();
      }, SHUTDOWN_GRACE_MS);
      this.server.tryShutdown(() => {
        clearTimeout(cut);
        resolve();
      });
    });
  }

  /** Applies the faults injected for `path` (latency, then a gRPC error), then runs `answer`. */
  private onCall(path: string, call: StreamCall, answer: () => void): void {
    if (this.stopping) {
      call.emit('error', { code: grpc.status.UNAVAILABLE, details: 'devnet stopping' });
      return;
    }
    const decision = this.deps.faults.take(path);
    const begin = () => {
      if (call.cancelled) return;
      if (decision.grpcError) {
        call.emit('error', { code: decision.grpcError.code, details: decision.grpcError.message });
        return;
      }
      answer();
    };
    if (decision.latencyMs <= 0) return begin();
    this.held.set(call, setTimeout(() => {
      this.held.delete(call);
      begin();
    }, decision.latencyMs));
    call.on('cancelled', () => {
      clearTimeout(this.held.get(call));
      this.held.delete(call);
    });
  }

  private startTopicStream(call: StreamCall): void {
    let stream: TopicStream;
    try {
      stream = new TopicStream(call, readTopicQuery(call.request, this.deps.ledger), () => this.deps.ledger.nowNs(), () => this.streams.delete(stream));
    } catch (error) {
      return refuse(call, error, 'subscribeTopic');
    }
    this.streams.add(stream);
    stream.start();
  }

  private sendAddressBook(call: StreamCall): void {
    let answers: Buffer[];
    try {
      answers = addressBookAnswers(call.request, this.deps.node);
    } catch (error) {
      return refuse(call, error, 'getNodes');
    }
    for (const answer of answers) call.write(answer);
    call.end();
  }
}
