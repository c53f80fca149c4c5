import { expect } from 'chai';
import { ToolMessage } from '@langchain/core/messages';
import type { Client } from '@hiero-ledger/sdk';
import sinon from 'sinon';
import { HederaLangchainToolkit } from '../../../../src/adapters/langchain/langchain-toolkit.js';
import type { AgentKit } from '../../../../src/kit/agent-kit.js';
import type { KitConfiguration } from '../../../../src/kit/kit-from-configuration.js';
import { RejectToolPolicy } from '../../../../src/policies/reject-tool-policy.js';
import { offlineClient } from '../../../support/offline-client.js';
import { echoKit } from '../../../support/echo-kit.js';
import { EchoTool, pluginOf } from '../../../support/noop-tools.js';

describe('HederaLangchainToolkit', () => {
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

  const toolNamed = (toolkit: HederaLangchainToolkit, name: string) => toolkit.getTools().find((tool) => tool.name === name)!;

  describe('when built from a kit', () => {
    it('offers each kit tool with its description and a JSON Schema a model can bind to', () => {
      const tools = new HederaLangchainToolkit(kit).getTools();
      expect(tools.map((tool) => tool.name)).to.deep.equal(['echo_tool', 'forbidden_tool']);
      expect(tools[0]!.description).to.equal('Returns the text it is given.');
      expect(tools[0]!.schema).to.deep.include({ type: 'object', required: ['text'] });
    });

    it('exposes the kit it runs calls through', () => {
      expect(new HederaLangchainToolkit(kit).kit).to.equal(kit);
    });

    it('keeps only the tools asked for, and refuses a name the kit lacks', () => {
      expect(new HederaLangchainToolkit(kit, { tools: ['echo_tool'] }).getTools().map((tool) => tool.name)).to.deep.equal(['echo_tool']);
      expect(() => new HederaLangchainToolkit(kit, { tools: ['echo_tool', 'nope_tool'] })).to.throw(/unknown tool\(s\) "nope_tool"; the kit has: echo_tool, forbidden_tool/);
    });
  });

  describe('when built from { client, configuration }, as the Hedera Agent Kit\'s toolkit is', () => {
    let client: Client;
    let built: HederaLangchainToolkit | undefined;
    beforeEach(() => {
      client = offlineClient();
      built = undefined;
    });
    afterEach(async () => {
      await built?.kit.close();
      client.close();
    });

    const configured = (configuration: KitConfiguration) => (built = new HederaLangchainToolkit({ client, configuration }));

    it('builds its own kit from the plugins given and offers their tools', () => {
      const toolkit = configured({ plugins: [pluginOf('echo-plugin', new EchoTool('echo_tool'), new EchoTool('other_tool'))] });
      expect(toolkit.getTools().map((tool) => tool.name)).to.deep.equal(['echo_tool', 'other_tool']);
      expect(toolkit.kit.client).to.equal(client);
    });

    it('offers only configuration.tools, and runs calls through the policies of configuration.context', async () => {
      const toolkit = configured({
        plugins: [pluginOf('echo-plugin', new EchoTool('echo_tool'), new EchoTool('forbidden_tool'), new EchoTool('other_tool'))],
        tools: ['echo_tool', 'forbidden_tool'],
        context: { hooks: [new RejectToolPolicy(['forbidden_tool'])] },
      });
      expect(toolkit.getTools().map((tool) => tool.name)).to.deep.equal(['echo_tool', 'forbidden_tool']);
      const echoed = (await toolNamed(toolkit, 'echo_tool').invoke({ type: 'tool_call', id: 'c-1', name: 'echo_tool', args: { text: 'hi' } })) as ToolMessage;
      expect(echoed.artifact.raw).to.deep.include({ status: 'SUCCESS', data: { echoed: 'hi', amount: 1 } });
      const blocked = (await toolNamed(toolkit, 'forbidden_tool').invoke({ type: 'tool_call', id: 'c-2', name: 'forbidden_tool', args: { text: 'hi' } })) as ToolMessage;
      expect(blocked.artifact.raw.blockedBy).to.deep.include({ policy: 'Reject Tool Call', stage: 'preToolExecution' });
    });

    it('refuses a bad configuration with the error naming the field', () => {
      expect(() => configured({ plugins: 'echo-plugin' as never })).to.throw(/'configuration\.plugins' must be an array of plugins, got "echo-plugin"/);
    });

    it('refuses options beside it, which only the kit form takes', () => {
      expect(() => new HederaLangchainToolkit({ client, configuration: {} } as never, { tools: ['echo_tool'] } as never))
        .to.throw(/options apply to the kit form; with \{ client, configuration \}, list the tools in configuration\.tools/);
    });
  });

  describe('when given something that is neither a kit nor { client, configuration }', () => {
    for (const [label, value] of [['nothing', undefined], ['a client alone', { client: 'c' }], ['a kit without listTools', { execute() {} }]] as const) {
      it(`refuses ${label}, saying which forms it accepts`, () => {
        expect(() => new HederaLangchainToolkit(value as never))
          .to.throw(/^HederaLangchainToolkit accepts new HederaLangchainToolkit\(kit, \{ tools \}\) with an agent kit, or new HederaLangchainToolkit\(\{ client, configuration: \{ plugins, tools, context \} \}\)/)
          .with.property('code', 'E_INVALID_ARGUMENT');
      });
    }
  });

  describe('when a tool is invoked with allowed input', () => {
    it('runs the kit lifecycle: the model reads the sentence, the app gets the result as the artifact', async () => {
      const seen = sandbox.spy();
      kit.on('postToolExecution', seen);
      const message = (await toolNamed(new HederaLangchainToolkit(kit), 'echo_tool').invoke({
        type: 'tool_call', id: 'call-a', name: 'echo_tool', args: { text: 'hello' },
      })) as ToolMessage;
      expect(message.content).to.be.a('string').and.to.contain('Echo succeeded');
      expect(message.artifact.raw).to.deep.include({ status: 'SUCCESS', data: { echoed: 'hello', amount: 1 } });
      expect(message.artifact.humanMessage).to.equal(message.content);
      expect(seen.calledOnce).to.equal(true);
    });

    it('answers plain arguments (no tool call) with the sentence alone, as LangChain does for any such tool', async () => {
      const output = await toolNamed(new HederaLangchainToolkit(kit), 'echo_tool').invoke({ text: 'hello' });
      expect(output).to.be.a('string').and.to.contain('Echo succeeded');
    });

    it('marks the tool message of a successful call as a success', async () => {
      const message = await toolNamed(new HederaLangchainToolkit(kit), 'echo_tool').invoke({
        type: 'tool_call', id: 'call-0', name: 'echo_tool', args: { text: 'hello' },
      });
      expect((message as ToolMessage).status).to.equal('success');
    });
  });

  describe('when a policy blocks the call', () => {
    it('hands the policy message to the model as a tool message instead of throwing', async () => {
      const message = await toolNamed(new HederaLangchainToolkit(kit), 'forbidden_tool').invoke({
        type: 'tool_call', id: 'call-1', name: 'forbidden_tool', args: { text: 'hi' },
      });
      expect(message).to.be.instanceOf(ToolMessage);
      expect((message as ToolMessage).status).to.equal('error');
      expect((message as ToolMessage).content).to.contain('"Reject Tool Call"').and.to.contain('retrying the same request will not help');
      expect((message as ToolMessage).artifact.raw.blockedBy).to.deep.include({ policy: 'Reject Tool Call', stage: 'preToolExecution' });
    });
  });

  describe('when the model sends input the schema refuses', () => {
    it('still runs it through the kit, so toolError fires and the model reads the field problem', async () => {
      const onError = sandbox.spy();
      kit.on('toolError', onError);
      const message = await toolNamed(new HederaLangchainToolkit(kit), 'echo_tool').invoke({
        type: 'tool_call', id: 'call-2', name: 'echo_tool', args: { text: 42 },
      });
      expect(message).to.be.instanceOf(ToolMessage);
      expect((message as ToolMessage).status).to.equal('error');
      expect((message as ToolMessage).tool_call_id).to.equal('call-2');
      expect((message as ToolMessage).content).to.match(/input is invalid: text: /);
      expect((message as ToolMessage).artifact.raw.issues[0]).to.match(/^text: /);
      expect(onError.calledOnce).to.equal(true);
    });

    it("returns the kit's sentence when invoked with plain arguments", async () => {
      const output = await toolNamed(new HederaLangchainToolkit(kit), 'echo_tool').invoke({ text: 'x', extra: true } as never);
      expect(output).to.be.a('string').and.to.match(/input is invalid: .*extra/);
    });
  });
});
