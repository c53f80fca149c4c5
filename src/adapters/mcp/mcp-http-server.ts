import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { AgentKit } from '../../kit/agent-kit.js';
import { messageOf } from '../../errors/index.js';
import { checkedHost, checkedPort, listen } from '../shared/http-listen.js';
import { markChecked } from './checked-transport.js';
import { isLoopback, loopbackRefusal, readCheckedBody, sendJsonRpcError, sendJsonRpcReply, urlHost } from './http-request-checks.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from './line-transport.js';
import { McpClientTokens, type McpTokenHolder, type McpTokenMap } from './mcp-client-tokens.js';
import { createMcpServer, type McpServerOptions } from './mcp-server.js';

const OWNER = 'MCP over HTTP';

export interface HttpServeOptions extends Omit<McpServerOptions, 'context'> {
  /** The TCP port, 0 to 65535; 0 takes any free port (read the one taken from `url`). */
  port: number;
  /**
   * The address to listen on (default `127.0.0.1`: only this machine can connect). Any other
   * address without `tokens` offers every tool, without authentication, to whoever can reach it.
   */
  host?: string;
  /**
   * Who may call, by user ID: `{ alice: '<token>', bob: { token: '<token>', tenantId: 'acme' } }`.
   * Given, every request must carry one of the tokens (`Authorization: Bearer <token>`), as MCP's
   * authorization asks of a resource server: none, or one that is not listed, is refused with 401.
   * Each call then runs for the token's user (`userId`, `tenantId`) in the client's MCP session
   * (`sessionId`), so `per: 'context.userId'` budgets are kept per user; a session belongs to the
   * user who opened it. Tokens are at least 16 characters, one per user, never echoed or logged.
   */
  tokens?: McpTokenMap;
  /** Largest request body accepted, in bytes (default 4 MiB). */
  maxMessageBytes?: number;
}

/** A running Streamable HTTP server; `close()` ends every session and stops listening. */
export interface McpHttpServer {
  /** The endpoint clients connect to, e.g. `http://127.0.0.1:3000/mcp`. */
  readonly url: string;
  /** Whether it listens on a loopback address only. */
  readonly loopback: boolean;
  /** Whether every request must carry one of the configured bearer tokens. */
  readonly authenticated: boolean;
  /** Client sessions open now; one ends when its client sends DELETE or the server closes. */
  readonly sessions: number;
  close(): Promise<void>;
}

/** The one endpoint path, as the MCP SDK's examples and most clients expect it. */
export const MCP_HTTP_PATH = '/mcp';

type Session = { server: Server; transport: StreamableHTTPServerTransport; holder: McpTokenHolder | undefined };

/** RFC 6750's challenge, with its `error` only when a token was sent (section 3.1). */
const challenge = (sent: boolean): Record<string, string> => ({ 'www-authenticate': `Bearer realm="hedera-agent-hooks"${sent ? ', error="invalid_token"' : ''}` });

/**
 * Serves a kit's tools over MCP's Streamable HTTP transport, at `/mcp`. Each client session (from
 * its `initialize` request) gets its own MCP server over the same kit, so an ApprovalPolicy with
 * the `mcp` approver asks the client that made the call. Request bodies get the stdio transport's
 * checks, and on loopback the Host and Origin headers must name this machine, so a web page cannot
 * reach the tools through the browser. With `tokens`, every request must carry a user's bearer
 * token, and each call runs for that user in the client's MCP session.
 *
 * @example
 * const http = await startMcpHttpServer(kit, { port: 3000 });
 * console.error(`MCP on ${http.url}`);
 * process.once('SIGINT', () => void http.close());
 *
 * @example
 * // One kit, a budget per user: SpendLimitPolicy({ …, per: 'context.userId' }) in the kit.
 * await startMcpHttpServer(kit, { port: 3000, host: '0.0.0.0', tokens: { alice: process.env.ALICE_TOKEN!, bob: process.env.BOB_TOKEN! } });
 */
