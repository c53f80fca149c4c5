import type { Client } from '@hiero-ledger/sdk';
import type { Context } from '../lifecycle/context.js';
import { MirrorError, MirrorErrorCode } from './mirror-error.js';
import type {
  MirrorAccount,
  MirrorAccountTokens,
  MirrorAirdrops,
  MirrorCryptoAllowances,
  MirrorTokenAllowances,
  MirrorBalances,
  MirrorExchangeRates,
  MirrorToken,
  MirrorTopic,
  MirrorTopicMessage,
  MirrorTopicMessages,
  MirrorTransaction,
  MirrorTransactions,
} from './mirror-types.js';

export interface MirrorClientOptions {
  /** Retries after a status in `retryStatuses` or a network error (default 2). */
  retries?: number;
  /** HTTP statuses worth another try (default 429 and 503). */
  retryStatuses?: readonly number[];
  /** First retry delay in ms, doubled each retry (default 500). */
  retryDelayMs?: number;
  /** Per-request timeout in ms (default 10000). */
  timeoutMs?: number;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
}

/** Per-request options. */
export interface MirrorRequestOptions {
  /**
   * Cancels the request and any retry still to come: a read no one waits for any more (a kit being
   * closed) must not keep the process alive. A cancelled request raises E_MIRROR_UNAVAILABLE.
   */
  signal?: AbortSignal;
}

export interface TopicMessagesQuery {
  /** How many messages to return in total (default 25, at most 1000); pages are followed to reach it. */
  limit?: number;
  order?: 'asc' | 'desc';
  /** A number (exact) or a mirror filter such as `gt:5`. */
  sequenceNumber?: number | string;
  /** Mirror timestamp filters such as `gte:1700000000.000000000`; repeated for a range. */
  timestamp?: string | string[];
}

export interface BalancesQuery {
  /** `0.0.1234` or a filter such as `gt:0.0.1000`. */
  accountId?: string;
  limit?: number;
  order?: 'asc' | 'desc';
  timestamp?: string;
}

const MAX_PAGE = 100;
const MAX_MESSAGES = 1000;
/** Pages followed for a list read whole (100 entries each); `links.next` stays set when more are left. */
const MAX_PAGES = 50;
const RETRIED_STATUSES = [429, 503];

/**
 * A small client for the mirror node REST API (`/api/v1/...`), built on global fetch. Unknown
 * entities raise a MirrorError with code E_MIRROR_NOT_FOUND; 429 and 503 (or the configured
 * `retryStatuses`) are retried a bounded number of times.
 *
 * @example
 * const mirror = new MirrorClient('https://testnet.mirrornode.hedera.com');
 * const account = await mirror.getAccount('0.0.1234');
 * console.log(account.balance.balance); // tinybars
 */
export class MirrorClient {
  readonly baseUrl: string;
  private readonly retries: number;
  private readonly retryStatuses: ReadonlySet<number>;
  private readonly retryDelayMs: number;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(baseUrl: string, options: MirrorClientOptions = {}) {
    this.baseUrl = normaliseBaseUrl(baseUrl);
    this.retries = options.retries ?? 2;
    this.retryStatuses = new Set(options.retryStatuses ?? RETRIED_STATUSES);
    this.retryDelayMs = options.retryDelayMs ?? 500;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.fetchImpl = options.fetch ?? globalThis.fetch;
  }

  getAccount(accountId: string): Promise<MirrorAccount> {
    return this.getJson(`/accounts/${encodeURIComponent(accountId)}`, `account ${accountId}`);
  }

  /** The account's token relationships (balances in smallest units), following pages. */
  async getAccountTokens(accountId: string): Promise<MirrorAccountTokens> {
    const { items, next } = await this.allPages<MirrorAccountTokens, 'tokens'>(`/accounts/${encodeURIComponent(accountId)}/tokens?limit=${MAX_PAGE}`, 'tokens', `account ${accountId}`);
    return { tokens: items, links: { next } };
  }

