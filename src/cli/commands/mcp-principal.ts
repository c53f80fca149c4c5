import { readFileSync, statSync } from 'node:fs';
import { UsageError } from '../usage-error.js';

/** The token map as JSON in the environment: the form of --tokens-file for hosts that hand secrets as variables. */
export const MCP_TOKENS_ENV = 'AGENT_HOOKS_MCP_TOKENS';

const FORM = '{"alice": "<token>", "bob": {"token": "<token>", "tenantId": "acme"}}';

/** The configuration's `mcp.tokensFile`, resolved from the configuration file's folder. */
export interface ConfiguredTokensFile {
  /** The absolute path. */
  file: string;
  /** The configuration file that names it, for messages. */
  source: string;
}

/**
 * The MCP token map from --tokens-file or MCP_TOKENS_ENV, else from the configuration's
 * `mcp.tokensFile`, or undefined when none is given: the command line and the environment win over
 * the file. A file others can read would hand them every user's calls, so it must be its owner's
 * only, wherever it is named. The map itself (names, token lengths, one token per user) is checked
 * by startMcpHttpServer, which says which entry is wrong without showing a token.
 */
export function mcpTokenMap(file: string | undefined, fromEnv: string | undefined, configured?: ConfiguredTokensFile): unknown {
  if (file !== undefined && fromEnv) throw new UsageError(`--tokens-file and ${MCP_TOKENS_ENV} both give the users' tokens; use one.`);
  let text: string;
  let where: string;
  const named =
    file !== undefined ? { file, where: `--tokens-file ${file}` } : !fromEnv && configured ? { file: configured.file, where: `mcp.tokensFile ${configured.file} (in ${configured.source})` } : undefined;
  if (named) {
    where = named.where;
    text = ownerOnlyText(named.file, where);
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

/** The text of a token file that only its owner can read or write; `where` names it in errors. */
function ownerOnlyText(file: string, where: string): string {
  let mode: number;
  let text: string;
  try {
    mode = statSync(file).mode;
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`${where} cannot be read (${(error as Error).message}).`);
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) throw new UsageError(`${where} can be read or written by other users of this machine (mode ${(mode & 0o777).toString(8)}); make it its owner's only: chmod 600 ${file}.`);
  return text;
}

/**
 * The one principal of a stdio server, from --user, --tenant and --session, else the configuration's
 * `mcp.principal`; undefined when neither gives one. Flags replace the file's principal as a whole
 * rather than field by field, so a user named on the command line never inherits the file's tenant
 * (and with it another tenant's budget).
 */
export function stdioPrincipal(options: { user?: string; tenant?: string; session?: string }, configured?: { readonly userId?: string; readonly tenantId?: string; readonly sessionId?: string }): Record<string, string> | undefined {
  const principal = {
    ...(options.user === undefined ? {} : { userId: options.user }),
    ...(options.tenant === undefined ? {} : { tenantId: options.tenant }),
    ...(options.session === undefined ? {} : { sessionId: options.session }),
  };
  if (Object.keys(principal).length) return principal;
  const fromFile = Object.fromEntries(Object.entries(configured ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return Object.keys(fromFile).length ? fromFile : undefined;
}
