import type { Ledger } from '../ledger/ledger.js';
import type { MirrorQuery } from './mirror-query.js';

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

/** One mirror message: `message` always, `detail` when a short reason helps the caller, `data` (hex) for an EVM revert. */
export interface MirrorMessage { message: string; detail?: string; data?: string }

/** The mirror node's error body: `{_status:{messages:[{message}]}}`. */
export function errorBody(...messages: Array<string | MirrorMessage>): { _status: { messages: MirrorMessage[] } } {
  return { _status: { messages: messages.map((m) => (typeof m === 'string' ? { message: m } : m)) } };
}

export const ok = (body: unknown): MirrorResponse => ({ status: 200, body });
export const notFound = (message = 'Not found'): MirrorResponse => ({ status: 404, body: errorBody(message) });
export const badRequest = (...messages: Array<string | MirrorMessage>): MirrorResponse => ({ status: 400, body: errorBody(...messages) });

/** Thrown by parameter parsers; the server answers 400 with every message it carries. */
export class MirrorParamError extends Error {
  readonly messages: MirrorMessage[];

  constructor(...messages: Array<string | MirrorMessage>) {
    const list = messages.map((m) => (typeof m === 'string' ? { message: m } : m));
    super(list.map((m) => m.message).join('; '));
    this.messages = list;
  }
}

/** `Invalid parameter: <name>`, the mirror's wording for a malformed value. */
export function invalidParameter(name: string, detail?: string): MirrorParamError {
  return new MirrorParamError(detail ? { message: `Invalid parameter: ${name}`, detail } : `Invalid parameter: ${name}`);
}
