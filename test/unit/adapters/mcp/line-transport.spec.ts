import { expect } from 'chai';
import { PassThrough } from 'node:stream';
import { LineTransport } from '../../../../src/adapters/mcp/line-transport.js';
import { createMcpServer } from '../../../../src/adapters/mcp/mcp-server.js';
import type { AgentKit } from '../../../../src/kit/agent-kit.js';
import { createAgentKit } from '../../../../src/kit/create-agent-kit.js';
import { EchoTool, pluginOf } from '../../../support/noop-tools.js';
import { offlineClient } from '../../../support/offline-client.js';

type Reply = { id: unknown; result?: any; error?: { code: number; message: string } };
/** A line of output. */
type Line = Reply;

describe('LineTransport (MCP over newline-delimited JSON-RPC)', () => {
  let kit: AgentKit;
  let input: PassThrough;
  let replies: Line[];
  let waiters: (() => void)[];

  beforeEach(async () => {
    kit = await createAgentKit({ client: offlineClient(), pluginsDir: null, plugins: [pluginOf('echo-plugin', new EchoTool())] });
    input = new PassThrough();
    const output = new PassThrough();
    replies = [];
    waiters = [];
    let buffered = '';
    output.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      for (let at = buffered.indexOf('\n'); at >= 0; at = buffered.indexOf('\n')) {
        replies.push(JSON.parse(buffered.slice(0, at)) as Line);
        buffered = buffered.slice(at + 1);
        waiters.shift()?.();
      }
    });
    await createMcpServer(kit).connect(new LineTransport(input, output, { maxMessageBytes: 64 * 1024 }));
  });

  afterEach(async () => {
    await kit.close();
    kit.client.close();
  });

  const sendLine = async (line: string): Promise<Line> => {
    const replied = new Promise<void>((resolve) => waiters.push(resolve));
    input.write(`${line}\n`);
    await replied;
    return replies[replies.length - 1]!;
  };
  const send = async (line: string): Promise<Reply> => (await sendLine(line)) as Reply;
  const request = (id: number, method: string, params?: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
  const initialize = () =>
    send(request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'spec', version: '1' } }));

  it('answers a line that is not JSON with -32700 and stays up', async () => {
    expect((await send('{"jsonrpc": "2.0", "id": 1,')).error?.code).to.equal(-32700);
    expect((await initialize()).result?.serverInfo?.name).to.equal('hedera-agent-hooks');
  });

  it('answers JSON that is no JSON-RPC message with -32600, echoing its id', async () => {
    const reply = await send(JSON.stringify({ id: 7, hello: 'world' }));
    expect(reply).to.deep.include({ id: 7 });
    expect(reply.error?.code).to.equal(-32600);
  });

  it('refuses a message over the size limit with an error and reads on', async () => {
    const huge = request(2, 'tools/list', { pad: 'x'.repeat(100 * 1024) });
    const reply = await send(huge);
    expect(reply.error?.code).to.equal(-32600);
    expect(reply.error?.message).to.contain('limited to 65536 bytes');
    await initialize();
    const tools = await send(request(3, 'tools/list'));
    expect(tools.result.tools.map((tool: { name: string }) => tool.name)).to.deep.equal(['echo_tool']);
  });

  it('answers bad tools/call params with -32602 and a one-line message', async () => {
    await initialize();
    for (const params of [{}, { name: 5 }, { name: 'echo_tool', arguments: 'text' }, { name: 'echo_tool', arguments: [1] }]) {
      const reply = await send(request(4, 'tools/call', params));
      expect(reply.error?.code, JSON.stringify(params)).to.equal(-32602);
      expect(reply.error?.message).to.not.contain('\n');
    }
  });

  it('refuses a __proto__ key in tool arguments as a tool result with isError, as the kit does in-process, and runs nothing', async () => {
    await initialize();
    const reply = await send(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo_tool","arguments":{"text":"a","nested":{"__proto__":{"polluted":true}}}}}`);
    expect(reply.error).to.equal(undefined);
    expect(reply.result?.isError).to.equal(true);
    expect(reply.result?.structuredContent?.raw).to.deep.include({ status: 'ERROR', errorCode: 'E_INVALID_PARAMS', submitted: false });
    expect(reply.result?.content[0].text).to.contain('nested.__proto__: the key "__proto__" is not allowed');
    expect(({} as { polluted?: unknown }).polluted).to.equal(undefined);
  });

  it('runs a well-formed call through the kit', async () => {
    await initialize();
    const reply = await send(request(6, 'tools/call', { name: 'echo_tool', arguments: { text: 'hello' } }));
    expect(reply.result?.isError ?? false).to.equal(false);
    expect(JSON.stringify(reply.result)).to.contain('hello');
  });

  describe('when a client sends hostile input', () => {
    it('answers arguments nested 30 000 arrays deep with a tool result (isError) naming the limit, and keeps serving', async () => {
      await initialize();
      const reply = await send(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo_tool","arguments":{"text":${'['.repeat(30_000)}${']'.repeat(30_000)}}}}`);
      expect(reply.id).to.equal(7);
      expect(reply.result?.isError).to.equal(true);
      expect(reply.result?.content[0].text).to.contain('nested deeper than 64 levels');
      expect((await send(request(8, 'tools/call', { name: 'echo_tool', arguments: { text: 'still here' } }))).result?.isError ?? false).to.equal(false);
    });

    it('answers a tool call over the size limit with a tool result (isError) carrying the ID of the request it skipped', async () => {
      await initialize();
      const reply = await send(request(9, 'tools/call', { name: 'echo_tool', arguments: { text: 'x'.repeat(100 * 1024) } }));
      expect(reply).to.deep.include({ id: 9 });
      expect(reply.result?.isError).to.equal(true);
      expect(reply.result?.content[0].text).to.contain('The echo_tool call was not made because its input is invalid').and.contain('over 65536 bytes');
    });

    it('answers any other message over the size limit with a protocol error carrying its ID', async () => {
      await initialize();
      const reply = await send(request(19, 'tools/list', { _meta: { pad: 'x'.repeat(100 * 1024) } }));
      expect(reply).to.deep.include({ id: 19 });
      expect(reply.error?.message).to.contain('limited to 65536 bytes');
    });
  });

  describe('when a client sends a JSON-RPC batch, which MCP has not had since 2025-06-18', () => {
    it('answers it with one Invalid Request error (id null) and runs none of it', async () => {
      await initialize();
      const batch = [
        { jsonrpc: '2.0', id: 10, method: 'tools/call', params: { name: 'echo_tool', arguments: { text: 'one' } } },
        { jsonrpc: '2.0', id: 12, method: 'ping' },
      ];
      const answer = await send(JSON.stringify(batch));
      expect(answer).to.deep.include({ id: null });
      expect(answer.error?.code).to.equal(-32600);
      expect(answer.error?.message).to.contain('send its requests one at a time');
      expect(await send(request(13, 'ping'))).to.deep.include({ id: 13, result: {} });
    });

    it('answers a batch of notifications and an empty batch the same way', async () => {
      await initialize();
      expect((await send('[]')).error?.code).to.equal(-32600);
      expect((await send(JSON.stringify([{ jsonrpc: '2.0', method: 'notifications/initialized' }]))).error?.code).to.equal(-32600);
    });
  });

  describe('when a request’s id is an object', () => {
    it('answers it with an Invalid Request error whose id is null, as JSON-RPC 2.0 says', async () => {
      await initialize();
      expect(await send('{"jsonrpc":"2.0","id":{"n":1},"method":"ping"}')).to.deep.include({ id: null, error: { code: -32600, message: 'Invalid Request: expected a JSON-RPC 2.0 request, notification or response object' } });
    });
  });
});
