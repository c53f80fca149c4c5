import BigNumber from 'bignumber.js';
import { AgentHooksError, describeValue, ErrorCode } from '../errors/index.js';
import { silentLogger, type Logger } from '../lifecycle/logger.js';
import { toMirrorTransactionId } from '../mirror/mirror-client.js';
import type {
  MirrorAccount,
  MirrorAccountToken,
  MirrorAirdrop,
  MirrorContract,
  MirrorExchangeRates,
  MirrorNft,
  MirrorSchedule,
  MirrorToken,
  MirrorTokenAllowance,
  MirrorTopic,
  MirrorTopicMessage,
  MirrorTopicMessages,
  MirrorTransactions,
} from '../mirror/mirror-types.js';
import { KitMirrorReader } from './kit-mirror-reader.js';
import type { KitMirrornodeService, KitMirrornodeServiceOptions, KitTokenBalance, KitTopicMessagesQuery } from './kit-mirrornode-types.js';

export type * from './kit-mirrornode-types.js';

const PAGE = 100;
/** The kit's own service reads at most 100 pages of topic messages; so do we. */
const MAX_MESSAGE_PAGES = 100;
/** Token symbols are looked up a few at a time, not one request per token all at once. */
const SYMBOL_LOOKUPS_AT_ONCE = 8;
/**
 * A transaction reaches consensus within its valid duration (at most 180 s) of its valid start,
 * and mirrors index within seconds. Past this age a 404 is final, so it is not retried.
 */
const TRANSACTION_SETTLED_MS = 5 * 60_000;

/**
 * A mirror node service for the Hedera Agent Kit's query tools that reads the mirror node at
 * `mirrorNodeUrl`. The kit's default service only knows the public testnet and mainnet mirrors and
 * a local node at 127.0.0.1:38081, so on any other mirror (such as this project's devnet) the kit's
 * tools fail; pass this as the kit's `context.mirrornodeService` instead. Results have the shapes
 * the kit's default service returns, so the kit's tools run unchanged.
 *
 * Failures are MirrorErrors (codes E_MIRROR_NOT_FOUND, E_MIRROR_UNAVAILABLE, E_MIRROR_BAD_RESPONSE)
 * whose message names the entity, the request path and the HTTP status.
 *
 * @param mirrorNodeUrl - the mirror's http(s) URL, with or without the trailing `/api/v1`
 * @example
 * import { coreAccountQueryPlugin } from '@hashgraph/hedera-agent-kit/plugins';
 *
 * // net: a devnet from startDevnet(), client: an SDK client for it
 * const context = { mirrornodeService: mirrornodeServiceFor(net.mirrorUrl) };
 * const [balanceTool] = coreAccountQueryPlugin.tools(context);
 * const result = await balanceTool.execute(client, context, { accountId: '0.0.1234' });
 * console.log(result.raw.hbarBalance); // e.g. '12.5'
 */
