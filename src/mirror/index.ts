/** Mirror node REST access for tools and normalisers. */
export { MirrorClient, toMirrorTransactionId } from './mirror-client.js';
export type { MirrorClientOptions, MirrorRequestOptions, TopicMessagesQuery, BalancesQuery } from './mirror-client.js';
export { MirrorError, MirrorErrorCode } from './mirror-error.js';
export { mirrorFor, PUBLIC_MIRROR_URLS } from './mirror-client.js';
export type * from './mirror-types.js';
export { ExchangeRateSource } from './exchange-rate-source.js';
export type { ExchangeRateReader, ExchangeRateSourceOptions, HbarRate } from './exchange-rate-source.js';
