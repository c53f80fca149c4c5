import type { MirrorRoute } from './mirror-http.js';

/** Every mirror REST route the devnet answers, matched in order against the path after `/api/v1`. */
export const MIRROR_ROUTES: MirrorRoute[] = [];
