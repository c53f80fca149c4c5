/**
 * The floor the devnet bench compares against: a plain grpc-js service on loopback that answers each
 * request with a ready-made reply of the size the devnet gives, driven by a plain grpc-js client. What
 * it measures is the transport (HTTP/2 framing, grpc-js call setup, the event loop), with no HAPI work
 * and no SDK on either side.
 */
import * as grpc from '@grpc/grpc-js';

/** One unary call as the devnet sees it: the method path, the request bytes and the reply bytes. */
export interface WireExchange {
  path: string;
  request: Buffer;
  response: Buffer;
}

const identity = (buffer: Buffer): Buffer => buffer;

/** A running echo service and a client for it. */
export interface EchoFloor {
  /** Runs the exchanges one after another, as one transfer + receipt round trip does. */
  roundTrip(): Promise<void>;
  stop(): void;
}

/**
 * Starts the echo service on an ephemeral loopback port, answering every path of `exchanges` with its
 * recorded reply, and connects a client to it.
 *
 * @example
 * const floor = await startEchoFloor([{ path: '/proto.CryptoService/cryptoTransfer', request, response }]);
 * await floor.roundTrip();
 * floor.stop();
 */
export async function startEchoFloor(exchanges: readonly WireExchange[]): Promise<EchoFloor> {
  const server = new grpc.Server();
  for (const { path, response } of exchanges) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const definition: grpc.ServiceDefinition = {
      [name]: {
        path, requestStream: false, responseStream: false,
        requestSerialize: identity, requestDeserialize: identity, responseSerialize: identity, responseDeserialize: identity,
      },
    };
    const answer: grpc.handleUnaryCall<Buffer, Buffer> = (_call, callback) => callback(null, response);
    server.addService(definition, { [name]: answer });
  }
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound)));
  });
  const client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  const call = ({ path, request }: WireExchange) =>
    new Promise<void>((resolve, reject) => {
      client.makeUnaryRequest(path, identity, identity, request, (error) => (error ? reject(error) : resolve()));
    });
  return {
    async roundTrip() {
      for (const exchange of exchanges) await call(exchange);
    },
    stop() {
      client.close();
      server.forceShutdown();
    },
  };
}
