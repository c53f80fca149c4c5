/** Mirror node REST access for tools and normalisers. */
export { MirrorClient, toMirrorTransactionId } from './mirror-client.js';
export type { MirrorClientOptions, MirrorRequestOptions, TopicMessagesQuery, BalancesQuery } from './mirror-client.js';
export { MirrorError, MirrorErrorCode } from './mirror-error.js';
export { mirrorFor, PUBLIC_MIRROR_URLS } from './mirror-client.js';
export type * from './mirror-types.js';
