import { expect } from 'chai';
import { generateText, stepCountIs } from 'ai';
import { HederaAIToolkit } from '../../../src/adapters/ai-sdk/ai-sdk-toolkit.js';
import { agentDevnetWorld } from '../../support/agent-devnet-world.js';
import { scriptedModel, text, toolCall, toolResultsSentIn } from '../../support/scripted-language-model.js';

describe('AI SDK generateText through the toolkit, on the devnet', () => {
  const world = agentDevnetWorld();

  /** An agent run: the scripted model calls tools in its first step and sums up in its second. */
  async function agentRun(...calls: ReturnType<typeof toolCall>[]) {
    const model = scriptedModel(calls, [text('done')]);
    const tools = new HederaAIToolkit(world.kit, { tools: ['transfer_hbar_tool', 'get_hbar_balance_query_tool'] }).getTools();
    const result = await generateText({ model, tools, prompt: 'pay people', stopWhen: stepCountIs(3) });
    return { result, model };
  }

  it('executes a transfer the model asks for, and the model reads the transaction ID', async () => {
    const [alice] = world.accounts as [string];
    const before = await world.balanceOf(alice);
    const { result, model } = await agentRun(toolCall('call-pay', 'transfer_hbar_tool', { transfers: [{ accountId: alice, amount: 3 }] }));
    const [paid] = result.steps[0]!.toolResults;
    expect(paid!.output.raw, paid!.output.humanMessage).to.deep.include({ status: 'SUCCESS' });
    expect(paid!.output.raw.transactionId).to.match(/^0\.0\.2@/);
    expect((await world.balanceOf(alice)) - before).to.equal(300_000_000n);
    const [sent] = toolResultsSentIn(model.doGenerateCalls[1]!);
    expect(sent).to.deep.include({ toolCallId: 'call-pay', toolName: 'transfer_hbar_tool' });
    expect(sent!.output).to.deep.equal({ type: 'json', value: paid!.output });
    expect(result.text).to.equal('done');
  });

  it('returns a blocked transfer as a tool result with the reason, and nothing moves', async () => {
    const before = await Promise.all(world.accounts.map(world.balanceOf));
    const { result, model } = await agentRun(toolCall('call-wide', 'transfer_hbar_tool', { transfers: world.accounts.map((accountId) => ({ accountId, amount: 1 })) }));
    const [blocked] = result.steps[0]!.toolResults;
    expect(blocked!.output.raw.blockedBy).to.deep.include({ policy: 'Max Recipients Policy', stage: 'postParamsNormalization' });
    expect(blocked!.output.humanMessage).to.contain('3 recipients exceed the maximum of 2').and.to.contain('retrying the same request will not help');
    expect(toolResultsSentIn(model.doGenerateCalls[1]!)[0]!.output.type).to.equal('error-json');
    expect(await Promise.all(world.accounts.map(world.balanceOf))).to.deep.equal(before);
  });

  it('runs parallel calls in one step, each through the policies on its own', async () => {
    const [alice, bob] = world.accounts as [string, string];
    const before = await world.balanceOf(bob);
    const { result } = await agentRun(
      toolCall('call-balance', 'get_hbar_balance_query_tool', { accountId: alice }),
      toolCall('call-bob', 'transfer_hbar_tool', { transfers: [{ accountId: bob, amount: 1 }] }),
    );
    const byId = new Map(result.steps[0]!.toolResults.map((entry) => [entry.toolCallId, entry.output]));
    expect(byId.get('call-balance')!.raw).to.deep.include({ status: 'SUCCESS', accountId: alice, tinybars: String(await world.balanceOf(alice)) });
    expect(byId.get('call-bob')!.raw.status).to.equal('SUCCESS');
    expect((await world.balanceOf(bob)) - before).to.equal(100_000_000n);
  });
});