  /** The HBAR allowances `owner` granted to `spender` (what is left of each), following pages. */
  async getCryptoAllowances(owner: string, spender: string): Promise<MirrorCryptoAllowances> {
    const path = `/accounts/${encodeURIComponent(owner)}/allowances/crypto?limit=${MAX_PAGE}&spender.id=${encodeURIComponent(spender)}`;
    const { items, next } = await this.allPages<MirrorCryptoAllowances, 'allowances'>(path, 'allowances', `HBAR allowances of account ${owner}`);
    return { allowances: items, links: { next } };
  }

  /** The allowances of `token` that `owner` granted to `spender` (what is left of each), following pages. */
  async getTokenAllowances(owner: string, spender: string, token: string): Promise<MirrorTokenAllowances> {
    const path = `/accounts/${encodeURIComponent(owner)}/allowances/tokens?limit=${MAX_PAGE}&spender.id=${encodeURIComponent(spender)}&token.id=${encodeURIComponent(token)}`;
    const { items, next } = await this.allPages<MirrorTokenAllowances, 'allowances'>(path, 'allowances', `token allowances of account ${owner}`);
    return { allowances: items, links: { next } };
  }

  /** Airdrops sent to the account that it has not claimed yet (`/airdrops/pending`), following pages. */
  async getPendingAirdrops(accountId: string): Promise<MirrorAirdrops> {
    const path = `/accounts/${encodeURIComponent(accountId)}/airdrops/pending?limit=${MAX_PAGE}`;
    const { items, next } = await this.allPages<MirrorAirdrops, 'airdrops'>(path, 'airdrops', `pending airdrops of account ${accountId}`);
    return { airdrops: items, links: { next } };
  }

  /** The current and next HBAR↔USD-cent rate, or those in force at `timestamp` (mirror `seconds.nanos`). */
  getExchangeRate(timestamp?: string): Promise<MirrorExchangeRates> {
    const suffix = timestamp === undefined ? '' : `?timestamp=${encodeURIComponent(timestamp)}`;
    return this.getJson(`/network/exchangerate${suffix}`, timestamp === undefined ? 'the exchange rate' : `the exchange rate at ${timestamp}`);
  }

  getTopic(topicId: string): Promise<MirrorTopic> {
    return this.getJson(`/topics/${encodeURIComponent(topicId)}`, `topic ${topicId}`);
  }

  /** Messages of a topic, following `links.next` until `limit` messages are collected or none are left. */
  async getTopicMessages(topicId: string, query: TopicMessagesQuery = {}): Promise<MirrorTopicMessages> {
    const wanted = Math.min(Math.max(1, Math.floor(query.limit ?? 25)), MAX_MESSAGES);
    const params = new URLSearchParams();
    params.set('limit', String(Math.min(wanted, MAX_PAGE)));
    if (query.order) params.set('order', query.order);
    if (query.sequenceNumber !== undefined) params.set('sequencenumber', String(query.sequenceNumber));
    for (const filter of [query.timestamp ?? []].flat()) params.append('timestamp', filter);
    const what = `topic ${topicId}`;
    const first = await this.getJson<MirrorTopicMessages>(`/topics/${encodeURIComponent(topicId)}/messages?${params}`, what);
    const messages: MirrorTopicMessage[] = [...first.messages];
    let next = first.links?.next ?? null;
    while (next && messages.length < wanted) {
      const body = await this.getJson<MirrorTopicMessages>(next, what);
      if (body.messages.length === 0) break;
      messages.push(...body.messages);
      next = body.links?.next ?? null;
    }
    return { messages: messages.slice(0, wanted), links: { next: messages.length > wanted ? null : next } };
  }

  getToken(tokenId: string): Promise<MirrorToken> {
    return this.getJson(`/tokens/${encodeURIComponent(tokenId)}`, `token ${tokenId}`);
  }

