import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { parseOptions } from '../errors/index.js';
import { isLoopback, urlHost } from '../adapters/shared/loopback.js';
import { checkedHost, checkedPort, listen } from '../adapters/shared/http-listen.js';
import type { CallFeed } from './call-feed.js';
import { consoleTokens } from './approver-tokens.js';
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
  /**
   * The page's address with the token in its fragment (which browsers never send to a server): open
   * this one. Started with `tokens`: the bare address, where each approver opens
   * `<url>#token=<their token>` or pastes their token.
   */
  readonly pageUrl: string;
  /** The one operator's bearer token API clients send (made at start when none was given); absent when started with `tokens`. */
  readonly token?: string;
  /** The approvers the console's tokens name (`['console']` with one unnamed token). */
  readonly approvers: readonly string[];
  readonly loopback: boolean;
  close(): Promise<void>;
}

/**
 * Serves the operator console: one page following the agents' calls live (from the journals of every
 * process in a shared journal folder, or from the topic through the mirror), the audit trail with
 * its verification and explorer links, spend and blocks as charts, and, given a ConsoleOversight,
 * the pending approvals and the kill switch.
 *
 * Secure by default: it listens on 127.0.0.1; any other address needs `token` or `tokens`. Every
 * API request carries a token in `Authorization: Bearer` (never a cookie, so no other site can make
 * the browser send it), and the token names who acts: with `tokens`, one per named approver, one
 * token holder is one approver; the Host and Origin are checked against DNS rebinding, bodies are limited, and
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
  const tokens = consoleTokens(parsed, loopback, OWNER);
  // One token (given or made) opens the page from its address; with one per approver, each brings their own.
  const single = parsed.tokens === undefined ? tokens[0]!.token : undefined;
  const links = explorerLinks(parsed.network, parsed.mirrorUrl);
  const journalDir = parsed.journalDir === undefined ? undefined : resolve(parsed.journalDir);
  const feed: CallFeed = journalDir ? new JournalFeed(journalDir, links, parsed.pollMs) : new MirrorFeed(parsed.mirrorUrl!, parsed.topicId!, links, parsed.pollMs);
  const streams = new EventStreams(parsed.logger);
  const routes = new ConsoleRoutes({
    feed,
    streams,
    tokens,
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
    pageUrl: single === undefined ? url : `${url}#token=${encodeURIComponent(single)}`,
    ...(single === undefined ? {} : { token: single }),
    approvers: tokens.map((holder) => holder.name),
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
