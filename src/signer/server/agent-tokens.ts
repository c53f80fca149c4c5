import { invalidArgument } from '../../errors/index.js';
import { BearerTokens } from '../../secrets/bearer-tokens.js';

/** Shortest token accepted: as for the package's other servers, guessing it over a network is hopeless. */
export const MIN_SIGNER_TOKEN_CHARS = 16;

/**
 * The agents a signer answers, each by a bearer token of its own; the name is what the signer's
 * decisions record as the agent.
 */
export class AgentTokens {
  private readonly tokens: BearerTokens<string>;

  constructor(tokens: Readonly<Record<string, string>>) {
    const entries = Object.entries(tokens);
    if (entries.length === 0) {
      throw invalidArgument('signer: no agent tokens; give at least one as { "<agent name>": "<token>" } (--tokens-file or AGENT_HOOKS_SIGNER_TOKENS): without one any process on the machine could ask for signatures.');
    }
    const seen = new Set<string>();
    for (const [name, token] of entries) {
      if (!/^[\w.@-]{1,64}$/.test(name)) throw invalidArgument(`signer: the agent name ${JSON.stringify(name)} must be 1–64 letters, digits, or . _ @ -.`);
      if (typeof token !== 'string' || token.length < MIN_SIGNER_TOKEN_CHARS || /\s/.test(token)) {
        throw invalidArgument(`signer: the token of agent "${name}" must be a string of at least ${MIN_SIGNER_TOKEN_CHARS} characters without spaces; got ${typeof token === 'string' ? `${token.length} characters` : typeof token}.`);
      }
      if (seen.has(token)) throw invalidArgument(`signer: agent "${name}" shares its token with another agent; give each agent a token of its own, so each decision names who asked.`);
      seen.add(token);
    }
    this.tokens = new BearerTokens(entries.map(([name, token]) => [token, name] as const));
  }

  /**
   * The agent whose token an `Authorization: Bearer <token>` header carries, or undefined. Every
   * token is compared, in constant time over equal-length digests, so the time taken says nothing
   * about which token came close.
   */
  agentOf(header: string | undefined): string | undefined {
    return this.tokens.holderOf(header);
  }
}