  /** Accepts the SDK form `0.0.2@1700000000.123456789` or the mirror form `0.0.2-1700000000-123456789`. */
  getTransaction(transactionId: string): Promise<MirrorTransactions> {
    const mirrorId = toMirrorTransactionId(transactionId);
    return this.getJson(`/transactions/${encodeURIComponent(mirrorId)}`, `transaction ${transactionId}`);
  }

  getBalances(query: BalancesQuery = {}): Promise<MirrorBalances> {
    const params = new URLSearchParams();
    if (query.accountId) params.set('account.id', query.accountId);
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    if (query.order) params.set('order', query.order);
    if (query.timestamp) params.set('timestamp', query.timestamp);
    const suffix = params.size ? `?${params}` : '';
    return this.getJson(`/balances${suffix}`, 'balances');
  }

  /**
   * GET any path under /api/v1, or a `links.next` value (which already starts with /api/v1), for
   * routes this client has no method of its own for. `what` names the thing read in errors.
   *
   * @example
   * const page = await mirror.getJson<{ nfts: unknown[] }>('/accounts/0.0.5/nfts?limit=100', 'NFTs of account 0.0.5');
   */
  getJson<T>(path: string, what: string, options: MirrorRequestOptions = {}): Promise<T> {
    return this.send<T>('GET', path, what, undefined, options.signal);
  }

  /**
   * POST a JSON body to a path under /api/v1 (the mirror's `/contracts/call` is the one POST route)
   * and parse the JSON answer.
   */
  postJson<T>(path: string, body: unknown, what: string): Promise<T> {
    return this.send<T>('POST', path, what, JSON.stringify(body));
  }

  /** One list of a paged route: its first page and up to MAX_PAGES more, with the `links.next` left over. */
  private async allPages<Body extends { links?: { next?: string | null } }, Key extends keyof Body>(
    path: string,
    key: Key,
    what: string,
  ): Promise<{ items: Body[Key]; next: string | null }> {
    const first = await this.getJson<Body>(path, what);
    const items = [...(first[key] as unknown[])];
    let next = first.links?.next ?? null;
    for (let page = 0; next && page < MAX_PAGES; page++) {
      const body = await this.getJson<Body>(next, what);
      items.push(...(body[key] as unknown[]));
      next = body.links?.next ?? null;
    }
    return { items: items as Body[Key], next };
  }

  private async send<T>(method: 'GET' | 'POST', path: string, what: string, body?: string, cancel?: AbortSignal): Promise<T> {
    const url = path.startsWith('/api/') ? `${this.baseUrl}${path}` : `${this.baseUrl}/api/v1${path}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    for (let attempt = 0; ; attempt++) {
      if (cancel?.aborted) throw this.cancelled(what, cancel);
      const timeout = AbortSignal.timeout(this.timeoutMs);
      let response: Response;
      try {
        response = await this.fetchImpl(url, { method, headers, body, signal: cancel ? AbortSignal.any([cancel, timeout]) : timeout });
      } catch (error) {
        if (cancel?.aborted) throw this.cancelled(what, cancel);
        if (attempt < this.retries) {
          await delay(this.retryDelayMs * 2 ** attempt, cancel);
          continue;
        }
        throw new MirrorError(MirrorErrorCode.UNAVAILABLE, `Mirror node at ${this.baseUrl} could not be reached for ${what}: ${(error as Error).message}`, undefined, { cause: error });
      }
      if (response.ok) return parseBody<T>(response, what, this.baseUrl);
      await response.body?.cancel().catch(() => undefined);
      if (this.retryStatuses.has(response.status) && attempt < this.retries) {
        await delay(this.retryDelayMs * 2 ** attempt, cancel);
        continue;
      }
      throw httpError(response.status, what, this.baseUrl);
    }
  }

  private cancelled(what: string, signal: AbortSignal): MirrorError {
    return new MirrorError(MirrorErrorCode.UNAVAILABLE, `The request to the mirror node at ${this.baseUrl} for ${what} was cancelled.`, undefined, { cause: signal.reason });
  }
}

/** Strips a trailing slash and a trailing `/api/v1`, so both forms of a base URL work. */
function normaliseBaseUrl(baseUrl: string): string {
  if (typeof baseUrl !== 'string' || !/^https?:\/\//i.test(baseUrl.trim())) {
    throw new MirrorError(MirrorErrorCode.NOT_CONFIGURED, `Mirror node URL must be an http(s) URL such as https://testnet.mirrornode.hedera.com, got ${JSON.stringify(baseUrl)}.`);
  }
  return baseUrl.trim().replace(/\/+$/, '').replace(/\/api\/v1$/, '');
}

