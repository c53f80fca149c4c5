import { readFileSync, statSync } from 'node:fs';
import { UsageError } from '../usage-error.js';

/** The token map as JSON in the environment: the form of --tokens-file for hosts that hand secrets as variables. */
export const MCP_TOKENS_ENV = 'AGENT_HOOKS_MCP_TOKENS';

const FORM = '{"alice": "<token>", "bob": {"token": "<token>", "tenantId": "acme"}}';

/**
 * The MCP token map from --tokens-file or MCP_TOKENS_ENV, or undefined when neither is given. A
 * file others can read would hand them every user's calls, so it must be its owner's only. The map
 * itself (names, token lengths, one token per user) is checked by startMcpHttpServer, which says
 * which entry is wrong without showing a token.
 */
export function mcpTokenMap(file: string | undefined, fromEnv: string | undefined): unknown {
  if (file !== undefined && fromEnv) throw new UsageError(`--tokens-file and ${MCP_TOKENS_ENV} both give the users' tokens; use one.`);
  let text: string;
  let where: string;
  if (file !== undefined) {
    let mode: number;
    try {
      mode = statSync(file).mode;
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new UsageError(`--tokens-file ${file} cannot be read (${(error as Error).message}).`);
    }
    if (process.platform !== 'win32' && (mode & 0o077) !== 0) throw new UsageError(`--tokens-file ${file} can be read or written by other users of this machine (mode ${(mode & 0o777).toString(8)}); make it its owner's only: chmod 600 ${file}.`);
    where = `--tokens-file ${file}`;
  } else if (fromEnv) {
    text = fromEnv;
    where = MCP_TOKENS_ENV;
  } else return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    // The parser's message may quote the text, and the text holds tokens: say where, not what.
    throw new UsageError(`${where} is not JSON; write an object naming each user's token: ${FORM}.${(error as Error).name === 'SyntaxError' ? '' : ` (${(error as Error).message})`}`);
  }
}

/** The one principal of a stdio server, from --user, --tenant and --session; undefined when none is given. */
export function stdioPrincipal(options: { user?: string; tenant?: string; session?: string }): Record<string, string> | undefined {
  const principal = {
    ...(options.user === undefined ? {} : { userId: options.user }),
    ...(options.tenant === undefined ? {} : { tenantId: options.tenant }),
    ...(options.session === undefined ? {} : { sessionId: options.session }),
  };
  return Object.keys(principal).length ? principal : undefined;
}
