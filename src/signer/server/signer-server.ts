import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { readFileSync, rmSync, chmodSync } from 'node:fs';
import { invalidArgument, messageOf } from '../../errors/index.js';
import type { AgentTokens } from './agent-tokens.js';
import type { SigningAnswer } from './signing-decision.js';
import { readLimitedBody, isBodyTooLarge } from './limited-body.js';

/** Where the signer listens: a TCP address (TLS needed off loopback) or a Unix socket. */
export type SignerListen =
  | { readonly host?: string; readonly port?: number; readonly tls?: { readonly certFile: string; readonly keyFile: string } }
  | { readonly socketPath: string };

/** What `GET /public-key` tells an agent: enough to set the signer as its client's operator. */
export interface SignerIdentity {
  readonly accountId: string;
  /** The public key, DER hex (`PublicKey.toStringDer()`). */
  readonly publicKey: string;
  readonly keyType: 'ED25519' | 'ECDSA_SECP256K1';
  /** The network the signer serves: a name, or a local node (`{ grpcAddress, nodeAccountId, mirrorUrl? }`). */
  readonly network: string | { readonly grpcAddress: string; readonly nodeAccountId: string; readonly mirrorUrl?: string };
}

export interface SignerServerOptions {
  readonly listen: SignerListen;
  readonly tokens: AgentTokens;
  readonly identity: SignerIdentity;
  readonly sign: (bodyBytes: Uint8Array, agent: string) => Promise<SigningAnswer>;
  /** Largest request body accepted, in bytes (default 256 KiB: a transaction is at most 6 KiB, a batch's body likewise). */
  readonly maxBodyBytes?: number;
  /** One line per request refused before judging, without any secret. */
  readonly log?: (line: string) => void;
}

export interface RunningSigner {
  /** `http://127.0.0.1:port`, `https://host:port` or `unix:/path/to.sock`. */
  readonly url: string;
  close(): Promise<void>;
}

const DEFAULT_MAX_BODY = 256 * 1024;
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Serves the signer's HTTP API. Loopback without TLS by default; any other address needs TLS
 * (certificate and key files) or a Unix socket. Every route but `/health` needs an agent's bearer
 * token, compared in constant time; bodies beyond the limit are refused without being read on.
 *
 *   POST /sign        { "bodyBytes": "<base64>" } → 200 { "signature": "<base64>" } | 403 { "refused": "<reason>" }
 *   GET  /public-key  → { accountId, publicKey, keyType, network }
 *   GET  /health      → { "ok": true }
 */
export async function serveSigner(options: SignerServerOptions): Promise<RunningSigner> {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const log = options.log ?? (() => undefined);
  const listen = options.listen;
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    void handle(req, res, options, maxBodyBytes, log).catch((error: unknown) => {
      log(`signer: request failed: ${messageOf(error)}`);
      if (!res.headersSent) answer(res, 500, { error: 'the signer failed to answer; nothing was signed' });
      else res.destroy();
    });
  };
  let server: Server;
  let url: string;
  if ('socketPath' in listen) {
    server = createHttpServer(handler);
    rmSync(listen.socketPath, { force: true });
    await listenOn(server, (done) => server.listen(listen.socketPath, done));
    // Only the signer's user (and whoever it gives the socket's group to) may connect.
    chmodSync(listen.socketPath, 0o660);
    url = `unix:${listen.socketPath}`;
  } else {
    const host = listen.host ?? '127.0.0.1';
    const port = listen.port ?? 0;
    if (!listen.tls && !LOOPBACK.has(host)) {
      throw invalidArgument(`signer: listening on ${host} without TLS would send bodies and tokens in the clear to anyone on the network; give a TLS certificate and key (--tls-cert, --tls-key), a Unix socket (--socket), or listen on 127.0.0.1.`);
    }
    server = listen.tls ? createHttpsServer({ cert: readFileSync(listen.tls.certFile), key: readFileSync(listen.tls.keyFile) }, handler) : createHttpServer(handler);
    await listenOn(server, (done) => server.listen(port, host, done));
    const bound = (server.address() as { port: number }).port;
    url = `${listen.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${bound}`;
  }
  // The time to receive a request, not to answer it: a signature held for an approval answers minutes later, unhurried by this.
  server.requestTimeout = 30_000;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, options: SignerServerOptions, maxBodyBytes: number, log: (line: string) => void): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  if (req.method === 'GET' && path === '/health') return answer(res, 200, { ok: true });
  const agent = options.tokens.agentOf(req.headers.authorization);
  if (agent === undefined) {
    log(`signer: ${req.method} ${path} refused: no valid agent token`);
    req.resume();
    return answer(res, 401, { refused: 'no valid agent token: send Authorization: Bearer <your agent token>' });
  }
  if (req.method === 'GET' && path === '/public-key') return answer(res, 200, options.identity);
  if (req.method !== 'POST' || path !== '/sign') {
    req.resume();
    return answer(res, 404, { refused: `no such route ${req.method} ${path}; the signer answers POST /sign, GET /public-key and GET /health` });
  }
  let text: string;
  try {
    text = await readLimitedBody(req, maxBodyBytes);
  } catch (error) {
    if (isBodyTooLarge(error)) {
      log(`signer: POST /sign from ${agent} refused: body over ${maxBodyBytes} bytes`);
      res.setHeader('connection', 'close');
      answer(res, 413, { refused: `the request body is over ${maxBodyBytes} bytes; a transaction body is at most a few KiB` });
      return;
    }
    throw error;
  }
  const bodyBytes = bodyBytesOf(text);
  if (typeof bodyBytes === 'string') {
    log(`signer: POST /sign from ${agent} refused: ${bodyBytes}`);
    return answer(res, 400, { refused: bodyBytes });
  }
  const result = await options.sign(bodyBytes, agent);
  if ('signature' in result) return answer(res, 200, { signature: Buffer.from(result.signature).toString('base64') });
  log(`signer: refused for ${agent}: ${result.refused}`);
  return answer(res, 403, { refused: result.refused });
}

/** The body bytes of a sign request, or why the request is not one. */
function bodyBytesOf(text: string): Uint8Array | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'the request is not JSON; send { "bodyBytes": "<the TransactionBody bytes, base64>" }';
  }
  const encoded = (parsed as { bodyBytes?: unknown } | null)?.bodyBytes;
  if (typeof encoded !== 'string' || encoded.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) {
    return 'bodyBytes must be the TransactionBody bytes in base64 (A–Z, a–z, 0–9, +, /, padded with =)';
  }
  return new Uint8Array(Buffer.from(encoded, 'base64'));
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
  res.end(text);
}

function listenOn(server: Server, start: (done: () => void) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    start(() => {
      server.off('error', reject);
      resolve();
    });
  });
}
