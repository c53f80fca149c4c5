import type { Ledger } from '../ledger/ledger.js';
import type { MirrorQuery } from './mirror-query.js';
import type { MirrorMessage } from './mirror-param-error.js';

/** Where the devnet's one consensus node listens, for `/network/nodes`. */
export interface MirrorNodeInfo {
  /** `host:port` of the gRPC endpoint, once it is bound */
  grpcEndpoint(): { host: string; port: number } | undefined;
}

/** A parsed mirror REST request. */
export interface MirrorRequest {
  ledger: Ledger;
  node: MirrorNodeInfo;
  /** path parameters by the OpenAPI name in the route template, e.g. `tokenId` */
  params: Readonly<Record<string, string>>;
  query: MirrorQuery;
  /** path after `/api/v1`, e.g. `/topics/0.0.1001/messages` (the base of `links.next`) */
  path: string;
  /** the parsed JSON body of a POST (`/contracts/call`); undefined for GET */
  body?: unknown;
}

export interface MirrorResponse {
  status: number;
  body: unknown;
}

export type MirrorHandler = (request: MirrorRequest) => MirrorResponse | Promise<MirrorResponse>;

export type { MirrorMessage } from './mirror-param-error.js';

/** The mirror node's error body: `{_status:{messages:[{message}]}}`. */
export function errorBody(...messages: Array<string | MirrorMessage>): { _status: { messages: MirrorMessage[] } } {
  return { _status: { messages: messages.map((m) => (typeof m === 'string' ? { message: m } : m)) } };
}

export const ok = (body: unknown): MirrorResponse => ({ status: 200, body });
export const notFound = (message = 'Not found'): MirrorResponse => ({ status: 404, body: errorBody(message) });
export const badRequest = (...messages: Array<string | MirrorMessage>): MirrorResponse => ({ status: 400, body: errorBody(...messages) });

export { MirrorParamError, invalidParameter } from './mirror-param-error.js';
