import { STATUS_CODES } from 'node:http';
import { MirrorClient } from '../mirror/mirror-client.js';
import { MirrorError, MirrorErrorCode } from '../mirror/mirror-error.js';
import type { MirrorLinks } from '../mirror/mirror-types.js';

/** Statuses a mirror node (or the gateway in front of it) answers when it is briefly overloaded. */
const TRANSIENT_STATUSES = [429, 502, 503, 504];

export interface KitMirrorReaderOptions {
  retries: number;
  notFoundRetries: number;
  retryDelayMs: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * The HTTP side of the kit's mirror service: this project's MirrorClient for transport and transient
 * retries, plus a bounded retry of 404 and errors that say which thing, which request, what status.
 */
export class KitMirrorReader {
  private readonly mirror: MirrorClient;

  constructor(mirrorNodeUrl: string, private readonly options: KitMirrorReaderOptions) {
    this.mirror = new MirrorClient(mirrorNodeUrl, {
      retries: options.retries,
      retryDelayMs: options.retryDelayMs,
      retryStatuses: TRANSIENT_STATUSES,
      timeoutMs: options.timeoutMs,
      fetch: options.fetch,
    });
  }

  /** The REST root, e.g. `http://127.0.0.1:5551/api/v1`. */
  get apiRoot(): string {
    return `${this.mirror.baseUrl}/api/v1`;
  }

  /**
   * GET a path under /api/v1, or a `links.next` value; `what` is the entity the path belongs to
   * (`account 0.0.5` for its token list too: a 404 there means the account does not exist).
   *
   * A 404 is retried `notFoundRetries` times (or as often as the caller says) because a mirror
   * node indexes seconds behind consensus, so something made moments ago is briefly missing; the
   * kit's own service retries 404 for that reason. Only a few short retries, though: an ID that
   * does not exist must fail quickly, not keep an agent waiting.
   */
  async get<T>(path: string, what: string, notFoundRetries = this.options.notFoundRetries): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.mirror.getJson<T>(path, what);
      } catch (error) {
        if (error instanceof MirrorError && error.code === MirrorErrorCode.NOT_FOUND && attempt < notFoundRetries) {
          await delay(this.options.retryDelayMs * 2 ** attempt);
          continue;
        }
        throw this.explain(error, 'GET', path, what);
      }
    }
  }

  async post<T>(path: string, body: unknown, what: string): Promise<T> {
    try {
      return await this.mirror.postJson<T>(path, body, what);
    } catch (error) {
      throw this.explain(error, 'POST', path, what);
    }
  }

  /**
   * Every page of a list route, following `links.next` up to `maxPages`: the kit's own service
   * returns only the first page (25 items by default), so an account with more tokens or
   * airdrops looked as if it had fewer. `links.next` stays set when the cap cut the list short.
   */
  async collect<T>(path: string, key: string, what: string, maxPages = 50): Promise<{ items: T[]; next: string | null }> {
    const items: T[] = [];
    let next: string | null = path;
    for (let page = 0; next !== null && page < maxPages; page++) {
      const body: Record<string, unknown> & { links?: MirrorLinks } = await this.get(next, what, page === 0 ? undefined : 0);
      const list = body[key];
      if (!Array.isArray(list)) throw this.malformed('GET', next, what, `has no "${key}" list`);
      items.push(...(list as T[]));
      next = body.links?.next ?? null;
    }
    return { items, next };
  }

  /** A MirrorError for a body that parsed as JSON but lacks what the kit reads. */
  malformed(method: string, path: string, what: string, problem: string): MirrorError {
    const { origin, shown } = this.locate(path);
    return new MirrorError(MirrorErrorCode.BAD_RESPONSE, `Could not read ${what} from the mirror node at ${origin}: the answer to ${method} ${shown} ${problem}.`);
  }

  private explain(error: unknown, method: string, path: string, what: string): unknown {
    if (!(error instanceof MirrorError)) return error;
    const { origin, shown } = this.locate(path);
    const status = error.httpStatus;
    let message: string;
    if (error.code === MirrorErrorCode.NOT_FOUND) {
      message = `${capitalise(what)} was not found on the mirror node at ${origin}: ${method} ${shown} answered HTTP 404 Not Found (it does not exist, or is too new to be indexed yet).`;
    } else {
      message = `Could not read ${what} from the mirror node at ${origin}: ${method} ${shown} ${outcome(error, status)}.`;
    }
    return new MirrorError(error.code as MirrorErrorCode, message, status, { cause: error });
  }

  /** Origin without credentials, and the request path with its query, as sent. */
  private locate(path: string): { origin: string; shown: string } {
    const url = new URL(path.startsWith('/api/') ? `${this.mirror.baseUrl}${path}` : `${this.apiRoot}${path}`);
    return { origin: url.origin, shown: `${url.pathname}${url.search}` };
  }
}

function outcome(error: MirrorError, status: number | undefined): string {
  if (status === undefined) return `got no answer (${causeMessage(error)})`;
  if (status >= 200 && status < 300) return `answered HTTP ${status} with a body that is not JSON`;
  if (status === 400) return 'answered HTTP 400 Bad Request (the mirror node refused it as malformed)';
  return `answered HTTP ${status} ${STATUS_CODES[status] ?? ''}`.trimEnd();
}

/** fetch says only 'fetch failed' and keeps the reason (ECONNREFUSED, a DNS failure) in its own cause. */
function causeMessage(error: MirrorError): string {
  const parts: string[] = [];
  for (let cause: unknown = error.cause; cause instanceof Error && parts.length < 3; cause = cause.cause) parts.push(cause.message);
  return parts.length ? parts.join(': ') : error.message;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
