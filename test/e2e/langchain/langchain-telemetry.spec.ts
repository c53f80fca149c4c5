import { expect } from 'chai';
import { AIMessageChunk, HumanMessage, type AIMessage, type ToolMessage } from '@langchain/core/messages';
import { RunnableLambda } from '@langchain/core/runnables';
import { FakeStreamingChatModel } from '@langchain/core/utils/testing';
import { HederaLangchainToolkit } from '../../../src/adapters/langchain/langchain-toolkit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { devnetSuite } from '../../support/devnet-suite.js';
import { openOtelWorld, type OtelWorld } from '../../support/otel-world.js';

/**
 * @langchain/core emits no OpenTelemetry spans of its own (its tracers are LangSmith's callbacks),
 * so the span a LangChain tool call can nest under is the application's, active when it invokes
 * the agent. These runs check that our span is its child however LangChain schedules the tool.
 */
describe('LangChain agent runs with OpenTelemetry: the kit\'s spans nest under the span active at agent.invoke', function () {
  this.timeout(60_000);
  const suite = devnetSuite();
  let otel: OtelWorld;
  let kit: AgentKit;
  let accounts: string[];

  before(async () => {
    accounts = await Promise.all([1, 2].map(async () => (await suite.net.createAccount({ hbar: 0 })).accountId));
  });

  beforeEach(async () => {
    otel = openOtelWorld();
    kit = await createAgentKit({ client: suite.client, context: { accountId: suite.net.operatorId }, telemetry: { tracerProvider: otel.tracerProvider, metrics: false } });
  });

  afterEach(async () => {
    await kit.close();
    await otel.close();
  });

  /** A LangChain agent as a runnable chain: the scripted model picks the tools, a runnable step runs them through LangChain's tool.invoke. */
  function agentFor(accountId: string) {
    const toolkit = new HederaLangchainToolkit(kit, { tools: ['transfer_hbar_tool'] });
    const tools = new Map(toolkit.getTools().map((tool) => [tool.name, tool]));
    const scripted = new AIMessageChunk({ content: '', tool_calls: [{ id: `call-${accountId}`, name: 'transfer_hbar_tool', args: { transfers: [{ accountId, amount: 1 }] } }] });
    const model = new FakeStreamingChatModel({ chunks: [scripted] }).bindTools(toolkit.getTools());
    const runTools = RunnableLambda.from(async (reply: AIMessage) => {
      const results: ToolMessage[] = [];
      for (const call of reply.tool_calls ?? []) results.push((await tools.get(call.name)!.invoke({ ...call, type: 'tool_call' })) as ToolMessage);
      return results;
    });
    return model.pipe(runTools);
  }

  it('makes each run\'s execute_tool a child of that run\'s span, with two runs at once, named by its tool call\'s ID', async () => {
    const runs = await Promise.all(
      accounts.map((accountId) =>
        otel.inSpan(`agent run ${accountId}`, async () => (await agentFor(accountId).invoke([new HumanMessage('pay')]))[0]!),
      ),
    );
    expect(runs.map((message) => message.artifact.raw.status)).to.deep.equal(['SUCCESS', 'SUCCESS']);
    for (const [at, accountId] of accounts.entries()) {
      const run = otel.span(`agent run ${accountId}`);
      const ours = otel.childrenOf(run);
      expect(ours.map((span) => span.name)).to.deep.equal(['execute_tool transfer_hbar_tool']);
      expect(ours[0]!.attributes['hedera.transaction.id']).to.equal(runs[at]!.artifact.raw.transactionId);
      // The model's tool_call id names the span (gen_ai.tool.call.id); the kit's own ID is its own attribute.
      expect(ours[0]!.attributes['gen_ai.tool.call.id']).to.equal(`call-${accountId}`);
      expect(ours[0]!.attributes['hedera_agent_hooks.call.id']).to.match(/^[0-9a-f-]{36}$/);
    }
  });

  it('names the span by the tool call ID LangChain passes in the config when the input is the bare args, and by none when there is no tool call', async () => {
    const [tool] = new HederaLangchainToolkit(kit, { tools: ['transfer_hbar_tool'] }).getTools();
    const args = { transfers: [{ accountId: accounts[0]!, amount: 1 }] };
    await tool!.invoke(args, { toolCall: { id: 'call-from-config', name: 'transfer_hbar_tool', args, type: 'tool_call' } });
    expect(otel.span('execute_tool transfer_hbar_tool').attributes['gen_ai.tool.call.id']).to.equal('call-from-config');
    otel.exporter.reset();
    await tool!.invoke(args);
    const bare = otel.span('execute_tool transfer_hbar_tool');
    expect(bare.attributes).to.not.have.property('gen_ai.tool.call.id');
    expect(bare.attributes['hedera_agent_hooks.call.id']).to.match(/^[0-9a-f-]{36}$/);
  });

  it('makes a root span of the call when nothing is active, rather than join another run', async () => {
    await agentFor(accounts[0]!).invoke([new HumanMessage('pay')]);
    const ours = otel.span('execute_tool transfer_hbar_tool');
    expect(ours.parentSpanContext).to.equal(undefined);
  });
});
