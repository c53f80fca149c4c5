import { expect } from 'chai';
import { generateText, stepCountIs } from 'ai';
import { HederaAIToolkit } from '../../../src/adapters/ai-sdk/ai-sdk-toolkit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { MaxRecipientsPolicy } from '../../../src/policies/max-recipients-policy.js';
import { devnetSuite } from '../../support/devnet-suite.js';
import { openOtelWorld, type OtelWorld } from '../../support/otel-world.js';
import { scriptedModel, text, toolCall } from '../../support/scripted-language-model.js';

describe('AI SDK generateText with its telemetry on: the kit\'s spans nest under the SDK\'s tool-call spans', function () {
  this.timeout(60_000);
  const suite = devnetSuite();
  let otel: OtelWorld;
  let kit: AgentKit;
  let alice: string;

  before(async () => {
    alice = (await suite.net.createAccount({ hbar: 1 })).accountId;
  });

  beforeEach(async () => {
    // The real SDK as an application sets it up: AsyncLocalStorageContextManager, spans to memory.
    otel = openOtelWorld();
    kit = await createAgentKit({ client: suite.client, context: { accountId: suite.net.operatorId }, hooks: [new MaxRecipientsPolicy(1)], mirrorNodeUrl: suite.net.mirrorUrl, telemetry: { tracerProvider: otel.tracerProvider, metrics: false } });
  });

  afterEach(async () => {
    await kit.close();
    await otel.close();
  });

  it('puts execute_tool under ai.toolCall, under ai.generateText, one per call in a step of parallel calls, named by the model\'s tool-call ID', async () => {
    const model = scriptedModel(
      [
        toolCall('call-pay', 'transfer_hbar_tool', { transfers: [{ accountId: alice, amount: 1 }] }),
        toolCall('call-balance', 'get_hbar_balance_query_tool', { accountId: alice }),
      ],
      [text('done')],
    );
    const tools = new HederaAIToolkit(kit, { tools: ['transfer_hbar_tool', 'get_hbar_balance_query_tool'] }).getTools();
    const result = await generateText({
      model,
      tools,
      prompt: 'pay alice and tell me her balance',
      stopWhen: stepCountIs(3),
      experimental_telemetry: { isEnabled: true, tracer: otel.tracerProvider.getTracer('ai') },
    });
    expect(result.text).to.equal('done');

    const generate = otel.span('ai.generateText');
    const toolCalls = otel.spans().filter((span) => span.name === 'ai.toolCall');
    expect(toolCalls.map((span) => span.attributes['ai.toolCall.id']).sort()).to.deep.equal(['call-balance', 'call-pay']);
    for (const toolSpan of toolCalls) {
      expect(toolSpan.spanContext().traceId).to.equal(generate.spanContext().traceId);
      const ours = otel.childrenOf(toolSpan).filter((span) => span.name.startsWith('execute_tool '));
      expect(ours.map((span) => span.name), `under ${String(toolSpan.attributes['ai.toolCall.name'])}`).to.deep.equal([`execute_tool ${String(toolSpan.attributes['ai.toolCall.name'])}`]);
      expect(ours[0]!.attributes['hedera_agent_hooks.outcome']).to.equal('executed');
      // The steps of our call hang under our call span, inside the SDK's trace.
      expect(otel.childrenOf(ours[0]!).map((span) => span.name)).to.include('stage secondaryAction');
    }
    const paid = otel.span('execute_tool transfer_hbar_tool');
    // The model's tool-call ID names our span as it names the SDK's; the kit's own ID is beside it.
    expect(paid.attributes['gen_ai.tool.call.id']).to.equal('call-pay');
    expect(otel.span('execute_tool get_hbar_balance_query_tool').attributes['gen_ai.tool.call.id']).to.equal('call-balance');
    expect(paid.attributes['hedera_agent_hooks.call.id']).to.match(/^[0-9a-f-]{36}$/);
    expect(paid.attributes['hedera.transaction.id']).to.equal(result.steps[0]!.toolResults.find((entry) => entry.toolCallId === 'call-pay')!.output.raw.transactionId);
  });

  it('nests a blocked call too, the block on our span and the SDK\'s tool call still a result', async () => {
    const [bob] = [(await suite.net.createAccount({ hbar: 0 })).accountId];
    const model = scriptedModel([toolCall('call-wide', 'transfer_hbar_tool', { transfers: [alice, bob].map((accountId) => ({ accountId, amount: 1 })) })], [text('done')]);
    const tools = new HederaAIToolkit(kit, { tools: ['transfer_hbar_tool'] }).getTools();
    await generateText({ model, tools, prompt: 'pay both', stopWhen: stepCountIs(3), experimental_telemetry: { isEnabled: true, tracer: otel.tracerProvider.getTracer('ai') } });
    const toolSpan = otel.span('ai.toolCall');
    const [ours] = otel.childrenOf(toolSpan);
    expect(ours?.name).to.equal('execute_tool transfer_hbar_tool');
    expect(ours!.attributes).to.include({ 'hedera_agent_hooks.outcome': 'blocked', 'hedera_agent_hooks.blocked_by.policy': 'Max Recipients Policy' });
  });
});
