import { expect } from 'chai';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { BATCH_REFUSAL } from '../../../../src/adapters/mcp/json-rpc-checks.js';
import { createMcpServer } from '../../../../src/adapters/mcp/mcp-server.js';
import type { AgentKit } from '../../../../src/kit/agent-kit.js';
import { createAgentKit } from '../../../../src/kit/create-agent-kit.js';
import { EchoTool, pluginOf } from '../../../support/noop-tools.js';
import { offlineClient } from '../../../support/offline-client.js';

type Reply = { id?: unknown; result?: any; error?: { code: number; message: string } };

/**
 * createMcpServer over the SDK's own in-memory transport, which hands messages on unchecked: what a
 * client that is not this package's stdio or HTTP front door sends reaches the server as it is.
 */
describe('createMcpServer over a transport that checks nothing (the SDK’s InMemoryTransport)', () => {
  let kit: AgentKit;
  let echo: EchoTool;
  let client: InMemoryTransport;
  let replies: Reply[];
  let waiters: (() => void)[];

  beforeEach(async () => {
    echo = new EchoTool();
    kit = await createAgentKit({ client: offlineClient(), pluginsDir: null, plugins: [pluginOf('echo-plugin', echo)] });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    client = clientSide;
    replies = [];
    waiters = [];
    client.onmessage = (message) => {
      replies.push(message as Reply);
      waiters.shift()?.();
    };
    await client.start();
    await createMcpServer(kit).connect(serverSide);
  });

  afterEach(async () => {
    await client.close();
    await kit.close();
    kit.client.close();
  });

  /** Sends a message as an attacker would, raw, and waits for the next answer (none ever came before). */
  const send = async (message: unknown): Promise<Reply> => {
    const replied = new Promise<void>((resolve) => waiters.push(resolve));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer came: the server dropped the message')), 5_000)));
    try {
      await client.send(message as JSONRPCMessage);
      await Promise.race([replied, timeout]);
    } finally {
      clearTimeout(timer);
    }
    return replies[replies.length - 1]!;
  };

  it('answers a JSON-RPC batch with one Invalid Request error (id null) and runs none of its calls', async () => {
    const reply = await send([
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo_tool', arguments: { text: 'one' } } },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    ]);
    expect(reply).to.deep.equal({ jsonrpc: '2.0', id: null, error: { code: -32600, message: BATCH_REFUSAL } });
    expect(echo.calls.core).to.equal(0);
  });

  it('answers a request whose id is an object with an Invalid Request error whose id is null', async () => {
    const reply = await send({ jsonrpc: '2.0', id: { sneaky: true }, method: 'tools/call', params: { name: 'echo_tool', arguments: { text: 'x' } } });
    expect(reply).to.deep.include({ id: null });
    expect(reply.error?.code).to.equal(-32600);
    expect(echo.calls.core).to.equal(0);
  });

  it('answers arguments nested past the message limit with a tool result (isError) naming the field, and runs nothing', async () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 5_000; level++) deep = [deep];
    const reply = await send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo_tool', arguments: { text: deep } } });
    expect(reply.id).to.equal(3);
    expect(reply.error).to.equal(undefined);
    expect(reply.result.isError).to.equal(true);
    expect(reply.result.content[0].text).to.contain('text[0][0][0][0][0][0][0]…: nested deeper than 64 levels').and.contain('Correct the input and call again');
    expect(echo.calls.core).to.equal(0);
  });

  it('still answers a malformed tools/call (no tool name) with a protocol error', async () => {
    const reply = await send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { arguments: {} } });
    expect(reply.error?.code).to.equal(-32602);
  });

  describe('when the MCP SDK’s client calls a tool with a __proto__ key in its arguments', () => {
    it('gets a tool result with isError, as the kit answers in-process, so the model can correct the call', async () => {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await createMcpServer(kit).connect(serverSide);
      const sdkClient = new McpClient({ name: 'spec', version: '1' });
      await sdkClient.connect(clientSide);
      try {
        const args = JSON.parse('{"text":"hi","__proto__":{"isAdmin":true}}') as Record<string, unknown>;
        const result = await sdkClient.callTool({ name: 'echo_tool', arguments: args });
        expect(result.isError).to.equal(true);
        expect((result.structuredContent as { raw: Record<string, unknown> }).raw).to.deep.include({ status: 'ERROR', errorCode: 'E_INVALID_PARAMS', submitted: false });
        expect((result.content as { text: string }[])[0]!.text).to.contain('__proto__: the key "__proto__" is not allowed');
        expect(echo.calls.core, 'the call did not run with the key dropped').to.equal(0);
        const inProcess = await kit.execute('echo_tool', args);
        expect(inProcess.raw.errorCode, 'the same refusal in-process').to.equal('E_INVALID_PARAMS');
        const fine = await sdkClient.callTool({ name: 'echo_tool', arguments: { text: 'fine' } });
        expect(fine.isError ?? false).to.equal(false);
      } finally {
        await sdkClient.close();
      }
    });
  });
});
