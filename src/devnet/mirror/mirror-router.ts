import type { MirrorHandler } from './mirror-http.js';

/** One served operation, written as the mirror's OpenAPI document writes it (without `/api/v1`). */
export interface MirrorRouteSpec {
  /** e.g. `/tokens/{tokenId}/nfts/{serialNumber}` */
  path: string;
  /** the query parameters the operation documents; any other name is a 400 */
  query: readonly string[];
  handle: MirrorHandler;
  /** the HTTP method; GET when absent (every route but `/contracts/call`) */
  method?: 'GET' | 'POST';
}

export interface MirrorRoute extends MirrorRouteSpec {
  readonly method: 'GET' | 'POST';
  readonly segments: ReadonlyArray<{ literal: string } | { param: string }>;
  readonly accepted: ReadonlySet<string>;
}

/** Splits the template once, when the table is built, so matching a request is a segment walk. */
export function compileRoute(spec: MirrorRouteSpec): MirrorRoute {
  const segments = spec.path.split('/').slice(1).map((part) => {
    const param = /^\{(\w+)\}$/.exec(part)?.[1];
    return param ? { param } : { literal: part };
  });
  return { ...spec, method: spec.method ?? 'GET', segments, accepted: new Set(spec.query) };
}

/**
 * The route for a method and path (after `/api/v1`) and its decoded path parameters. Where templates
 * overlap, the one with more literal segments wins, so `/topics/messages/{timestamp}` beats
 * `/topics/{topicId}/…`; a GET of `/contracts/call` is a GET of `/contracts/{contractIdOrAddress}`,
 * as on the mirror node, where only POST reaches the call route.
 */
export function matchRoute(routes: readonly MirrorRoute[], path: string, method: 'GET' | 'POST' = 'GET'): { route: MirrorRoute; params: Record<string, string> } | undefined {
  const parts = path.split('/').slice(1);
  let best: { route: MirrorRoute; params: Record<string, string>; literals: number } | undefined;
  for (const route of routes) {
    if (route.method !== method || route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    const fits = route.segments.every((segment, i) => {
      if ('literal' in segment) {
        literals++;
        return segment.literal === parts[i];
      }
      if (parts[i] === '') return false;
      params[segment.param] = safeDecode(parts[i]);
      return true;
    });
    if (fits && (!best || literals > best.literals)) best = { route, params, literals };
  }
  return best && { route: best.route, params: best.params };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part; // a stray % stays as typed and fails the parameter's own format check
  }
}
