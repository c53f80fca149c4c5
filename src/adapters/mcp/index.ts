/** The MCP adapter: a kit's tools served to any MCP client. */
// The kit resolves hooks through tsyringe, which needs the Reflect metadata API loaded first.
import 'reflect-metadata';
export { createMcpServer, serveMcpOverStdio, type McpServerOptions, type StdioServeOptions } from './mcp-server.js';
export { startMcpHttpServer, MCP_HTTP_PATH, type HttpServeOptions, type McpHttpServer } from './mcp-http-server.js';
export type { McpTokenMap, McpUserToken } from './mcp-client-tokens.js';
export { toMcpToolResult, type McpToolResult } from './mcp-tool-result.js';
export { toolAnnotations } from './tool-annotations.js';
export { TOOL_RESULT_OUTPUT_SCHEMA } from './tool-output-schema.js';
export { toolInputJsonSchema, type JsonSchemaObject } from './tool-input-schema.js';
export { LineTransport, DEFAULT_MAX_MESSAGE_BYTES, type LineTransportOptions } from './line-transport.js';
export type { ResultData } from '../shared/result-data.js';
