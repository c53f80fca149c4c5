import { readFileSync, statSync } from 'node:fs';
import { UsageError } from '../usage-error.js';

/** One token per agent as a JSON object `{"agent-1": "<secret>", …}`: the environment's form of --tokens-file. */
export const SIGNER_TOKENS_ENV = 'AGENT_HOOKS_SIGNER_TOKENS';

/**
 * The agents' tokens from --tokens-file (its owner's only) or the environment. The signer needs at
 * least one: without tokens any process on the machine could ask it to sign.
 */
export function signerTokens(file: string | undefined, fromEnv: string | undefined): Record<string, string> {
  if (file !== undefined && fromEnv) throw new UsageError(`--tokens-file and ${SIGNER_TOKENS_ENV} both give the agents' tokens; use one.`);
  let text: string;
  let where: string;
  if (file !== undefined) {
    let mode: number;
    try {
      mode = statSync(file).mode;
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new UsageError(`--tokens-file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
    }
    if ((mode & 0o077) !== 0) throw new UsageError(`--tokens-file ${file} can be read or written by other users of this machine (mode ${(mode & 0o777).toString(8)}); make it its owner's only: chmod 600 ${file}.`);
    where = `--tokens-file ${file}`;
  } else if (fromEnv) {
    text = fromEnv;
    where = SIGNER_TOKENS_ENV;
  } else {
    throw new UsageError(`the signer needs the agents' tokens: --tokens-file <file> or ${SIGNER_TOKENS_ENV}, a JSON object {"agent-1": "<secret of 16+ characters>"}; each agent signs in with its own.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // The parser's message may quote the text, which holds secrets.
    throw new UsageError(`${where} is not JSON; write an object naming each agent's token: {"agent-1": "<secret>"}.`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new UsageError(`${where} must hold a JSON object naming each agent's token: {"agent-1": "<secret>"}.`);
  return parsed as Record<string, string>;
}
