import { expect } from 'chai';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, type ElicitRequest, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from '../../../../src/adapters/mcp/mcp-server.js';
import type { AgentKit } from '../../../../src/kit/agent-kit.js';
import { createAgentKit } from '../../../../src/kit/create-agent-kit.js';
import { ApprovalPolicy } from '../../../../src/policies/approval-policy.js';
import { offlineClient } from '../../../support/offline-client.js';
import { EchoTool, pluginOf } from '../../../support/noop-tools.js';

type TextContent = { type: 'text'; text: string }[];
type Elicit = (request: ElicitRequest) => ElicitResult | Promise<ElicitResult>;

describe('mcpElicitationApprover', () => {
  let kit: AgentKit;
  let echo: EchoTool;
  const clients: McpClient[] = [];
  /** Every message each client received, by client name. */
  const received = new Map<string, { method?: string; id?: unknown; params?: { requestId?: unknown } }[]>();

  beforeEach(async () => {
    echo = new EchoTool('echo_tool');
    kit = await createAgentKit({
      client: offlineClient(),
      pluginsDir: null,
      plugins: [pluginOf('echo-plugin', echo)],
      hooks: [new ApprovalPolicy({ when: { tools: ['echo_tool'] }, approver: 'mcp', timeoutMs: 300 })],
    });
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
    received.clear();
    await kit.close();
    kit.client.close();
  });

  /** An MCP client on its own server for the kit; with `elicit`, it declares elicitation and answers with it. */
  async function connect(name: string, elicit?: Elicit): Promise<McpClient> {
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(kit).connect(serverSide);
    const client = new McpClient({ name, version: '1.0.0' }, { capabilities: elicit ? { elicitation: {} } : {} });
    if (elicit) client.setRequestHandler(ElicitRequestSchema, (request) => elicit(request));
    await client.connect(clientSide);
    const deliver = clientSide.onmessage!;
    const log: { method?: string }[] = [];
    received.set(name, log);
    clientSide.onmessage = (message, extra) => {
      log.push(message as { method?: string });
      deliver(message, extra);
    };
    clients.push(client);
    return client;
  }

  /**
   * Whether the server withdrew its elicitation request with notifications/cancelled. Read from the
   * wire rather than from the handler's signal: SDK clients (1.32) ignore a cancellation of request
   * ID 0, and a server's first request to a client has that ID.
   */
  function withdrawn(name: string): boolean {
    const log = received.get(name) ?? [];
    const question = log.find((message) => message.method === 'elicitation/create');
    return question !== undefined && log.some((message) => message.method === 'notifications/cancelled' && message.params?.requestId === question.id);
  }

  function reasonOf(result: Awaited<ReturnType<McpClient['callTool']>>): string {
    expect(result.isError).to.equal(true);
    const raw = JSON.parse((result.content as TextContent)[1]!.text);
    expect(raw.errorCode).to.equal('E_POLICY_BLOCKED');
    expect(raw.blockedBy.policy).to.equal('Approval Policy');
    return raw.blockedBy.reason;
  }

  describe('when the user accepts with the box ticked', () => {
    it('asks with an elicitation/create form naming the call, then executes it', async () => {
      const asked: ElicitRequest[] = [];
      const client = await connect('desk', (request) => (asked.push(request), { action: 'accept', content: { approve: true } }));
      const result = await client.callTool({ name: 'echo_tool', arguments: { text: 'hi' } });
      expect(result.isError, (result.content as TextContent)[0]!.text).to.not.equal(true);
      expect(echo.calls.core).to.equal(1);
      expect(asked).to.have.length(1);
      const params = asked[0]!.params as { mode?: string; message: string; requestedSchema: { properties: Record<string, { type: string }> } };
      expect(params.mode).to.equal('form');
      expect(params.message).to.contain('echo_tool with {"text":"hi"}').and.to.contain('every echo_tool call needs approval');
      expect(params.requestedSchema.properties.approve!.type).to.equal('boolean');
    });
  });

  describe('when the user declines', () => {
    it('blocks the call with a reason saying the user declined', async () => {
      const client = await connect('desk', () => ({ action: 'decline' }));
      const result = await client.callTool({ name: 'echo_tool', arguments: { text: 'hi' } });
      expect(reasonOf(result)).to.equal('the user of the MCP client declined (asked because every echo_tool call needs approval)');
      expect((result.content as TextContent)[0]!.text).to.contain('retrying the same request will not help');
      expect(echo.calls.core).to.equal(0);
    });

    it('counts accepting without ticking the box, and dismissing, as refusals', async () => {
      const unticked = await connect('desk', () => ({ action: 'accept', content: { approve: false } }));
      expect(reasonOf(await unticked.callTool({ name: 'echo_tool', arguments: { text: 'hi' } }))).to.contain('without ticking');
      const dismissed = await connect('desk-2', () => ({ action: 'cancel' }));
      expect(reasonOf(await dismissed.callTool({ name: 'echo_tool', arguments: { text: 'hi' } }))).to.contain('dismissed the question');
      expect(echo.calls.core).to.equal(0);
    });
  });

  describe('when the client cannot be asked', () => {
    it('refuses a client without the elicitation capability, saying it cannot be asked', async () => {
      const client = await connect('plain-client');
      const reason = reasonOf(await client.callTool({ name: 'echo_tool', arguments: { text: 'hi' } }));
      expect(reason).to.equal('the MCP client "plain-client" cannot be asked for approval: it does not support elicitation (no "elicitation" capability declared) (asked because every echo_tool call needs approval)');
      expect(echo.calls.core).to.equal(0);
    });

    it('refuses a call that did not come through an MCP server', async () => {
      const result = await kit.execute('echo_tool', { text: 'hi' });
      expect(result.raw.blockedBy?.reason).to.match(/^no MCP client to ask: the call did not come through an MCP server/);
    });
  });

  describe('when the user does not answer in time', () => {
    it('refuses naming the timeout and cancels the question on the client', async () => {
      const client = await connect('desk', () => new Promise<ElicitResult>(() => undefined));
      const reason = reasonOf(await client.callTool({ name: 'echo_tool', arguments: { text: 'hi' } }));
      expect(reason).to.match(/^nobody answered within 300 ms \(the user of the MCP client was asked/);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(withdrawn('desk'), 'the client was told the question is withdrawn').to.equal(true);
      expect(echo.calls.core).to.equal(0);
    });
  });

  describe('when two clients use one kit', () => {
    it('asks each call’s own client, never the other', async () => {
      const askedA: string[] = [];
      const a = await connect('client-a', () => (askedA.push('a'), { action: 'accept', content: { approve: true } }));
      const b = await connect('client-b', () => ({ action: 'decline' }));
      expect(reasonOf(await b.callTool({ name: 'echo_tool', arguments: { text: 'from b' } }))).to.contain('declined');
      expect(askedA).to.deep.equal([]);
      const fromA = await a.callTool({ name: 'echo_tool', arguments: { text: 'from a' } });
      expect(fromA.isError).to.not.equal(true);
      expect(askedA).to.deep.equal(['a']);
    });
  });

  describe('when the client cancels its call while the question is open', () => {
    it('withdraws the question and nothing executes', async () => {
      let asked!: () => void;
      const opened = new Promise<void>((resolve) => (asked = resolve));
      const client = await connect('desk', () => {
        asked();
        return new Promise<ElicitResult>(() => undefined);
      });
      const cancel = new AbortController();
      const call = client.callTool({ name: 'echo_tool', arguments: { text: 'hi' } }, undefined, { signal: cancel.signal });
      await opened;
      cancel.abort();
      await call.then(
        () => expect.fail('the cancelled call resolved'),
        () => undefined,
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(withdrawn('desk')).to.equal(true);
      expect(echo.calls.core).to.equal(0);
    });
  });
});
