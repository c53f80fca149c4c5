/** The MCP adapter: a kit's tools served to any MCP client. */
export { createMcpServer, serveMcpOverStdio, type McpServerOptions } from './mcp-server.js';
export { toMcpToolResult, type McpToolResult } from './mcp-tool-result.js';
export { toolInputJsonSchema, type JsonSchemaObject } from './tool-input-schema.js';
