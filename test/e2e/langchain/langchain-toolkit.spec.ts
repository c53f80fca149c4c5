import { expect } from 'chai';
import { AIMessageChunk, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { FakeStreamingChatModel } from '@langchain/core/utils/testing';
import { HederaLangchainToolkit } from '../../../src/adapters/langchain/langchain-toolkit.js';
import { agentDevnetWorld } from '../../support/agent-devnet-world.js';

describe('LangChain agent loop through the toolkit, on the devnet', () => {
  const world = agentDevnetWorld();

  /** One agent turn: the scripted model answers with tool calls, each runs through the toolkit. */
  async function agentTurn(scripted: AIMessageChunk): Promise<ToolMessage[]> {
    const toolkit = new HederaLangchainToolkit(world.kit, { tools: ['transfer_hbar_tool'] });
    const model = new FakeStreamingChatModel({ chunks: [scripted] }).bindTools(toolkit.getTools());
    const history: BaseMessage[] = [new HumanMessage('pay people')];
    const reply = await model.invoke(history);
    const toolsByName = new Map(toolkit.getTools().map((tool) => [tool.name, tool]));
    const results: ToolMessage[] = [];
    for (const call of reply.tool_calls ?? []) results.push((await toolsByName.get(call.name)!.invoke({ ...call, type: 'tool_call' })) as ToolMessage);
    return results;
  }

  it('executes an allowed tool call from the model on the devnet', async () => {
    const [alice] = world.accounts as [string];
    const before = await world.balanceOf(alice);
    const [message] = await agentTurn(
      new AIMessageChunk({ content: '', tool_calls: [{ id: 'call-ok', name: 'transfer_hbar_tool', args: { transfers: [{ accountId: alice, amount: 3 }] } }] }),
    );
    expect(message).to.be.instanceOf(ToolMessage);
    expect(message!.tool_call_id).to.equal('call-ok');
    expect(message!.status).to.equal('success');
    expect(message!.artifact.raw).to.deep.include({ status: 'SUCCESS' });
    expect(message!.artifact.raw.transactionId).to.match(/^0\.0\.2@/);
    // The model reads the kit's sentence, which names the transaction, not a JSON document.
    expect(message!.content).to.equal(message!.artifact.humanMessage).and.to.contain(message!.artifact.raw.transactionId);
    expect((await world.balanceOf(alice)) - before).to.equal(300_000_000n);
  });

  it('returns the policy message to the model for a blocked call, and nothing moves', async () => {
    const before = await Promise.all(world.accounts.map(world.balanceOf));
    const [message] = await agentTurn(
      new AIMessageChunk({
        content: '',
        tool_calls: [{ id: 'call-blocked', name: 'transfer_hbar_tool', args: { transfers: world.accounts.map((accountId) => ({ accountId, amount: 1 })) } }],
      }),
    );
    expect(message!.status).to.equal('error');
    expect(message!.artifact.raw.blockedBy.policy).to.equal('Max Recipients Policy');
    expect(message!.content).to.contain('3 recipients exceed the maximum of 2').and.to.contain('retrying the same request will not help');
    expect(await Promise.all(world.accounts.map(world.balanceOf))).to.deep.equal(before);
  });
});
