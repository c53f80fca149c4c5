import type { IncomingMessage } from 'node:http';

/*
 * The checks every HTTP server of this package makes when it listens on loopback (the MCP server,
 * the metrics endpoint, the console). Nothing here needs an optional peer: the package entry
 * exports servers that use them.
 */

const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** True for an address only this machine can reach: localhost, 127.x.x.x, ::1. */
export function isLoopback(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || /^127(\.\d{1,3}){3}$/.test(host);
}

/** A host as it appears in a URL and in a Host header: IPv6 addresses in brackets. */
export function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * Why a request to a loopback-bound server is refused, or undefined to let it through. A web page
 * can make the browser send requests to 127.0.0.1 (DNS rebinding, or a cross-site form), so the
 * Host must name this machine and an Origin, when the browser sends one, must be on it too.
 */
export function loopbackRefusal(req: IncomingMessage, boundHost: string): string | undefined {
  const allowed = new Set([...LOOPBACK_NAMES, urlHost(boundHost)]);
  const host = hostnameOf(req.headers.host === undefined ? undefined : `http://${req.headers.host}`);
  if (!host || !allowed.has(host)) return `Forbidden: the Host header must name this machine (localhost, 127.0.0.1 or [::1]); got ${JSON.stringify(req.headers.host ?? null)}`;
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const from = hostnameOf(origin);
    if (!from || !allowed.has(from)) return `Forbidden: requests from the web origin ${JSON.stringify(origin)} are not accepted; only pages on this machine may call this server`;
  }
  return undefined;
}

function hostnameOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}
