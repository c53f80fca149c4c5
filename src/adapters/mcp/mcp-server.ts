import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { AgentKit } from '../../kit/agent-kit.js';
import { messageOf } from '../../errors/index.js';
import { claimStdinForMcp, runInMcpCall } from '../../policies/approvers/mcp-call-scope.js';
import { callOptions } from '../shared/call-context.js';
import { checkedTransport } from './checked-transport.js';
import { LineTransport, type LineTransportOptions } from './line-transport.js';
import { toMcpToolResult } from './mcp-tool-result.js';
import { packageVersion } from './package-version.cjs';
import { toolAnnotations } from './tool-annotations.js';
import { toolInputJsonSchema } from './tool-input-schema.js';
import { TOOL_RESULT_OUTPUT_SCHEMA } from './tool-output-schema.js';

export interface McpServerOptions {
  /** Server name reported to clients (default `hedera-agent-hooks`). */
  name?: string;
  /** Server version reported to clients (default: this package's version, from its package.json). */
  version?: string;
  /**
   * Who every call of this server runs for (`{ userId, tenantId, … }`): the one principal of a stdio
   * server, set by whoever starts it. The client's MCP session, when the transport has one, is laid
   * over it as `sessionId`. Over HTTP, `startMcpHttpServer` sets it per client from its token.
   */
  context?: Record<string, unknown>;
}

export interface StdioServeOptions extends McpServerOptions, LineTransportOptions {
  /** Aborting it closes the server (e.g. on SIGTERM), so the caller can clean up. */
  signal?: AbortSignal;
}

/**
 * An MCP server exposing a kit's tools. Every call goes through `kit.execute`, so hooks and
 * policies apply exactly as in the library. Each tool carries annotations derived from its type and
 * name (see `toolAnnotations`) and the output schema of the kit's result, which every call returns
 * as `structuredContent` beside the text.
 *
 * The low-level `Server` is used on purpose: the high-level `McpServer` validates arguments itself
 * before the handler runs, so invalid input would never reach the kit's lifecycle (no `toolError`
 * stage, no audit entry) and would be described by the SDK instead of by field path.
 *
 * Whatever the transport, a message that is no MCP message (a batch, an object `id`) is answered
 * with an Invalid Request error, and a tool call whose arguments fail validation with a tool result
 * carrying `isError` (see checkedTransport).
 *
 * Each call runs inside its MCP request, so an ApprovalPolicy with the `mcp` approver asks the user
 * of the client that made the call (an `elicitation/create` request), and a client that cancels
 * the call withdraws that question.
 *
 * Each call carries `options.context` with the client's MCP session ID (`extra.sessionId`) as its
 * `sessionId`, and the request's ID as the model's tool-call ID: nothing of it comes from the
 * tool's arguments, so the model cannot name another user.
 *
 * @example
 * const server = createMcpServer(kit);
 * await server.connect(new LineTransport(process.stdin, process.stdout));
 */
export function createMcpServer(kit: AgentKit, options: McpServerOptions = {}): Server {
  const server = new Server(
    { name: options.name ?? 'hedera-agent-hooks', version: options.version ?? packageVersion() },
    { capabilities: { tools: {} } },
  );
  const tools = kit.listTools().map((tool) => ({
    name: tool.method,
    title: tool.name,
    description: tool.description,
    inputSchema: toolInputJsonSchema(tool.parameters, tool.method),
    outputSchema: TOOL_RESULT_OUTPUT_SCHEMA,
    annotations: toolAnnotations(tool),
  }));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
  // Every transport gets the same answers to bad messages (see checkedTransport).
  const connect = server.connect.bind(server);
  server.connect = (transport) => connect(checkedTransport(transport));
  const context = options.context === undefined ? undefined : { ...options.context };
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    try {
      const call = { server, requestId: extra.requestId, signal: extra.signal };
      const callContext = extra.sessionId ? { ...context, sessionId: extra.sessionId } : context;
      // The request's ID is the client's name for this tool call (gen_ai.tool.call.id in telemetry).
      const result = await runInMcpCall(call, () => kit.execute(request.params.name, request.params.arguments ?? {}, callOptions(callContext, extra.requestId)));
      return toMcpToolResult(result, (value) => kit.redactor.toJson(value));
    } catch (error) {
      // kit.execute reports blocks and failures as results; what reaches here is e.g. a closed kit.
      return { content: [{ type: 'text' as const, text: `The ${request.params.name} call could not run: ${messageOf(error)}` }], isError: true };
    }
  });
  return server;
}

/**
 * Serves a kit over stdin/stdout until the client disconnects (resolves then). Nothing else may
 * write to stdout meanwhile: it carries the protocol.
 *
 * @example
 * await serveMcpOverStdio(kit);
 */
export async function serveMcpOverStdio(kit: AgentKit, options: StdioServeOptions = {}): Promise<void> {
  const server = createMcpServer(kit, options);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  // From here stdin carries the protocol: the terminal approver must not read answers from it.
  const releaseStdin = claimStdinForMcp();
  // Not the SDK's stdio transport: it drops bad lines unanswered and closes on an oversize message.
  try {
    await server.connect(new LineTransport(process.stdin, process.stdout, options));
  } catch (error) {
    releaseStdin();
    throw error;
  }
  // The transport does not notice the client going away; stdin ending is that signal.
  const onEnd = (): void => void server.close();
  process.stdin.once('end', onEnd);
  options.signal?.addEventListener('abort', onEnd, { once: true });
  if (options.signal?.aborted) onEnd();
  try {
    await closed;
  } finally {
    releaseStdin();
    process.stdin.off('end', onEnd);
    options.signal?.removeEventListener('abort', onEnd);
  }
}
