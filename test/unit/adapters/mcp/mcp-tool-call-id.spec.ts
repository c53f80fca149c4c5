import { expect } from 'chai';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from '../../../../src/adapters/mcp/mcp-server.js';
import { createAgentKit } from '../../../../src/kit/create-agent-kit.js';
import { offlineClient } from '../../../support/offline-client.js';
import { EchoTool, pluginOf } from '../../../support/noop-tools.js';
import { openOtelWorld } from '../../../support/otel-world.js';

describe('createMcpServer with telemetry on', () => {
  it("names each call's span by the client's request ID (gen_ai.tool.call.id), the kit's own ID beside it", async () => {
    const otel = openOtelWorld();
    const kit = await createAgentKit({ client: offlineClient(), pluginsDir: null, plugins: [pluginOf('echo-plugin', new EchoTool('echo_tool'))], telemetry: { tracerProvider: otel.tracerProvider, metrics: false } });
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(kit).connect(serverSide);
    // The IDs the client gives its tools/call requests, as they go over the wire.
    const callIds: unknown[] = [];
    const send = clientSide.send.bind(clientSide);
    clientSide.send = (message: JSONRPCMessage, options) => {
      if ('method' in message && message.method === 'tools/call' && 'id' in message) callIds.push(message.id);
      return send(message, options);
    };
    const client = new McpClient({ name: 'spec', version: '1.0.0' });
    try {
      await client.connect(clientSide);
      await client.callTool({ name: 'echo_tool', arguments: { text: 'one' } });
      await client.callTool({ name: 'echo_tool', arguments: { text: 'two' } });
      const spans = otel.spans().filter((span) => span.name === 'execute_tool echo_tool');
      expect(callIds).to.have.length(2);
      expect(spans.map((span) => span.attributes['gen_ai.tool.call.id'])).to.deep.equal(callIds.map(String));
      for (const span of spans) expect(span.attributes['hedera_agent_hooks.call.id']).to.match(/^[0-9a-f-]{36}$/);
    } finally {
      await client.close();
      await kit.close();
      kit.client.close();
      await otel.close();
    }
  });
});
