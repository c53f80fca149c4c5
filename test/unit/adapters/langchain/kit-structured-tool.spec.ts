import { expect } from 'chai';
import { ToolMessage } from '@langchain/core/messages';
import sinon from 'sinon';
import { z } from 'zod';
import { KitStructuredTool } from '../../../../src/adapters/langchain/kit-structured-tool.js';
import { HederaLangchainToolkit } from '../../../../src/adapters/langchain/langchain-toolkit.js';
import type { AgentKit } from '../../../../src/kit/agent-kit.js';
import { createAgentKit } from '../../../../src/kit/create-agent-kit.js';
import type { ToolDescription } from '../../../../src/kit/tool-registry.js';
import { BaseTool } from '../../../../src/lifecycle/base-tool.js';
import { keyRenderingKit } from '../../../support/key-rendering-kit.js';
import { offlineClient } from '../../../support/offline-client.js';
import { EchoTool, pluginOf } from '../../../support/noop-tools.js';
import { realKitTool } from '../../../support/real-kit.js';

type Transfers = { transfers: { accountId: string; amount: number }[] };

/**
 * A tool whose input schema is the Hedera Agent Kit's own (zod 3) transfer_hbar_tool schema and whose
 * core action only sums what it was asked to send, so nothing needs a network.
 */
class Zod3TransferTool extends BaseTool<Transfers, Transfers, { recipients: number; hbar: number }> {
  method = 'zod3_transfer_tool';
  name = 'Zod 3 transfer';
  description = 'Sums an HBAR transfer described with a zod 3 schema.';
  // BaseTool types its schema as zod 4; the runner only needs safeParse, which zod 3 has too.
  parameters = realKitTool('transfer_hbar_tool').parameters as unknown as z.ZodType<Transfers>;
  normalizeParams(params: Transfers) {
    return params;
  }
  coreAction(params: Transfers) {
    return { recipients: params.transfers.length, hbar: params.transfers.reduce((sum, { amount }) => sum + amount, 0) };
  }
}

