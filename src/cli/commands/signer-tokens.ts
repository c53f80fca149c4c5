import { readTokens, tokenObject } from '../token-file.js';
import { UsageError } from '../usage-error.js';

/** One token per agent as a JSON object `{"agent-1": "<secret>", …}`: the environment's form of --tokens-file. */
export const SIGNER_TOKENS_ENV = 'AGENT_HOOKS_SIGNER_TOKENS';

/**
 * The agents' tokens from --tokens-file (its owner's only) or the environment. The signer needs at
 * least one: without tokens any process on the machine could ask it to sign.
 */
export function signerTokens(file: string | undefined, fromEnv: string | undefined): Record<string, string> {
  const source = { owners: "the agents'", form: '{"agent-1": "<secret of 16+ characters>"}' };
  const read = readTokens({ ...source, ...(file !== undefined ? { file: { path: file, option: '--tokens-file', where: `--tokens-file ${file}` } } : {}), env: { name: SIGNER_TOKENS_ENV, value: fromEnv } });
  if (!read) throw new UsageError(`the signer needs the agents' tokens: --tokens-file <file> or ${SIGNER_TOKENS_ENV}, a JSON object ${source.form}; each agent signs in with its own.`);
  return tokenObject(read, source) as Record<string, string>;
}
