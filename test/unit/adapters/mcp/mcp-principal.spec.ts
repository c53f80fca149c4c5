import { expect } from 'chai';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { startMcpHttpServer, type McpHttpServer } from '../../../../src/adapters/mcp/mcp-http-server.js';
import { createMcpServer } from '../../../../src/adapters/mcp/mcp-server.js';
import type { AgentKit } from '../../../../src/kit/agent-kit.js';
import { createAgentKit } from '../../../../src/kit/create-agent-kit.js';
import { ContextRecorder } from '../../../support/context-recorder.js';
import { EchoTool, pluginOf } from '../../../support/noop-tools.js';
import { offlineClient } from '../../../support/offline-client.js';

const ALICE = 'alice-token-0123456789';
const BOB = 'bob-token-9876543210ab';
const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };

describe('who an MCP call runs for', () => {
  let kit: AgentKit;
  let recorder: ContextRecorder;
  const clients: McpClient[] = [];

  beforeEach(async () => {
    recorder = new ContextRecorder();
    kit = await createAgentKit({ client: offlineClient(), pluginsDir: null, plugins: [pluginOf('echo-plugin', new EchoTool('echo_tool'))], hooks: [recorder] });
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
    await kit.close();
    kit.client.close();
  });

  describe('when served over HTTP with a token per user', () => {
    let http: McpHttpServer;
    beforeEach(async () => {
      http = await startMcpHttpServer(kit, { port: 0, tokens: { alice: ALICE, bob: { token: BOB, tenantId: 'acme' } } });
    });
    afterEach(() => http.close());

    const post = (headers: Record<string, string>, body: unknown = INITIALIZE) =>
      fetch(http.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(body) });

    async function connect(token: string): Promise<{ mcp: McpClient; sessionId: string }> {
      const mcp = new McpClient({ name: 'unit', version: '1' });
      const transport = new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
      await mcp.connect(transport);
      clients.push(mcp);
      return { mcp, sessionId: transport.sessionId! };
    }

    it('refuses a request without a token, or with a token not given out, with 401 and no session', async () => {
      expect(http.authenticated).to.equal(true);
      const none = await post({});
      expect([none.status, none.headers.get('www-authenticate')]).to.deep.equal([401, 'Bearer realm="hedera-agent-hooks"']);
      const unknown = await post({ authorization: 'Bearer someone-elses-token-123' });
      expect([unknown.status, unknown.headers.get('www-authenticate')]).to.deep.equal([401, 'Bearer realm="hedera-agent-hooks", error="invalid_token"']);
      expect(await unknown.text()).to.not.contain('someone-elses-token-123');
      expect(http.sessions).to.equal(0);
    });

    it("runs each call for the token's user in the client's MCP session", async () => {
      const alice = await connect(ALICE);
      const bob = await connect(BOB);
      await alice.mcp.callTool({ name: 'echo_tool', arguments: { text: 'hi' } });
      await bob.mcp.callTool({ name: 'echo_tool', arguments: { text: 'hi' } });
      expect(recorder.seen).to.deep.equal([
        { userId: 'alice', sessionId: alice.sessionId },
        { userId: 'bob', sessionId: bob.sessionId, tenantId: 'acme' },
      ]);
    });

    it("answers another user's token on a session as a session that does not exist", async () => {
      const alice = await connect(ALICE);
      const hijack = await post({ authorization: `Bearer ${BOB}`, 'mcp-session-id': alice.sessionId, 'mcp-protocol-version': '2025-06-18' }, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo_tool', arguments: { text: 'x' } } });
      expect(hijack.status).to.equal(404);
      expect(recorder.seen).to.deep.equal([]);
    });

    it('refuses a token map that gives two users one token, before listening', async () => {
      let failure: unknown;
      await startMcpHttpServer(kit, { port: 0, tokens: { alice: ALICE, bob: ALICE } }).catch((error: unknown) => (failure = error));
      expect(String(failure)).to.contain('alice and bob have the same token').and.not.contain(ALICE);
    });
  });

  describe('when served over HTTP without tokens', () => {
    it("still runs each call in its client's MCP session, for no named user", async () => {
      const http = await startMcpHttpServer(kit, { port: 0 });
      try {
        const mcp = new McpClient({ name: 'unit', version: '1' });
        const transport = new StreamableHTTPClientTransport(new URL(http.url));
        await mcp.connect(transport);
        clients.push(mcp);
        await mcp.callTool({ name: 'echo_tool', arguments: { text: 'hi' } });
        expect(http.authenticated).to.equal(false);
        expect(recorder.seen).to.deep.equal([{ sessionId: transport.sessionId }]);
      } finally {
        await http.close();
      }
    });
  });

  describe('when one server is given its principal (the stdio form)', () => {
    it('runs every call for it', async () => {
      const server = createMcpServer(kit, { context: { userId: 'dave', tenantId: 'acme' } });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const mcp = new McpClient({ name: 'unit', version: '1' });
      await mcp.connect(clientSide);
      clients.push(mcp);
      await mcp.callTool({ name: 'echo_tool', arguments: { text: 'hi' } });
      expect(recorder.seen).to.deep.equal([{ userId: 'dave', tenantId: 'acme' }]);
    });
  });
});
