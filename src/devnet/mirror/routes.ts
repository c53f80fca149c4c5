import { ACCOUNT_ROUTES } from './accounts-routes.js';
import { ALLOWANCE_ROUTES } from './allowances-routes.js';
import type { MirrorRoute } from './mirror-http.js';
import { TOKEN_ROUTES } from './tokens-routes.js';
import { TOPIC_ROUTES } from './topics-routes.js';
import { TRANSACTION_ROUTES } from './transactions-routes.js';

/** Every mirror REST route the devnet answers, matched in order against the path after `/api/v1`. */
export const MIRROR_ROUTES: MirrorRoute[] = [...TOPIC_ROUTES, ...TOKEN_ROUTES, ...ALLOWANCE_ROUTES, ...ACCOUNT_ROUTES, ...TRANSACTION_ROUTES];
