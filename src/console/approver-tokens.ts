import { randomBytes } from 'node:crypto';
import { invalidArgument } from '../errors/index.js';
import { checkedToken, MIN_TOKEN_CHARS } from '../adapters/shared/bearer-token.js';
import { BearerTokens } from '../secrets/bearer-tokens.js';

/** One bearer token and the approver it names: whoever holds it decides, pauses and unpauses as `name`. */
export interface ApproverToken {
  readonly name: string;
  readonly token: string;
}

/** Approver names: as decisions, pauses and `quorum.of` lists write them. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
const DEFAULT_NAME = 'console';

/**
 * The console's tokens from its options: `tokens` (one per named approver), or one `token` held by
 * `tokenName` (made on loopback when not given). Every token is at least MIN_TOKEN_CHARS characters
 * without spaces, and no two approvers share one: a shared token would make one holder two approvers.
 */
export function consoleTokens(options: { token?: unknown; tokenName?: string; tokens?: unknown }, loopback: boolean, owner: string): ApproverToken[] {
  if (options.tokens === undefined) {
    const name = options.tokenName ?? DEFAULT_NAME;
    const given = checkedToken(options.token, loopback, owner, 'the console page and API clients send');
    return [{ name, token: given ?? randomBytes(24).toString('base64url') }];
  }
  if (options.token !== undefined || options.tokenName !== undefined) throw invalidArgument(`${owner}: give 'token' (one operator, named by 'tokenName') or 'tokens' (one per named approver), not both.`);
  const tokens = options.tokens;
  if (tokens === null || typeof tokens !== 'object' || Array.isArray(tokens) || !Object.keys(tokens).length) {
    throw invalidArgument(`${owner}: 'tokens' must be an object naming each approver's token, e.g. { alice: '<secret>', bob: '<secret>' }; got ${Array.isArray(tokens) ? 'an array' : tokens === null ? 'null' : typeof tokens === 'object' ? 'an empty object' : typeof tokens}.`);
  }
  const holders: ApproverToken[] = [];
  for (const [name, token] of Object.entries(tokens as Record<string, unknown>)) {
    if (!NAME.test(name)) throw invalidArgument(`${owner}: the approver name ${JSON.stringify(name)} in 'tokens' must be 1 to 64 letters, digits or . _ @ - (starting with a letter or digit), as decisions record it.`);
    if (typeof token !== 'string' || token.length < MIN_TOKEN_CHARS || /\s/.test(token)) {
      throw invalidArgument(`${owner}: tokens.${name} must be a string of at least ${MIN_TOKEN_CHARS} characters without spaces; got ${typeof token === 'string' ? `${token.length} characters` : typeof token}.`);
    }
    const twin = holders.find((holder) => holder.token === token);
    if (twin) throw invalidArgument(`${owner}: tokens.${twin.name} and tokens.${name} are the same token: its holder would count as two approvers; give each approver a token of their own.`);
    holders.push({ name, token });
  }
  return holders;
}

/**
 * The approver whose token the Authorization header carries, or undefined. Every token is compared
 * in constant time (BearerTokens), whichever matches, so the time taken does not say which one nearly did.
 */
export function tokenHolder(header: string | undefined, holders: readonly ApproverToken[]): string | undefined {
  return new BearerTokens(holders.map((holder) => [holder.token, holder.name] as const)).holderOf(header);
}
