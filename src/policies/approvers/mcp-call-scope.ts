import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The part of the MCP SDK's `Server` the elicitation approver uses, written out here so that
 * `hedera-agent-hooks/policies` neither loads nor types against the optional MCP SDK.
 */
export interface ElicitingServer {
  getClientCapabilities(): { elicitation?: { form?: object; url?: object } } | undefined;
  getClientVersion(): { name?: string } | undefined;
  elicitInput(
    params: { mode: 'form'; message: string; requestedSchema: { type: 'object'; properties: Record<string, BooleanField>; required?: string[] } },
    options?: { signal?: AbortSignal; timeout?: number; relatedRequestId?: string | number },
  ): Promise<{ action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }>;
}

/** The one kind of form field the approval question asks for. */
export interface BooleanField {
  type: 'boolean';
  title?: string;
  description?: string;
  default?: boolean;
}

/** One `tools/call` an MCP server is answering: the server, the request, and its cancellation. */
export interface McpCall {
  readonly server: ElicitingServer;
  readonly requestId: string | number;
  /** Aborted when the client cancels the call. */
  readonly signal: AbortSignal;
}

// One store per process under a registered symbol: the CommonJS and ES-module builds of this
// package may both be loaded, and a server from one must be found by an approver from the other.
const STORE = Symbol.for('hedera-agent-hooks.mcp-call');
const STDIO = Symbol.for('hedera-agent-hooks.mcp-stdio-servers');
type Shared = { [STORE]?: AsyncLocalStorage<McpCall>; [STDIO]?: { count: number } };
const shared = globalThis as Shared;
const calls = (shared[STORE] ??= new AsyncLocalStorage<McpCall>());
const stdioServers = (shared[STDIO] ??= { count: 0 });

/**
 * Runs one tool call inside its MCP request, so that an approver asks the client that made this
 * call, and no other: the scope follows the call through every await, and ends with it.
 */
export function runInMcpCall<T>(call: McpCall, run: () => T): T {
  return calls.run(call, run);
}

/** The MCP call the current code runs for, if any. */
export function currentMcpCall(): McpCall | undefined {
  return calls.getStore();
}

/**
 * Marks standard input as carrying the MCP protocol while a stdio server runs (see
 * serveMcpOverStdio); the terminal approver must not read answers from it then. Returns the release.
 */
export function claimStdinForMcp(): () => void {
  stdioServers.count++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    stdioServers.count--;
  };
}

export function stdinCarriesMcp(): boolean {
  return stdioServers.count > 0;
}
