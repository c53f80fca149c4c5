import { AgentHooksError, ErrorCode } from '../errors/index.js';

/**
 * Loads a module that needs an optional peer dependency (the MCP SDK, LangChain), turning "cannot
 * find package" into a sentence that names the package to install and the feature that needs it.
 *
 * @example
 * const { serveMcpOverStdio } = await loadWithPeer(() => import('../adapters/mcp/mcp-server.js'), '@modelcontextprotocol/sdk', 'agent-hooks mcp');
 */
export async function loadWithPeer<T>(load: () => Promise<T>, peer: string, feature: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    const missing = (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') && typeof message === 'string' && message.includes(`'${peer}`);
    if (!missing) throw error;
    throw new AgentHooksError(ErrorCode.MISSING_PEER, `${feature} needs ${peer}, an optional peer dependency of hedera-agent-hooks that is not installed: run npm install ${peer}.`, { cause: error });
  }
}