describe('KitStructuredTool', () => {
  const sandbox = sinon.createSandbox();
  let kit: AgentKit;

  beforeEach(async () => {
    kit = await createAgentKit({ client: offlineClient(), pluginsDir: null, plugins: [pluginOf('mixed', new Zod3TransferTool(), new EchoTool('echo_tool'))] });
  });

  afterEach(async () => {
    sandbox.restore();
    await kit.close();
    kit.client.close();
  });

  const descriptionOf = (method: string): ToolDescription => kit.listTools().find((tool) => tool.method === method)!;

  describe('when the tool schema is zod 3', () => {
    it('hands LangChain the JSON Schema of that schema', () => {
      const tool = new KitStructuredTool(kit, descriptionOf('zod3_transfer_tool'));
      expect(tool.schema).to.deep.include({ type: 'object', required: ['transfers'] });
      expect(tool.schema.properties).to.have.keys('transfers', 'sourceAccountId', 'transactionMemo', 'schedulingParams');
    });

    it('runs a valid call through the kit, where the zod 3 schema parses it', async () => {
      const message = (await new KitStructuredTool(kit, descriptionOf('zod3_transfer_tool')).invoke({
        type: 'tool_call', id: 'call-0', name: 'zod3_transfer_tool', args: { transfers: [{ accountId: '0.0.5', amount: 2 }, { accountId: '0.0.6', amount: 3 }] },
      })) as ToolMessage;
      expect(message.artifact.raw).to.deep.include({ status: 'SUCCESS', data: { recipients: 2, hbar: 5 } });
    });

    it('gives the model the zod 3 field problem for input LangChain refuses', async () => {
      const message = await new KitStructuredTool(kit, descriptionOf('zod3_transfer_tool')).invoke({
        type: 'tool_call', id: 'call-1', name: 'zod3_transfer_tool', args: { transfers: [{ accountId: '0.0.5', amount: 'two' }] },
      });
      expect((message as ToolMessage).status).to.equal('error');
      expect((message as ToolMessage).artifact.raw.issues).to.deep.equal(['transfers[0].amount: Expected number, received string']);
    });
  });

  describe('when LangChain refuses input the kit accepts', () => {
    class CountTool extends BaseTool<{ count: number }, { count: number }, { count: number }> {
      method = 'count_tool';
      name = 'Count';
      description = 'Counts; takes the count as a number or as digits.';
      parameters = z.object({ count: z.coerce.number().int() });
      normalizeParams(params: { count: number }) {
        return params;
      }
      coreAction(params: { count: number }) {
        return { count: params.count };
      }
    }

    it('reports the call as the success it was, so the model does not retry what already ran', async () => {
      const counting = await createAgentKit({ client: offlineClient(), pluginsDir: null, plugins: [pluginOf('count', new CountTool())] });
      try {
        const tool = new KitStructuredTool(counting, counting.listTools()[0]!);
        // The JSON Schema says number; LangChain checks "5" against it and refuses, the kit coerces it.
        const message = (await tool.invoke({ type: 'tool_call', id: 'call-n', name: 'count_tool', args: { count: '5' } })) as ToolMessage;
        expect(message.artifact.raw).to.deep.include({ status: 'SUCCESS', data: { count: 5 } });
        expect(message.status).to.equal('success');
      } finally {
        await counting.close();
        counting.client.close();
      }
    });
  });

  describe("when a tool's result renders the operator's key", () => {
    it('puts the result in the artifact as JSON data, redacted, so no trace carries the key', async () => {
      const { kit: reading, keyBase64: base64, close } = await keyRenderingKit();
      try {
        const message = (await new KitStructuredTool(reading, reading.listTools()[0]!).invoke({ type: 'tool_call', id: 'call-r', name: 'reading_tool', args: {} })) as ToolMessage;
        expect(message.artifact.raw.data).to.deep.equal({ memo: 'memo [REDACTED]' });
        expect(JSON.stringify(message.toDict())).to.not.contain(base64.slice(4, 30));
      } finally {
        await close();
      }
    });
  });

  describe('when the description carries a tool type and an output parser', () => {
    // The Hedera Agent Kit's own parser: what its apps already run tool output through.
    const kitParser = realKitTool('get_hbar_balance_query_tool').outputParser!;

    it('exposes both, the parser also under the Hedera Agent Kit\'s name for it', () => {
      const tool = new KitStructuredTool(kit, { ...descriptionOf('echo_tool'), toolType: 'query', outputParser: kitParser });
      expect(tool.toolType).to.equal('query');
      expect(tool.outputParser).to.equal(kitParser);
      expect(tool.responseParsingFunction).to.equal(kitParser);
    });

    it("puts in the artifact what that parser reads from the kit's JSON output, so apps read it without parsing", async () => {
      const tool = new KitStructuredTool(kit, { ...descriptionOf('echo_tool'), toolType: 'query', outputParser: kitParser });
      const message = (await tool.invoke({ type: 'tool_call', id: 'call-p', name: 'echo_tool', args: { text: 'hi' } })) as ToolMessage;
      const parsed = tool.outputParser!(await kit.run('echo_tool', { text: 'hi' }));
      expect(parsed.raw).to.deep.include({ status: 'SUCCESS', data: { echoed: 'hi', amount: 1 } });
      expect(message.artifact).to.deep.equal({ raw: parsed.raw, humanMessage: parsed.humanMessage });
    });
  });

  describe('when the description carries neither, or something else under their names', () => {
    it('gives a tool without a type "other", and drops values that are not a type or a parser', () => {
      const plain = new KitStructuredTool(kit, descriptionOf('echo_tool'));
      expect(plain.toolType).to.equal('other'); // the registry's default, as the Hedera Agent Kit's BaseTool has it
      expect(plain.outputParser).to.equal(undefined);
      const odd = new KitStructuredTool(kit, { ...descriptionOf('echo_tool'), toolType: 'read' as never, outputParser: 'json' as never });
      expect(odd.toolType).to.equal(undefined);
      expect(odd.responseParsingFunction).to.equal(undefined);
    });
  });

  describe('when an app picks tools by type, as with the Hedera Agent Kit', () => {
    it('filters the toolkit\'s tools on toolType', () => {
      const types: Record<string, ToolDescription['toolType']> = { zod3_transfer_tool: 'transaction', echo_tool: 'query' };
      const listed = kit.listTools();
      sandbox.stub(kit, 'listTools').returns(listed.map((tool) => ({ ...tool, toolType: types[tool.method] })));
      const toolkit = new HederaLangchainToolkit(kit);
      expect(toolkit.getTools().filter((tool) => tool.toolType === 'query').map((tool) => tool.name)).to.deep.equal(['echo_tool']);
      expect(toolkit.getTools().filter((tool) => tool.toolType === 'transaction').map((tool) => tool.name)).to.deep.equal(['zod3_transfer_tool']);
    });
  });
});