export function mirrornodeServiceFor(mirrorNodeUrl: string, options: KitMirrornodeServiceOptions = {}): KitMirrornodeService {
  const reader = new KitMirrorReader(mirrorNodeUrl, {
    retries: count(options, 'retries', 2, 0, 10),
    notFoundRetries: count(options, 'notFoundRetries', 2, 0, 10),
    retryDelayMs: count(options, 'retryDelayMs', 250, 0, 60_000),
    timeoutMs: count(options, 'timeoutMs', 10_000, 1, 600_000),
    fetch: options.fetch,
  });
  const logger: Logger = options.logger ?? silentLogger;
  const id = (value: string) => encodeURIComponent(String(value));

  const getAccount: KitMirrornodeService['getAccount'] = async (accountId) => {
    const path = `/accounts/${id(accountId)}`;
    const data = await reader.get<MirrorAccount>(path, `account ${accountId}`);
    if (!data?.account) throw reader.malformed('GET', path, `account ${accountId}`, 'names no account');
    return {
      accountId: data.account,
      accountPublicKey: data.key?.key,
      balance: data.balance,
      evmAddress: data.evm_address,
      ethereumNonce: data.ethereum_nonce,
      createdTimestamp: data.created_timestamp,
      memo: data.memo,
      maxAutomaticTokenAssociations: data.max_automatic_token_associations,
      deleted: data.deleted,
    };
  };

  const getTokenInfo: KitMirrornodeService['getTokenInfo'] = (tokenId) => reader.get<MirrorToken>(`/tokens/${id(tokenId)}`, `token ${tokenId}`);

  /** Symbols of the given tokens; 'UNKNOWN' for one that cannot be read, as the kit does, so one bad token does not hide the rest. */
  const symbolsOf = async (tokenIds: string[], accountId: string): Promise<Map<string, string>> => {
    const symbols = new Map<string, string>();
    const queue = [...new Set(tokenIds)];
    const worker = async () => {
      for (let tokenId = queue.shift(); tokenId !== undefined; tokenId = queue.shift()) {
        try {
          symbols.set(tokenId, (await getTokenInfo(tokenId)).symbol);
        } catch (error) {
          logger.warn({ tokenId, accountId, error: (error as Error).message }, 'token symbol unknown for a token balance');
          symbols.set(tokenId, 'UNKNOWN');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SYMBOL_LOOKUPS_AT_ONCE, queue.length) }, worker));
    return symbols;
  };

  const service: KitMirrornodeService = {
    getAccount,

    async getAccountHbarBalance(accountId) {
      return new BigNumber((await getAccount(accountId)).balance.balance);
    },

    async getAccountTokenBalances(accountId, tokenId) {
      const filter = tokenId ? `&token.id=${id(tokenId)}` : '';
      const { items, next } = await reader.collect<MirrorAccountToken>(`/accounts/${id(accountId)}/tokens?limit=${PAGE}${filter}`, 'tokens', `account ${accountId}`);
      const symbols = await symbolsOf(items.map((token) => token.token_id), accountId);
      const tokens: KitTokenBalance[] = items.map((token) => ({ ...token, symbol: symbols.get(token.token_id) ?? 'UNKNOWN' }));
      return { tokens, links: { next } };
    },

    async getTopicMessages(query: KitTopicMessagesQuery) {
      // Newest first, 100 a page, following links.next until `limit` messages are in: the kit's
      // service reads every page before slicing, which returns the same messages more slowly.
      const wanted = typeof query.limit === 'number' && Number.isFinite(query.limit) ? Math.max(0, Math.floor(query.limit)) : Infinity;
      const params = new URLSearchParams();
      if (query.lowerTimestamp) params.append('timestamp', `gte:${query.lowerTimestamp}`);
      if (query.upperTimestamp) params.append('timestamp', `lte:${query.upperTimestamp}`);
      params.set('order', 'desc');
      params.set('limit', String(PAGE));
      const what = `topic ${query.topicId}`;
      const messages: MirrorTopicMessage[] = [];
      let next: string | null = `/topics/${id(query.topicId)}/messages?${params.toString().replace(/%3A/g, ':')}`;
      for (let page = 0; next !== null && page < MAX_MESSAGE_PAGES && (page === 0 || messages.length < wanted); page++) {
        const body: MirrorTopicMessages = await reader.get(next, what, page === 0 ? undefined : 0);
        if (!Array.isArray(body?.messages)) throw reader.malformed('GET', next, what, 'has no "messages" list');
        messages.push(...body.messages);
        next = body.links?.next ?? null;
      }
      return { topicId: query.topicId, messages: Number.isFinite(wanted) ? messages.slice(0, wanted) : messages };
    },

    getTopicInfo: (topicId) => reader.get<MirrorTopic>(`/topics/${id(topicId)}`, `topic ${topicId}`),

    getTokenInfo,

    getContractInfo: (contractId) => reader.get<MirrorContract>(`/contracts/${id(contractId)}`, `contract ${contractId}`),

    getTransactionRecord(transactionId, nonce) {
      const mirrorId = toMirrorTransactionId(String(transactionId));
      const suffix = nonce !== undefined ? `?nonce=${id(String(nonce))}` : '';
      return reader.get<MirrorTransactions>(`/transactions/${id(mirrorId)}${suffix}`, `transaction ${transactionId}`, settled(mirrorId) ? 0 : undefined);
    },

    getExchangeRate(timestamp) {
      const suffix = timestamp ? `?timestamp=${id(timestamp)}` : '';
      // No rate at a timestamp is final: it is history, not something being indexed.
      return reader.get<MirrorExchangeRates>(`/network/exchangerate${suffix}`, timestamp ? `the exchange rate at ${timestamp}` : 'the exchange rate', 0);
    },

    getPendingAirdrops: (accountId) => airdrops(reader, accountId, 'pending'),

    getOutstandingAirdrops: (accountId) => airdrops(reader, accountId, 'outstanding'),

    async getTokenAllowances(ownerAccountId, spenderAccountId) {
      const path = `/accounts/${id(ownerAccountId)}/allowances/tokens?spender.id=${id(spenderAccountId)}&limit=${PAGE}`;
      const { items, next } = await reader.collect<MirrorTokenAllowance>(path, 'allowances', `account ${ownerAccountId}`);
      return { allowances: items, links: { next } };
    },

    async getAccountNfts(accountId) {
      const { items, next } = await reader.collect<MirrorNft>(`/accounts/${id(accountId)}/nfts?limit=${PAGE}`, 'nfts', `account ${accountId}`);
      return { nfts: items, links: { next } };
    },

    getScheduledTransactionDetails: (scheduleId) => reader.get<MirrorSchedule>(`/schedules/${id(scheduleId)}`, `schedule ${scheduleId}`),

    async callContract(to, data) {
      const what = `the result of a contract call to ${to}`;
      const body = await reader.post<{ result?: unknown }>('/contracts/call', { data, to }, what);
      if (typeof body?.result !== 'string') throw reader.malformed('POST', '/contracts/call', what, 'has no "result" string');
      return body.result;
    },

    getBaseUrl: () => reader.apiRoot,
  };
  return Object.freeze(service);
}

async function airdrops(reader: KitMirrorReader, accountId: string, which: 'pending' | 'outstanding') {
  const path = `/accounts/${encodeURIComponent(String(accountId))}/airdrops/${which}?limit=${PAGE}`;
  const { items, next } = await reader.collect<MirrorAirdrop>(path, 'airdrops', `account ${accountId}`);
  return { airdrops: items, links: { next } };
}

/** Whether a mirror transaction ID's valid start is too long ago for it to reach consensus now. */
function settled(mirrorId: string): boolean {
  const seconds = /^\d+\.\d+\.\d+-(\d{1,12})-\d{1,9}$/.exec(mirrorId)?.[1];
  return seconds !== undefined && Date.now() - Number(seconds) * 1000 > TRANSACTION_SETTLED_MS;
}

/** A count or duration from the options, refused early when it is not an integer in range: a bad one would fail every request later. */
function count(options: KitMirrornodeServiceOptions, name: 'retries' | 'notFoundRetries' | 'retryDelayMs' | 'timeoutMs', fallback: number, min: number, max: number): number {
  const value = options[name];
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new AgentHooksError(ErrorCode.INVALID_ARGUMENT, `mirrornodeServiceFor: options.${name} must be an integer from ${min} to ${max}, got ${typeof value === 'number' ? value : describeValue(value)}.`);
  }
  return value;
}
