import type { SigningKey } from '../keys/signing-key.js';
import { describeBody } from '../describe-body.js';
import { AgentTokens } from './agent-tokens.js';
import { serveSigner, type RunningSigner, type SignerIdentity, type SignerListen } from './signer-server.js';
import { signingService, type JudgeSigning, type SigningDecision } from './signing-decision.js';

export interface StartSignerOptions {
  /** The account the key signs for. */
  readonly accountId: string;
  readonly key: SigningKey;
  /** Asked before every signature (createSigningJudge(…).judge). */
  readonly judge: JudgeSigning;
  /** One bearer token per agent: `{ "<agent name>": "<token>" }`. */
  readonly tokens: Readonly<Record<string, string>>;
  /** The network agents reach through their client (GET /public-key tells them). */
  readonly network: SignerIdentity['network'];
  readonly listen?: SignerListen;
  readonly maxBodyBytes?: number;
  /** Every decision, before the answer goes back (journal it); a failure refuses the signature. */
  readonly record?: (decision: SigningDecision, bodyBytes: Uint8Array) => Promise<void>;
  readonly log?: (line: string) => void;
}

/**
 * The policy signer's server: each POST /sign is judged, signed with `key` if allowed, recorded and
 * answered. The key stays in this process (or its token); agents hold a token and see signatures.
 *
 * @example
 * const signer = await startSigner({ accountId: '0.0.1234', key, judge: judge.judge, tokens: { agent: process.env.AGENT_TOKEN! }, network: 'testnet' });
 */
export async function startSigner(options: StartSignerOptions): Promise<RunningSigner> {
  const tokens = new AgentTokens(options.tokens);
  const sign = signingService({ key: options.key, judge: options.judge, transactionIdOf, ...(options.record ? { record: options.record } : {}) });
  return serveSigner({
    listen: options.listen ?? {},
    tokens,
    identity: { accountId: options.accountId, publicKey: options.key.publicKey.toStringDer(), keyType: options.key.type, network: options.network },
    sign,
    ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
}

function transactionIdOf(bodyBytes: Uint8Array): string | undefined {
  return describeBody(bodyBytes).transactionId || undefined;
}
