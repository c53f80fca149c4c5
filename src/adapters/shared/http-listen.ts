import type { Server as HttpServer } from 'node:http';
import { describeValue, invalidArgument } from '../../errors/index.js';
import { urlHost } from './loopback.js';

/* The port, host and listening of the package's HTTP servers (MCP over HTTP, the metrics endpoint), worded once. */

export function checkedPort(port: unknown, owner: string): number {
  if (typeof port === 'number' && Number.isInteger(port) && port >= 0 && port <= 65535) return port;
  throw invalidArgument(`${owner}: the port must be an integer from 0 to 65535 (0 takes any free port); got ${typeof port === 'number' ? port : describeValue(port)}.`);
}

export function checkedHost(host: unknown, owner: string): string {
  if (typeof host === 'string' && host.trim() !== '') return host.trim();
  throw invalidArgument(`${owner}: the host must be an address to listen on, such as 127.0.0.1 (the default), ::1 or 0.0.0.0; got ${describeValue(host)}.`);
}

/** Listens, turning the usual failures into sentences that say what to change. */
export function listen(http: HttpServer, port: number, host: string, owner: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      const at = `${urlHost(host)}:${port}`;
      const reasons: Record<string, string> = {
        EADDRINUSE: `${at} is already in use (another program listens there); choose another port, or 0 for any free port`,
        EACCES: `listening on ${at} is not permitted (ports below 1024 usually need privileges); choose a port from 1024 to 65535`,
        EADDRNOTAVAIL: `"${host}" is not an address of this machine; use 127.0.0.1 (the default), ::1, 0.0.0.0 or one of its own addresses`,
        ENOTFOUND: `the host "${host}" cannot be resolved; use an IP address such as 127.0.0.1`,
      };
      const reason = reasons[error.code ?? ''];
      reject(reason ? invalidArgument(`${owner}: ${reason}.`) : error);
    };
    http.once('error', onError);
    http.listen(port, host, () => {
      http.off('error', onError);
      resolve();
    });
  });
}
