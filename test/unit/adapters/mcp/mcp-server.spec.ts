import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import sinon from 'sinon';
import { createMcpServer } from '../../../../src/adapters/mcp/mcp-server.js';
import type { AgentKit } from '../../../../src/kit/agent-kit.js';
import { createAgentKit } from '../../../../src/kit/create-agent-kit.js';
import { RejectToolPolicy } from '../../../../src/policies/reject-tool-policy.js';
import { keyRenderingKit } from '../../../support/key-rendering-kit.js';
import { offlineClient } from '../../../support/offline-client.js';
import { EchoTool, pluginOf } from '../../../support/noop-tools.js';

type TextContent = { type: 'text'; text: string }[];
type Structured = { raw: Record<string, unknown>; humanMessage: string };

const PACKAGE = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../../package.json'), 'utf8')) as { version: string };

describe('createMcpServer', () => {
  const sandbox = sinon.createSandbox();
  let kit: AgentKit;
  let client: McpClient;

  beforeEach(async () => {
    kit = await createAgentKit({
      client: offlineClient(),
      pluginsDir: null,
      plugins: [pluginOf('echo-plugin', new EchoTool('echo_tool'), new EchoTool('forbidden_tool'))],
      hooks: [new RejectToolPolicy(['forbidden_tool'])],
    });
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(kit).connect(serverSide);
    client = new McpClient({ name: 'spec', version: '1.0.0' });
    await client.connect(clientSide);
  });

  afterEach(async () => {
    sandbox.restore();
    await client.close();
    await kit.close();
    kit.client.close();
  });

  describe('when a client lists tools', () => {
    it('describes each kit tool with a JSON Schema derived from its zod schema', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).to.deep.equal(['echo_tool', 'forbidden_tool']);
      const echo = tools[0]!;
      expect(echo.description).to.equal('Returns the text it is given.');
      expect(echo.inputSchema.type).to.equal('object');
      expect(echo.inputSchema.required).to.deep.equal(['text']);
      expect(echo.inputSchema.properties).to.have.keys('text', 'amount');
      expect(echo.inputSchema).to.not.have.property('$schema');
    });

    it('gives every tool the output schema of the kit result, { raw, humanMessage }', async () => {
      const { tools } = await client.listTools();
      for (const tool of tools) {
        expect(tool.outputSchema, tool.name).to.deep.include({ type: 'object', required: ['raw', 'humanMessage'] });
        expect((tool.outputSchema!.properties as Record<string, { required?: string[] }>).raw!.required).to.deep.equal(['status']);
      }
    });

    it('annotates a tool that declares no type with its title only, leaving MCP\'s cautious defaults', async () => {
      const { tools } = await client.listTools();
      expect(tools[0]!.annotations).to.deep.equal({ title: 'Echo' });
    });
  });

  describe('when a client connects', () => {
    it("reports this package's version from its package.json", () => {
      expect(client.getServerVersion()).to.deep.equal({ name: 'hedera-agent-hooks', version: PACKAGE.version });
    });
  });

  describe('when a call is allowed', () => {
    it('returns the sentence and the JSON result as text content', async () => {
      const result = await client.callTool({ name: 'echo_tool', arguments: { text: 'hi', amount: 2 } });
      expect(result.isError).to.not.equal(true);
      const content = result.content as TextContent;
      expect(content[0]!.text).to.contain('Echo succeeded');
      expect(JSON.parse(content[1]!.text)).to.deep.include({ status: 'SUCCESS', data: { echoed: 'hi', amount: 2 } });
    });

    it('returns the whole result as structuredContent, which the client checks against the output schema', async () => {
      await client.listTools(); // the client validates structured content only for tools it has listed
      const result = await client.callTool({ name: 'echo_tool', arguments: { text: 'hi', amount: 2 } });
      const structured = result.structuredContent as Structured;
      expect(structured.raw).to.deep.include({ status: 'SUCCESS', data: { echoed: 'hi', amount: 2 } });
      expect(structured.humanMessage).to.equal((result.content as TextContent)[0]!.text);
      expect(JSON.parse((result.content as TextContent)[1]!.text)).to.deep.equal(structured.raw);
    });
  });

  describe('when a policy blocks the call', () => {
    it('is an MCP tool error naming the policy and saying a retry will not help', async () => {
      const result = await client.callTool({ name: 'forbidden_tool', arguments: { text: 'hi' } });
      expect(result.isError).to.equal(true);
      const [sentence, json] = result.content as TextContent;
      expect(sentence!.text).to.contain('"Reject Tool Call"').and.to.contain('preToolExecution').and.to.contain('retrying the same request will not help');
      expect(JSON.parse(json!.text)).to.deep.include({ errorCode: 'E_POLICY_BLOCKED' });
    });

    it('carries the block in structuredContent too', async () => {
      await client.listTools();
      const result = await client.callTool({ name: 'forbidden_tool', arguments: { text: 'hi' } });
      const structured = result.structuredContent as Structured;
      expect(structured.raw).to.deep.include({ status: 'ERROR', errorCode: 'E_POLICY_BLOCKED' });
      expect(structured.raw.blockedBy).to.deep.include({ policy: 'Reject Tool Call', stage: 'preToolExecution' });
    });
  });

  describe('when the input is invalid', () => {
    it('runs it through the lifecycle, which reports the field, and fires toolError', async () => {
      const onError = sandbox.spy();
      kit.on('toolError', onError);
      const result = await client.callTool({ name: 'echo_tool', arguments: { text: 7 } });
      expect(result.isError).to.equal(true);
      expect((result.content as TextContent)[0]!.text).to.match(/input is invalid: text: /);
      expect(onError.calledOnce).to.equal(true);
    });
  });

  describe('when the tool is unknown', () => {
    it('is an MCP tool error suggesting the closest tool', async () => {
      const result = await client.callTool({ name: 'echo_tol', arguments: {} });
      expect(result.isError).to.equal(true);
      expect((result.content as TextContent)[0]!.text).to.contain('Unknown tool "echo_tol"').and.to.contain('echo_tool');
    });
  });

  describe("when a tool's result renders the operator's key", () => {
    it('sends neither the result JSON nor the message with it', async () => {
      const { kit: reading, keyBase64, close } = await keyRenderingKit();
      const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
      await createMcpServer(reading).connect(serverSide);
      const mcp = new McpClient({ name: 'spec', version: '1.0.0' });
      await mcp.connect(clientSide);
      try {
        const result = await mcp.callTool({ name: 'reading_tool', arguments: {} });
        const texts = (result.content as TextContent).map((part) => part.text).join('\n');
        expect(texts).to.contain('memo [REDACTED]');
        expect(texts).to.not.contain(keyBase64.slice(4, 30));
        expect((result.structuredContent as Structured).raw.data).to.deep.equal({ memo: 'memo [REDACTED]' });
        expect(JSON.stringify(result.structuredContent)).to.not.contain(keyBase64.slice(4, 30));
      } finally {
        await mcp.close();
        await close();
      }
    });
  });
});
