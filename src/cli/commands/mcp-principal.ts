import { readTokens } from '../token-file.js';

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
  const named =
    file !== undefined ? { path: file, option: '--tokens-file', where: `--tokens-file ${file}` } : !fromEnv && configured ? { path: configured.file, option: 'mcp.tokensFile', where: `mcp.tokensFile ${configured.file} (in ${configured.source})` } : undefined;
  return readTokens({ owners: "the users'", form: FORM, ...(named ? { file: named } : {}), env: { name: MCP_TOKENS_ENV, value: fromEnv } })?.parsed;
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
