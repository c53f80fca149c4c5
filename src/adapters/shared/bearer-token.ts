import { invalidArgument } from '../../errors/index.js';

/* The bearer token of the package's HTTP servers (the metrics endpoint, the operator console), worded once. */

/** Shortest token accepted: long enough that guessing it over the network is hopeless. */
export const MIN_TOKEN_CHARS = 16;

/**
 * The token a server was given, checked: required off loopback (anyone on the network could reach
 * it), at least MIN_TOKEN_CHARS characters, no whitespace. `use` says what the token guards.
 */
export function checkedToken(token: unknown, loopback: boolean, owner: string, use: string): string | undefined {
  if (token === undefined) {
    if (loopback) return undefined;
    throw invalidArgument(`${owner}: listening on an address other machines can reach needs a token (options.token, at least ${MIN_TOKEN_CHARS} characters), which ${use} as Authorization: Bearer <token>; or listen on 127.0.0.1.`);
  }
  if (typeof token !== 'string' || token.length < MIN_TOKEN_CHARS || /\s/.test(token)) {
    throw invalidArgument(`${owner}: the token must be a string of at least ${MIN_TOKEN_CHARS} characters without spaces; got ${typeof token === 'string' ? `${token.length} characters` : typeof token}.`);
  }
  return token;
}

/** Whether an Authorization header carries `Bearer <token>`, compared in constant time (one digest against another). */
export { bearerMatches } from '../../secrets/bearer-tokens.js';