export function toMirrorTransactionId(transactionId: string): string {
  const sdkForm = /^(\d+\.\d+\.\d+)@(\d+)\.(\d+)$/.exec(transactionId.trim());
  if (sdkForm) return `${sdkForm[1]}-${sdkForm[2]}-${sdkForm[3].padEnd(9, '0')}`;
  return transactionId.trim();
}

async function parseBody<T>(response: Response, what: string, baseUrl: string): Promise<T> {
  try {
    return (await response.json()) as T;
  } catch (error) {
    throw new MirrorError(MirrorErrorCode.BAD_RESPONSE, `Mirror node at ${baseUrl} returned a body that is not JSON for ${what}.`, response.status, { cause: error });
  }
}

function httpError(status: number, what: string, baseUrl: string): MirrorError {
  if (status === 404) return new MirrorError(MirrorErrorCode.NOT_FOUND, `Not found on the mirror node: ${what} does not exist (or is not yet visible).`, status);
  if (status === 400) return new MirrorError(MirrorErrorCode.BAD_RESPONSE, `Mirror node at ${baseUrl} refused the request for ${what} as malformed (HTTP 400).`, status);
  return new MirrorError(MirrorErrorCode.UNAVAILABLE, `Mirror node at ${baseUrl} answered HTTP ${status} for ${what}; try again later.`, status);
}

/** Waits between retries; a cancelled request stops waiting at once (the loop then reports the cancellation). */
function delay(ms: number, cancel?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    cancel?.addEventListener('abort', done, { once: true });
    function done(): void {
      clearTimeout(timer);
      cancel?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** Public mirror nodes by network, used when the kit was given no `mirrorNodeUrl`. */
export const PUBLIC_MIRROR_URLS = {
  mainnet: 'https://mainnet-public.mirrornode.hedera.com',
  testnet: 'https://testnet.mirrornode.hedera.com',
  previewnet: 'https://previewnet.mirrornode.hedera.com',
} as const;

const clients = new Map<string, MirrorClient>();

/**
 * The mirror client a tool should use: `context.mirrorNodeUrl` when set, else the public mirror of
 * the client's network (testnet, mainnet, previewnet). Any other network needs an explicit URL.
 *
 * @example
 * const mirror = mirrorFor(context, client);
 * const token = await mirror.getToken('0.0.5678');
 */
export function mirrorFor(context: { mirrorNodeUrl?: unknown } | Context, client?: Client): MirrorClient {
  const url = typeof context?.mirrorNodeUrl === 'string' && context.mirrorNodeUrl ? context.mirrorNodeUrl : publicMirrorOf(client);
  if (!url) {
    throw new MirrorError(
      MirrorErrorCode.NOT_CONFIGURED,
      'No mirror node is configured: pass mirrorNodeUrl to createAgentKit (e.g. the devnet mirrorUrl); public mirrors are only known for testnet, mainnet and previewnet clients.',
    );
  }
  let mirror = clients.get(url);
  if (!mirror) {
    mirror = new MirrorClient(url);
    clients.set(url, mirror);
  }
  return mirror;
}

function publicMirrorOf(client: Client | undefined): string | undefined {
  const ledger = client?.ledgerId;
  if (!ledger) return undefined;
  if (ledger.isMainnet()) return PUBLIC_MIRROR_URLS.mainnet;
  if (ledger.isTestnet()) return PUBLIC_MIRROR_URLS.testnet;
  if (ledger.isPreviewnet()) return PUBLIC_MIRROR_URLS.previewnet;
  return undefined;
}
