// An ES module using the MCP adapter. The MCP SDK ships separate declarations for import and require,
// and its Server class (private members) does not match across them: createMcpServer must return
// the Server an ES module imports from the SDK, as README says.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { AgentKit } from 'hedera-agent-hooks';
import { createMcpServer } from 'hedera-agent-hooks/mcp';

export function serverForAnEsmApp(kit: AgentKit): Server {
  const server: Server = createMcpServer(kit);
  return server;
}
