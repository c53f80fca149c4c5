import { expect } from 'chai';
import { generateText, stepCountIs } from 'ai';
import sinon from 'sinon';
import { z } from 'zod';
import { HederaAIToolkit } from '../../../../src/adapters/ai-sdk/ai-sdk-toolkit.js';
import type { AgentKit } from '../../../../src/kit/agent-kit.js';
import { createAgentKit } from '../../../../src/kit/create-agent-kit.js';
import { BaseTool } from '../../../../src/lifecycle/base-tool.js';
import { RejectToolPolicy } from '../../../../src/policies/reject-tool-policy.js';
import { keyRenderingKit } from '../../../support/key-rendering-kit.js';
import { offlineClient } from '../../../support/offline-client.js';
import { echoKit } from '../../../support/echo-kit.js';
import { EchoTool, pluginOf } from '../../../support/noop-tools.js';
import { scriptedModel, text, toolCall, toolResultsSentIn } from '../../../support/scripted-language-model.js';

describe('HederaAIToolkit', () => {
  const sandbox = sinon.createSandbox();
  let kit: AgentKit;

  beforeEach(async () => {
    kit = await echoKit();
  });

  afterEach(async () => {
    sandbox.restore();
    await kit.close();
    kit.client.close();
  });

  /** One generateText run over the toolkit: the scripted model calls tools, then answers "done". */
  async function runModel(toolkit: HederaAIToolkit, ...calls: ReturnType<typeof toolCall>[]) {
    const model = scriptedModel(calls, [text('done')]);
    const result = await generateText({ model, tools: toolkit.getTools(), prompt: 'go', stopWhen: stepCountIs(3) });
    return { result, model };
  }

  describe('when built from a kit', () => {
    it('offers each kit tool under its name, with its description and the JSON Schema the model is sent', async () => {
      const toolkit = new HederaAIToolkit(kit);
      expect(Object.keys(toolkit.getTools())).to.deep.equal(['echo_tool', 'forbidden_tool']);
      expect(toolkit.getTools()).to.equal(toolkit.tools);
      const { model } = await runModel(toolkit);
      const sent = model.doGenerateCalls[0]!.tools!.find((tool) => tool.name === 'echo_tool') as unknown as { description: string; inputSchema: Record<string, unknown> };
      expect(sent.description).to.equal('Returns the text it is given.');
      expect(sent.inputSchema).to.deep.include({ type: 'object', required: ['text'] });
      expect(sent.inputSchema.properties).to.have.keys('text', 'amount');
    });

    it('keeps only the tools asked for, and refuses a name the kit lacks', () => {
      expect(Object.keys(new HederaAIToolkit(kit, { tools: ['echo_tool'] }).getTools())).to.deep.equal(['echo_tool']);
      expect(() => new HederaAIToolkit(kit, { tools: ['nope_tool'] })).to.throw(/HederaAIToolkit: unknown tool\(s\) "nope_tool"; the kit has: echo_tool, forbidden_tool/);
    });

    it('refuses what is neither a kit nor { client, configuration }, naming both forms', () => {
      expect(() => new HederaAIToolkit(42 as never)).to.throw(/HederaAIToolkit accepts new HederaAIToolkit\(kit, \{ tools \}\).*\{ client, configuration.*got a number/);
    });

    it("carries the tool's type as metadata, which is not sent to the model", async () => {
      const listed = kit.listTools();
      sandbox.stub(kit, 'listTools').returns(listed.map((tool) => ({ ...tool, toolType: tool.method === 'echo_tool' ? 'query' : 'transaction' })));
      const toolkit = new HederaAIToolkit(kit);
      const tools = toolkit.getTools();
      expect(tools.echo_tool!.metadata).to.deep.equal({ toolType: 'query' });
      expect(tools.forbidden_tool!.metadata).to.deep.equal({ toolType: 'transaction' });
      const { model } = await runModel(toolkit);
      expect(JSON.stringify(model.doGenerateCalls[0]!.tools)).to.not.contain('toolType');
    });
  });

  describe("when built from { client, configuration }, as the Hedera Agent Kit's HederaAIToolkit is", () => {
    it('builds its own kit from the plugins given, with the policies of configuration.context', async () => {
      const client = offlineClient();
      const toolkit = new HederaAIToolkit({
        client,
        configuration: {
          plugins: [pluginOf('echo-plugin', new EchoTool('echo_tool'), new EchoTool('other_tool'))],
          tools: ['echo_tool'],
          context: { hooks: [new RejectToolPolicy(['echo_tool'])] },
        },
      });
      try {
        expect(Object.keys(toolkit.getTools())).to.deep.equal(['echo_tool']);
        expect(toolkit.kit.client).to.equal(client);
        const { result } = await runModel(toolkit, toolCall('call-c', 'echo_tool', { text: 'hi' }));
        expect(result.steps[0]!.toolResults[0]!.output.raw.blockedBy).to.deep.include({ policy: 'Reject Tool Call' });
      } finally {
        await toolkit.kit.close();
        client.close();
      }
    });

    it('refuses options beside a configuration: its tools are listed in configuration.tools', () => {
      const client = offlineClient();
      try {
        expect(() => new (HederaAIToolkit as any)({ client, configuration: { plugins: [] } }, { tools: [] })).to.throw(/options apply to the kit form/);
      } finally {
        client.close();
      }
    });
  });

  describe('when the model calls an allowed tool', () => {
    it('runs it through the kit and returns the kit result as the tool result, sent to the model as json', async () => {
      const onCall = sandbox.spy();
      kit.on('postToolExecution', onCall);
      const { result, model } = await runModel(new HederaAIToolkit(kit), toolCall('call-1', 'echo_tool', { text: 'hi', amount: 2 }));
      const [first] = result.steps[0]!.toolResults;
      expect(first).to.deep.include({ toolCallId: 'call-1', toolName: 'echo_tool' });
      expect(first!.output.raw).to.deep.include({ status: 'SUCCESS', data: { echoed: 'hi', amount: 2 } });
      expect(first!.output.humanMessage).to.contain('Echo succeeded');
      expect(onCall.calledOnce).to.equal(true);
      const [sent] = toolResultsSentIn(model.doGenerateCalls[1]!);
      expect(sent!.output).to.deep.equal({ type: 'json', value: first!.output });
      expect(result.text).to.equal('done');
    });
  });

  describe('when a policy blocks the call', () => {
    it('is a tool result with the block reason, not a thrown error, and the model gets it as error-json', async () => {
      const { result, model } = await runModel(new HederaAIToolkit(kit), toolCall('call-2', 'forbidden_tool', { text: 'hi' }));
      expect(result.steps[0]!.content.filter((part) => part.type === 'tool-error')).to.deep.equal([]);
      const [blocked] = result.steps[0]!.toolResults;
      expect(blocked!.output.raw).to.deep.include({ status: 'ERROR', errorCode: 'E_POLICY_BLOCKED' });
      expect(blocked!.output.raw.blockedBy).to.deep.include({ policy: 'Reject Tool Call', stage: 'preToolExecution' });
      expect(blocked!.output.humanMessage).to.contain('retrying the same request will not help');
      const [sent] = toolResultsSentIn(model.doGenerateCalls[1]!);
      expect(sent!.output).to.deep.equal({ type: 'error-json', value: blocked!.output });
    });
  });

  describe('when the model sends invalid input', () => {
    it('lets the kit parse it, so toolError fires and the result names the field', async () => {
      const onError = sandbox.spy();
      kit.on('toolError', onError);
      const { result } = await runModel(new HederaAIToolkit(kit), toolCall('call-3', 'echo_tool', { text: 7 }));
      const [invalid] = result.steps[0]!.toolResults;
      expect(invalid!.output.raw).to.deep.include({ errorCode: 'E_INVALID_PARAMS' });
      expect(invalid!.output.humanMessage).to.match(/input is invalid: text: /);
      expect(onError.calledOnce).to.equal(true);
    });

    it('runs transforms once: the kit, not the AI SDK, parses the input', async () => {
      let seen: unknown;
      class TrimTool extends BaseTool {
        method = 'trim_tool';
        name = 'Trim';
        description = 'Trims and counts.';
        parameters = z.object({ word: z.string().transform((value) => `${value.trim()}!`) });
        normalizeParams(params: { word: string }) {
          seen = params.word;
          return params;
        }
        coreAction(params: { word: string }) {
          return { word: params.word };
        }
      }
      const trimming = await createAgentKit({ client: offlineClient(), pluginsDir: null, plugins: [pluginOf('trim', new TrimTool())] });
      try {
        const { result } = await runModel(new HederaAIToolkit(trimming), toolCall('call-4', 'trim_tool', { word: ' hi ' }));
        expect(result.steps[0]!.toolResults[0]!.output.raw).to.deep.include({ status: 'SUCCESS' });
        expect(seen).to.equal('hi!');
      } finally {
        await trimming.close();
        trimming.client.close();
      }
    });
  });

  describe("when a tool's result renders the operator's key", () => {
    it('hands the AI SDK the result as JSON data, redacted, so no trace or UI stream carries the key', async () => {
      const { kit: reading, keyBase64: base64, close } = await keyRenderingKit();
      try {
        const { result, model } = await runModel(new HederaAIToolkit(reading), toolCall('call-5', 'reading_tool', {}));
        const output = result.steps[0]!.toolResults[0]!.output;
        expect(output.raw.data).to.deep.equal({ memo: 'memo [REDACTED]' });
        const everything = JSON.stringify([result.steps, model.doGenerateCalls]);
        expect(everything).to.not.contain(base64.slice(4, 30));
      } finally {
        await close();
      }
    });
  });
});
