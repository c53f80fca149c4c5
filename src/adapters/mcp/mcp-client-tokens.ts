import { createHash } from 'node:crypto';
import { describeValue, invalidArgument } from '../../errors/index.js';
import { BearerTokens } from '../../secrets/bearer-tokens.js';
import { MIN_TOKEN_CHARS } from '../shared/bearer-token.js';

/**
 * One user's entry of the token map: the bearer token alone, or the token with the rest of the
 * user's principal (`tenantId`) and any other context the calls of that user carry.
 */
export type McpUserToken = string | { token: string; tenantId?: string; context?: Record<string, unknown> };

/**
 * Who may call over HTTP, by user ID: `{ "alice": "<token>", "bob": { "token": "<token>", "tenantId": "acme" } }`.
 * The key is the user's ID (`userId` of each call); the MCP session is the call's `sessionId`.
 */
export type McpTokenMap = Record<string, McpUserToken>;

/** A user the token map names: the context each of their calls carries. */
export interface McpTokenHolder {
  readonly userId: string;
  readonly context: Readonly<Record<string, unknown>>;
}

const USER_ID = /^[^\s\u0000-\u001f]{1,100}$/;
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);
const CONTEXT_KEYS_SET_HERE = new Set(['userId', 'tenantId', 'sessionId']);

/** Checked tokens, kept as digests, compared in constant time (BearerTokens). */
export class McpClientTokens {
  private constructor(private readonly holders: BearerTokens<McpTokenHolder>) {}

  /**
   * The token map, checked: user IDs of 1 to 100 characters without spaces, tokens of at least
   * MIN_TOKEN_CHARS characters without spaces and each held by one user, `tenantId` a string,
   * `context` an object that does not set `userId`, `tenantId` or `sessionId` (the key, the entry and
   * the MCP session say those). `where` names the source in errors (an option, a file).
   */
  static from(map: unknown, where: string): McpClientTokens {
    const form = `{ "alice": "<token>", "bob": { "token": "<token>", "tenantId": "acme" } }`;
    if (map === null || typeof map !== 'object' || Array.isArray(map)) throw invalidArgument(`${where} must be an object naming each user's token, like ${form}; got ${describeValue(map)}.`);
    const entries = Object.entries(map);
    if (!entries.length) throw invalidArgument(`${where} names no user: give at least one, like ${form}.`);
    const seen = new Map<string, string>();
    const holders = entries.map(([userId, entry]) => {
      if (RESERVED.has(userId) || !USER_ID.test(userId)) throw invalidArgument(`${where}: "${userId.slice(0, 40)}" is not a user ID: 1 to 100 characters, no spaces, not __proto__, constructor or prototype.`);
      const { token, tenantId, context } = entryParts(entry, `${where}.${userId}`);
      const digest = digestOf(token);
      const twin = seen.get(digest.toString('hex'));
      // Said without the token: the error may be logged.
      if (twin !== undefined) throw invalidArgument(`${where}: ${twin} and ${userId} have the same token; each user needs their own, or their calls cannot be told apart.`);
      seen.set(digest.toString('hex'), userId);
      const holderContext = Object.freeze({ ...context, userId, ...(tenantId === undefined ? {} : { tenantId }) });
      return [token, Object.freeze({ userId, context: holderContext })] as const;
    });
    return new McpClientTokens(new BearerTokens(holders));
  }

  /**
   * The user whose token an Authorization header carries (`Bearer <token>`), or undefined. Every
   * configured token is compared, each in constant time, so the answer's timing tells nothing about
   * which token, or how much of one, matched.
   */
  holderOf(authorization: string | undefined): McpTokenHolder | undefined {
    return this.holders.holderOf(authorization);
  }

  get size(): number {
    return this.holders.size;
  }
}

function entryParts(entry: unknown, where: string): { token: string; tenantId?: string; context: Record<string, unknown> } {
  if (typeof entry === 'string') return { token: checkedUserToken(entry, where), context: {} };
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw invalidArgument(`${where} must be the user's token, or { "token": "<token>", "tenantId"?: "…", "context"?: { … } }; got ${describeValue(entry)}.`);
  const { token, tenantId, context, ...rest } = entry as Record<string, unknown>;
  const unknownKeys = Object.keys(rest);
  if (unknownKeys.length) throw invalidArgument(`${where}: unknown key(s) ${unknownKeys.map((key) => `"${key}"`).join(', ')}; an entry takes "token", "tenantId" and "context".`);
  if (tenantId !== undefined && (typeof tenantId !== 'string' || !USER_ID.test(tenantId))) throw invalidArgument(`${where}.tenantId must be a string of 1 to 100 characters without spaces; got ${describeValue(tenantId)}.`);
  if (context !== undefined && (context === null || typeof context !== 'object' || Array.isArray(context))) throw invalidArgument(`${where}.context must be an object; got ${describeValue(context)}.`);
  const own = (context ?? {}) as Record<string, unknown>;
  const setHere = Object.keys(own).filter((key) => CONTEXT_KEYS_SET_HERE.has(key));
  if (setHere.length) throw invalidArgument(`${where}.context sets ${setHere.join(', ')}: the user ID is the entry's key, the tenant its "tenantId", and the session the client's MCP session.`);
  return { token: checkedUserToken(token, `${where}.token`), ...(tenantId === undefined ? {} : { tenantId: tenantId as string }), context: { ...own } };
}

function checkedUserToken(token: unknown, where: string): string {
  if (typeof token !== 'string' || token.length < MIN_TOKEN_CHARS || /\s/.test(token)) {
    throw invalidArgument(`${where} must be a token of at least ${MIN_TOKEN_CHARS} characters without spaces; got ${typeof token === 'string' ? `${token.length} characters` : describeValue(token)}.`);
  }
  return token;
}

/** Tokens are compared by digest: equal lengths for timingSafeEqual, and no token kept in memory. */
function digestOf(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
