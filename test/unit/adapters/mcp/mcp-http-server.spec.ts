import { expect } from 'chai';
import { BATCH_REFUSAL } from '../../../../src/adapters/mcp/json-rpc-checks.js';
import { request } from 'node:http';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startMcpHttpServer, type McpHttpServer } from '../../../../src/adapters/mcp/mcp-http-server.js';
import type { AgentKit } from '../../../../src/kit/agent-kit.js';
import { createAgentKit } from '../../../../src/kit/create-agent-kit.js';
import { RejectToolPolicy } from '../../../../src/policies/reject-tool-policy.js';
import { offlineClient } from '../../../support/offline-client.js';
import { EchoTool, pluginOf } from '../../../support/noop-tools.js';

type TextContent = { type: 'text'; text: string }[];
type Structured = { raw: Record<string, unknown>; humanMessage: string };

/** One raw HTTP exchange, for what the MCP SDK's client never sends (foreign Host or Origin, no session). */
function rawPost(url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    req.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
}

const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };

describe('startMcpHttpServer', () => {
  let kit: AgentKit;
  let http: McpHttpServer;
  const clients: McpClient[] = [];

  beforeEach(async () => {
    kit = await createAgentKit({
      client: offlineClient(),
      pluginsDir: null,
      plugins: [pluginOf('echo-plugin', new EchoTool('echo_tool'), new EchoTool('forbidden_tool'))],
      hooks: [new RejectToolPolicy(['forbidden_tool'])],
    });
    http = await startMcpHttpServer(kit, { port: 0 });
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
    await http.close();
    await kit.close();
    kit.client.close();
  });

  async function connect(name = 'spec'): Promise<McpClient> {
    const client = new McpClient({ name, version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    clients.push(client);
    return client;
  }

  describe('when started with the defaults', () => {
    it('listens on loopback at /mcp, on the free port it was given', () => {
      expect(http.url).to.match(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(Number(new URL(http.url).port)).to.be.greaterThan(0);
      expect(http.loopback).to.equal(true);
    });
  });

  describe('when the MCP SDK client connects over Streamable HTTP', () => {
    it('lists the tools with annotations and output schema, and runs calls through the kit', async () => {
      const client = await connect();
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).to.deep.equal(['echo_tool', 'forbidden_tool']);
      expect(tools[0]!.outputSchema).to.deep.include({ required: ['raw', 'humanMessage'] });
      const result = await client.callTool({ name: 'echo_tool', arguments: { text: 'hi' } });
      expect(result.isError).to.not.equal(true);
      expect((result.structuredContent as Structured).raw).to.deep.include({ status: 'SUCCESS', data: { echoed: 'hi', amount: 1 } });
    });

    it('returns a block as a tool error naming the policy', async () => {
      const client = await connect();
      const result = await client.callTool({ name: 'forbidden_tool', arguments: { text: 'hi' } });
      expect(result.isError).to.equal(true);
      expect((result.content as TextContent)[0]!.text).to.contain('"Reject Tool Call"');
    });

    it('keeps two clients in sessions of their own', async () => {
      const [first, second] = [await connect('first'), await connect('second')];
      const [a, b] = await Promise.all([
        first.callTool({ name: 'echo_tool', arguments: { text: 'one' } }),
        second.callTool({ name: 'echo_tool', arguments: { text: 'two' } }),
      ]);
      expect((a.structuredContent as Structured).raw.data).to.deep.include({ echoed: 'one' });
      expect((b.structuredContent as Structured).raw.data).to.deep.include({ echoed: 'two' });
      expect(http.sessions).to.equal(2);
    });

    it('refuses a prototype-reaching key in the arguments with a tool result (isError) the model can read, as over stdio', async () => {
      const client = await connect();
      const args = JSON.parse('{"text":"hi","__proto__":{"polluted":true}}') as Record<string, unknown>;
      const result = await client.callTool({ name: 'echo_tool', arguments: args });
      expect(result.isError).to.equal(true);
      expect(JSON.stringify(result.content)).to.contain('__proto__: the key \\"__proto__\\" is not allowed');
      expect((result.structuredContent as Structured).raw).to.deep.include({ status: 'ERROR', errorCode: 'E_INVALID_PARAMS', submitted: false });
    });
  });

  describe('when a client sends hostile bodies', () => {
    it('answers arguments nested 50 000 arrays deep as that request (a tool result with isError naming the limit), not with a stack overflow', async () => {
      const deep = `{"jsonrpc":"2.0","id":21,"method":"tools/call","params":{"name":"echo_tool","arguments":{"text":${'['.repeat(50_000)}${']'.repeat(50_000)}}}}`;
      const answer = await rawPost(http.url, {}, deep);
      expect(answer.status).to.equal(200);
      const reply = JSON.parse(answer.body) as { id: unknown; result: { isError: boolean; content: { text: string }[] } };
      expect(reply.id).to.equal(21);
      expect(reply.result.isError).to.equal(true);
      expect(reply.result.content[0]!.text).to.contain('nested deeper than 64 levels');
    });

    it('refuses a batch with one Invalid Request error (id null, HTTP 400): MCP 2025-11-25 takes one message per POST', async () => {
      const answer = await rawPost(http.url, {}, [{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: 2, method: 'ping' }]);
      expect(answer.status).to.equal(400);
      expect(JSON.parse(answer.body)).to.deep.include({ id: null, error: { code: -32600, message: BATCH_REFUSAL } });
    });

    it('lets a client still sending an oversize tool call read the answer, a tool result (isError) carrying its request ID', async () => {
      const small = await startMcpHttpServer(kit, { port: 0, maxMessageBytes: 64 * 1024 });
      try {
        const answer = await rawPost(small.url, {}, { jsonrpc: '2.0', id: 22, method: 'tools/call', params: { name: 'echo_tool', arguments: { text: 'x'.repeat(512 * 1024) } } });
        expect(answer.status).to.equal(200);
        const reply = JSON.parse(answer.body) as { id: unknown; result: { isError: boolean; content: { text: string }[] } };
        expect(reply.id).to.equal(22);
        expect(reply.result.isError).to.equal(true);
        expect(reply.result.content[0]!.text).to.contain('The echo_tool call was not made').and.contain('over 65536 bytes');
      } finally {
        await small.close();
      }
    });

    it('answers any other oversize body with 413 carrying its request ID', async () => {
      const small = await startMcpHttpServer(kit, { port: 0, maxMessageBytes: 64 * 1024 });
      try {
        const answer = await rawPost(small.url, {}, { jsonrpc: '2.0', id: 23, method: 'tools/list', params: { _meta: { pad: 'x'.repeat(512 * 1024) } } });
        expect(answer.status).to.equal(413);
        expect(JSON.parse(answer.body)).to.deep.include({ id: 23, error: { code: -32600, message: 'Request too large: messages are limited to 65536 bytes' } });
      } finally {
        await small.close();
      }
    });
  });

  describe('when a client ends its session with DELETE', () => {
    it('forgets the session: a request with its ID is answered 404', async () => {
      const client = new McpClient({ name: 'leaving', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(http.url));
      await client.connect(transport);
      expect(http.sessions).to.equal(1);
      const id = transport.sessionId!;
      await transport.terminateSession();
      await client.close();
      expect(http.sessions).to.equal(0);
      const after = await rawPost(http.url, { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' }, { jsonrpc: '2.0', id: 3, method: 'tools/list' });
      expect(after.status).to.equal(404);
    });
  });

  describe('when a request does not come from this machine, as far as its headers say', () => {
    it('refuses a Host header naming another host (DNS rebinding)', async () => {
      const refused = await rawPost(http.url, { host: 'attacker.example:80' }, INITIALIZE);
      expect(refused.status).to.equal(403);
      expect(JSON.parse(refused.body).error.message).to.contain('the Host header must name this machine');
    });

    it('refuses a web origin other than this machine', async () => {
      const refused = await rawPost(http.url, { origin: 'https://attacker.example' }, INITIALIZE);
      expect(refused.status).to.equal(403);
      expect(JSON.parse(refused.body).error.message).to.contain('"https://attacker.example" are not accepted');
    });

    it('accepts a page on this machine', async () => {
      const accepted = await rawPost(http.url, { origin: `http://localhost:${new URL(http.url).port}` }, INITIALIZE);
      expect(accepted.status).to.equal(200);
    });
  });

  describe('when a request has no session, or one that does not exist', () => {
    it('asks for an initialize request first', async () => {
      const refused = await rawPost(http.url, {}, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
      expect(refused.status).to.equal(400);
      expect(JSON.parse(refused.body).error.message).to.contain('a session starts with an initialize request');
    });

    it('answers 404 for an unknown session ID', async () => {
      const refused = await rawPost(http.url, { 'mcp-session-id': 'no-such-session' }, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
      expect(refused.status).to.equal(404);
    });

    it('answers a body that is not JSON with -32700', async () => {
      const refused = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(http.url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        });
        req.on('error', reject);
        req.end('{ nope');
      });
      expect(refused.status).to.equal(400);
      expect(JSON.parse(refused.body).error.code).to.equal(-32700);
    });
  });

  describe('when the port cannot be used', () => {
    it('refuses a port outside 0 to 65535, saying what is accepted', async () => {
      const error = await startMcpHttpServer(kit, { port: 70000 }).then(() => undefined, (thrown: unknown) => thrown as Error);
      expect(error?.message).to.equal('MCP over HTTP: the port must be an integer from 0 to 65535 (0 takes any free port); got 70000.');
    });

    it('says the port is taken when another server listens there', async () => {
      const port = Number(new URL(http.url).port);
      const error = await startMcpHttpServer(kit, { port }).then(() => undefined, (thrown: unknown) => thrown as Error & { code: string });
      expect(error?.code).to.equal('E_INVALID_ARGUMENT');
      expect(error?.message).to.equal(`MCP over HTTP: 127.0.0.1:${port} is already in use (another program listens there); choose another port, or 0 for any free port.`);
    });
  });

  describe('when closed', () => {
    it('ends the sessions and stops listening', async () => {
      const client = await connect();
      await http.close();
      expect(http.sessions).to.equal(0);
      const error = await client.listTools().then(() => undefined, (thrown: unknown) => thrown);
      expect(error).to.be.instanceOf(Error);
      const reconnect = new McpClient({ name: 'late', version: '1.0.0' });
      const failed = await reconnect.connect(new StreamableHTTPClientTransport(new URL(http.url))).then(() => undefined, (thrown: unknown) => thrown);
      expect(failed).to.be.instanceOf(Error);
    });
  });
});
