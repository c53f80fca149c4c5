import { createHash } from 'node:crypto';
import { messageOf } from '../../errors/index.js';
import type { SigningKey } from '../keys/signing-key.js';

/** What the judging core answers for one body (createSigningJudge's judge). */
export type SigningVerdict = { readonly sign: true } | { readonly sign: false; readonly reason: string };

/** The judge the signer asks before every signature: the policies, over the body's bytes. */
export type JudgeSigning = (request: { bodyBytes: Uint8Array; agent: string }) => Promise<SigningVerdict>;

/** One signing decision, as the trail records it. */
export interface SigningDecision {
  readonly decision: 'signed' | 'refused';
  /** The agent's token name. */
  readonly agent: string;
  /** `0.0.2@1700000000.000000123`, when the bytes are a TransactionBody. */
  readonly transactionId?: string;
  /** SHA-256 of the body bytes, lower-case hex. */
  readonly bodyDigest: string;
  readonly reason?: string;
  readonly at: string;
}

/** What the signer answers an agent: a signature, or the reason it was refused. */
export type SigningAnswer = { readonly signature: Uint8Array } | { readonly refused: string };

export interface SigningServiceOptions {
  readonly key: SigningKey;
  readonly judge: JudgeSigning;
  /** Reads a body's transaction ID for the trail; undefined when the bytes are no TransactionBody. */
  readonly transactionIdOf: (bodyBytes: Uint8Array) => string | undefined;
  /** Called with every decision before the answer goes back (the audit trail journals it there). */
  readonly record?: (decision: SigningDecision, bodyBytes: Uint8Array) => Promise<void>;
}

/**
 * Judge, sign, record, answer: the one path from a request to a signature. Whatever goes wrong
 * refuses (a judge that throws, a key that fails, a trail that cannot record the decision), so no
 * signature leaves that was not judged and recorded. No error text of the key source reaches the agent.
 */
export function signingService(options: SigningServiceOptions): (bodyBytes: Uint8Array, agent: string) => Promise<SigningAnswer> {
  return async (bodyBytes, agent) => {
    const bodyDigest = createHash('sha256').update(bodyBytes).digest('hex');
    const transactionId = safely(() => options.transactionIdOf(bodyBytes));
    let verdict: SigningVerdict;
    try {
      verdict = await options.judge({ bodyBytes, agent });
    } catch (error) {
      verdict = { sign: false, reason: `the signer could not judge this body (${messageOf(error)}); refused` };
    }
    let signature: Uint8Array | undefined;
    if (verdict.sign) {
      try {
        signature = await options.key.sign(bodyBytes);
      } catch {
        // The key source's own words may describe the key; the operator reads the signer's log instead.
        verdict = { sign: false, reason: `the signer's key (${options.key.description}) failed to sign; nothing was signed` };
      }
    }
    const decision: SigningDecision = {
      decision: verdict.sign ? 'signed' : 'refused',
      agent,
      ...(transactionId !== undefined ? { transactionId } : {}),
      bodyDigest,
      ...(verdict.sign ? {} : { reason: verdict.reason }),
      at: new Date().toISOString(),
    };
    try {
      // Recorded before the signature leaves: a signature the trail does not know of is never handed out.
      await options.record?.(decision, bodyBytes);
    } catch (error) {
      return { refused: `the signer could not record its decision on the audit trail (${messageOf(error)}); nothing was signed` };
    }
    return verdict.sign && signature ? { signature } : { refused: verdict.sign ? 'nothing was signed' : verdict.reason };
  };
}

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
