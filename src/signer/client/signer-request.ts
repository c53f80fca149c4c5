import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { AgentHooksError, ErrorCode, nothingSent } from '../../errors/index.js';

/** Where a signer listens, as signerClient's `url` names it: http(s)://host:port or unix:/path. */
export interface SignerEndpoint {
  readonly url: string;
  readonly token: string;
  /** A CA certificate (PEM) to trust for an https signer with a certificate of its own. */
  readonly ca?: string | Buffer;
  readonly timeoutMs?: number;
}

export interface SignerReply {
  readonly status: number;
  readonly body: unknown;
}

/** One request to the signer; a transport failure rejects as E_SIGNER_UNAVAILABLE (nothing signed, nothing sent). */
export function signerRequest(endpoint: SignerEndpoint, method: 'GET' | 'POST', path: string, body?: unknown): Promise<SignerReply> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string | number> = { authorization: `Bearer ${endpoint.token}`, accept: 'application/json' };
  if (text !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  const timeout = endpoint.timeoutMs ?? 30_000;
  return new Promise((resolve, reject) => {
    const fail = (why: string): void => reject(unavailable(`the policy signer at ${endpoint.url} ${why}; nothing was signed or sent`));
    let req;
    if (endpoint.url.startsWith('unix:')) {
      req = httpRequest({ socketPath: endpoint.url.slice(5), path, method, headers, timeout });
    } else {
      const target = new URL(path, endpoint.url);
      req = target.protocol === 'https:' ? httpsRequest(target, { method, headers, timeout, ...(endpoint.ca ? { ca: endpoint.ca } : {}) }) : httpRequest(target, { method, headers, timeout });
    }
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeout} ms`)));
    req.on('error', (error) => fail(`could not be reached (${error.message})`));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) => fail(`broke off its answer (${error.message})`));
      res.on('end', () => {
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
