import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { parseOptions } from '../errors/index.js';
import { checkedToken } from '../adapters/shared/bearer-token.js';
import { isLoopback, urlHost } from '../adapters/shared/loopback.js';
import { checkedHost, checkedPort, listen } from '../adapters/shared/http-listen.js';
import type { CallFeed } from './call-feed.js';
import { consoleOptionsSchema, DEFAULT_CONSOLE_PORT, type ConsoleOptions } from './console-options.js';
import { ConsoleRoutes } from './console-routes.js';
import { EventStreams } from './event-stream.js';
import { explorerLinks } from './explorer-links.js';
import { sendError } from './http-guard.js';
import { JournalFeed } from './journal-feed.js';
import { kitOversight } from './kit-oversight.js';
import { MirrorFeed } from './mirror-feed.js';

const OWNER = 'startConsole';

export interface RunningConsole {
  /** Where the console listens, e.g. `http://127.0.0.1:4280/`. */
  readonly url: string;
  /** The page's address with the token in its fragment (which browsers never send to a server): open this one. */
  readonly pageUrl: string;
  /** The bearer token API clients send; made at start when none was given. */
  readonly token: string;
  readonly loopback: boolean;
  close(): Promise<void>;
}

/**
 * Serves the operator console: one page following the agents' calls live (from the journals of every
 * process in a shared journal folder, or from the topic through the mirror), the audit trail with
 * its verification and explorer links, spend and blocks as charts, and, given a ConsoleOversight,
 * the pending approvals and the kill switch.
 *
 * Secure by default: it listens on 127.0.0.1; any other address needs `token`. Every API request
 * carries the token in `Authorization: Bearer` (never a cookie, so no other site can make the
 * browser send it), the Host and Origin are checked against DNS rebinding, bodies are limited, and
 * the page runs under a strict Content-Security-Policy, shows every agent-supplied value as text,
 * and receives no key material (every response is redacted).
 *
 * @example
 * const running = await startConsole({ journalDir: './.agent-hooks/audit', kit }); // or { oversight }
 * console.log(`open ${running.pageUrl}`);
 */
export async function startConsole(options: ConsoleOptions): Promise<RunningConsole> {
  const parsed = parseOptions(OWNER, consoleOptionsSchema, options);
  const port = checkedPort(parsed.port ?? DEFAULT_CONSOLE_PORT, OWNER);
  const host = checkedHost(parsed.host ?? '127.0.0.1', OWNER);
  const loopback = isLoopback(host);
  const token = checkedToken(parsed.token, loopback, OWNER, 'the console page and API clients send') ?? randomBytes(24).toString('base64url');
  const links = explorerLinks(parsed.network, parsed.mirrorUrl);
  const journalDir = parsed.journalDir === undefined ? undefined : resolve(parsed.journalDir);
  const feed: CallFeed = journalDir ? new JournalFeed(journalDir, links, parsed.pollMs) : new MirrorFeed(parsed.mirrorUrl!, parsed.topicId!, links, parsed.pollMs);
  const streams = new EventStreams();
  const routes = new ConsoleRoutes({
    feed,
    streams,
    token,
    tokenName: parsed.tokenName ?? 'console',
    oversight: parsed.kit ? kitOversight(parsed.kit) : parsed.oversight,
    links,
    ...(parsed.network ? { network: parsed.network } : {}),
    ...(parsed.mirrorUrl ? { mirrorUrl: parsed.mirrorUrl } : {}),
    ...(parsed.topicId ? { topicId: parsed.topicId } : {}),
    ...(journalDir ? { journalDir } : {}),
  });
  const http = createServer((req: IncomingMessage, res: ServerResponse) => {
    routes.handle(req, res, host, loopback).catch((error: unknown) => sendError(res, 500, `Internal Server Error: ${(error as Error).message ?? String(error)}`));
  });
  // Headers and bodies that dribble in are cut off rather than holding a connection open.
  http.headersTimeout = 10_000;
  http.requestTimeout = 30_000;
  try {
    await listen(http, port, host, OWNER);
  } catch (error) {
    feed.close();
    streams.close();
    routes.close();
    throw error;
  }
  const url = `http://${urlHost(host)}:${(http.address() as AddressInfo).port}/`;
  let closing: Promise<void> | undefined;
  return {
    url,
    pageUrl: `${url}#token=${encodeURIComponent(token)}`,
    token,
    loopback,
    close: () =>
      (closing ??= (async () => {
        feed.close();
        routes.close();
        streams.close();
        const stopped = new Promise<void>((done) => http.close(() => done()));
        http.closeAllConnections();
        await stopped;
      })()),
  };
}