export async function startMcpHttpServer(kit: AgentKit, options: HttpServeOptions): Promise<McpHttpServer> {
  const port = checkedPort(options.port, OWNER);
  const host = checkedHost(options.host ?? '127.0.0.1', OWNER);
  const loopback = isLoopback(host);
  const maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const tokens = options.tokens === undefined ? undefined : McpClientTokens.from(options.tokens, `${OWNER}: options.tokens`);
  const sessions = new Map<string, Session>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const refusal = loopback ? loopbackRefusal(req, host) : undefined;
    if (refusal) return sendJsonRpcError(res, 403, refusal);
    if (new URL(req.url ?? '/', 'http://host').pathname !== MCP_HTTP_PATH) return sendJsonRpcError(res, 404, `Not Found: the MCP endpoint is ${MCP_HTTP_PATH}`);
    // Before the body is read: an unauthenticated client gets nothing but the refusal.
    const holder = tokens?.holderOf(req.headers.authorization);
    if (tokens && !holder) {
      const sent = req.headers.authorization !== undefined;
      res.once('finish', () => req.resume());
      return sendJsonRpcError(res, 401, sent ? 'Unauthorized: the bearer token is not one this server accepts' : 'Unauthorized: send Authorization: Bearer <token> with the token you were given', null, undefined, challenge(sent));
    }
    if (req.method !== 'POST' && req.method !== 'GET' && req.method !== 'DELETE') {
      return sendJsonRpcError(res, 405, 'Method Not Allowed: use POST, GET or DELETE', null, undefined, { allow: 'POST, GET, DELETE' });
    }
    let body: unknown;
    if (req.method === 'POST') {
      const verdict = await readCheckedBody(req, maxBytes);
      if ('reply' in verdict) {
        sendJsonRpcReply(res, verdict.reply, verdict.close ? { connection: 'close' } : {});
        if (verdict.close) res.once('finish', () => req.destroy());
        return;
      }
      if (!('body' in verdict)) {
        sendJsonRpcError(res, verdict.status, verdict.message, verdict.id, verdict.code, verdict.status === 413 ? { connection: 'close' } : {});
        if (verdict.status === 413) res.once('finish', () => req.destroy());
        return;
      }
      body = verdict.body;
    }
    const id = req.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const session = sessions.get(id);
      // Another user's session is answered as one that does not exist: a session runs for the user who opened it.
      if (!session || session.holder !== holder) return sendJsonRpcError(res, 404, 'Session not found: it ended or never existed; start a new one with an initialize request', null, -32001);
      return session.transport.handleRequest(req, res, body);
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      return sendJsonRpcError(res, 400, 'Bad Request: no Mcp-Session-Id header; a session starts with an initialize request, whose response carries the header');
    }
    await openSession(req, res, body, holder);
  };

  const openSession = async (req: IncomingMessage, res: ServerResponse, body: unknown, holder: McpTokenHolder | undefined): Promise<void> => {
    const server = createMcpServer(kit, { name: options.name, version: options.version, ...(holder ? { context: holder.context } : {}) });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, { server, transport, holder }),
    });
    // Its bodies were checked above (readCheckedBody); createMcpServer adds no second check.
    markChecked(transport);
    server.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
    // An initialize the SDK refused leaves no session behind.
    if (!transport.sessionId || !sessions.has(transport.sessionId)) await server.close();
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => sendJsonRpcError(res, 500, `Internal error: ${messageOf(error)}`));
  });
  await listen(http, port, host, OWNER);
  const bound = (http.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost(host)}:${bound}${MCP_HTTP_PATH}`,
    loopback,
    authenticated: tokens !== undefined,
    get sessions() {
      return sessions.size;
    },
    close: () =>
      (closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
        await Promise.all([...sessions.values()].map(({ server }) => server.close()));
        // Open SSE streams and idle keep-alive sockets would hold close() up indefinitely.
        http.closeAllConnections();
        await stopped;
      })()),
  };
}
