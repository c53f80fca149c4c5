import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Bearer tokens and who holds each, for the package's servers (the policy signer's agents, the MCP
 * server's users, the console's approvers). Kept as SHA-256 digests and compared in constant time,
 * every token whichever matches: digests are of one length, so the time an answer takes says
 * nothing about which token, or how much of one, a guess got right.
 */
export class BearerTokens<Holder> {
  private readonly entries: readonly { readonly digest: Buffer; readonly holder: Holder }[];

  /** `entries` are checked by the caller (lengths, no two holders with one token), which words its own errors. */
  constructor(entries: Iterable<readonly [token: string, holder: Holder]>) {
    this.entries = [...entries].map(([token, holder]) => ({ digest: digestOf(token), holder }));
  }

  /** The holder of the token an `Authorization: Bearer <token>` header carries, or undefined. */
  holderOf(header: string | undefined): Holder | undefined {
    const given = digestOf(header?.startsWith('Bearer ') ? header.slice(7).trim() : '');
    let found: Holder | undefined;
    for (const { digest, holder } of this.entries) if (timingSafeEqual(given, digest) && found === undefined) found = holder;
    return found;
  }

  get size(): number {
    return this.entries.length;
  }
}

/** Whether an Authorization header carries `Bearer <token>`, compared as BearerTokens compares. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  return new BearerTokens([[token, true]]).holderOf(header) === true;
}

function digestOf(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
