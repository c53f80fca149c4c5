import { request as httpRequest, type ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { AgentHooksError, ErrorCode, nothingSent } from '../../errors/index.js';

/** Where a signer listens, as signerClient's `url` names it: http(s)://host:port or unix:/path. */
export interface SignerEndpoint {
  readonly url: string;
  readonly token: string;
  /** A CA certificate (PEM) to trust for an https signer with a certificate of its own. */
  readonly ca?: string | Buffer;
  /**
   * How long to wait for the signer's answer once connected, in ms. Default: 200 000 for a
   * signature (the signer may hold it while people approve, at most until the body's valid window
   * closes: 180 s at the longest), 30 000 for anything else.
   */
  readonly timeoutMs?: number;
  /** How long to wait for a connection to the signer, in ms (default 10 000): a signer that is down fails fast. */
  readonly connectTimeoutMs?: number;
}

export interface SignerReply {
  readonly status: number;
  readonly body: unknown;
}

/**
 * How long a signature may take by default: the longest valid window a transaction can have (180 s),
 * which is as long as the signer holds a body for approval, and a margin for its answer to travel.
 */
export const DEFAULT_SIGN_WAIT_MS = 200_000;
/** How long any other request may take by default. */
export const DEFAULT_ANSWER_WAIT_MS = 30_000;
/** How long a connection may take by default. */
export const DEFAULT_CONNECT_WAIT_MS = 10_000;

/**
 * One request to the signer; a transport failure rejects as E_SIGNER_UNAVAILABLE (nothing signed,
 * nothing sent). Two clocks: the connection (short, so a signer that is down fails at once) and the
 * answer (long for POST /sign, which the signer may hold while an approval is decided).
 */
export function signerRequest(endpoint: SignerEndpoint, method: 'GET' | 'POST', path: string, body?: unknown): Promise<SignerReply> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string | number> = { authorization: `Bearer ${endpoint.token}`, accept: 'application/json' };
  if (text !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  const answerWait = endpoint.timeoutMs ?? (path === '/sign' ? DEFAULT_SIGN_WAIT_MS : DEFAULT_ANSWER_WAIT_MS);
  const connectWait = endpoint.connectTimeoutMs ?? DEFAULT_CONNECT_WAIT_MS;
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const fail = (why: string): void => {
      clearTimeout(timer);
      reject(unavailable(`the policy signer at ${endpoint.url} ${why}; nothing was signed or sent`));
    };
    let req: ClientRequest;
    if (endpoint.url.startsWith('unix:')) {
      req = httpRequest({ socketPath: endpoint.url.slice(5), path, method, headers });
    } else {
      const target = new URL(path, endpoint.url);
      req = target.protocol === 'https:' ? httpsRequest(target, { method, headers, ...(endpoint.ca ? { ca: endpoint.ca } : {}) }) : httpRequest(target, { method, headers });
    }
    let timedOut: string | undefined;
    const giveUp = (why: string): void => {
      timedOut = why;
      req.destroy(new Error(why));
    };
    timer = setTimeout(() => giveUp(`accepted no connection within ${connectWait} ms`), connectWait);
    req.on('socket', (socket) => {
      const connected = (): void => {
        clearTimeout(timer);
        timer = setTimeout(() => giveUp(`gave no answer within ${answerWait} ms`), answerWait);
      };
      // A socket reused from the agent's pool is connected already.
      if ((socket as { connecting?: boolean }).connecting) socket.once('connect', connected);
      else connected();
    });
    req.on('error', (error) => fail(timedOut ?? `could not be reached (${error.message})`));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) => fail(timedOut ?? `broke off its answer (${error.message})`));
      res.on('end', () => {
        clearTimeout(timer);
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        } catch {
          fail(`answered ${res.statusCode} with something that is not JSON`);
        }
      });
    });
    req.end(text);
  });
}

/** The signer could not be asked, or gave no answer this client can use. */
export function unavailable(message: string): AgentHooksError {
  return nothingSent(new AgentHooksError(ErrorCode.SIGNER_UNAVAILABLE, message));
}
