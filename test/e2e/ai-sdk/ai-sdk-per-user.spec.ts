import { expect } from 'chai';
import { generateText, stepCountIs } from 'ai';
import { HederaAIToolkit } from '../../../src/adapters/ai-sdk/ai-sdk-toolkit.js';
import { kitAiSdkTool } from '../../../src/adapters/ai-sdk/kit-ai-sdk-tool.js';
import { scriptedModel, text, toolCall } from '../../support/scripted-language-model.js';
import { expectBudgetsKeptApart, twoUsersWorld } from '../../support/two-users-world.js';

/**
 * One toolkit, one kit, two users: the kit keeps a 5 HBAR budget per `context.userId`, and each
 * `generateText` says whose run it is in `experimental_context`, which the AI SDK hands each tool.
 */
describe('AI SDK generateText serving two users through one kit, on the devnet', function () {
  this.timeout(120_000);
  const world = twoUsersWorld();

  /** One generateText run for `context`: the scripted model pays `amount`, then answers. */
  async function runFor(context: unknown, callId: string, amount: number) {
    const model = scriptedModel([toolCall(callId, 'transfer_hbar_tool', { transfers: [{ accountId: world.recipient, amount }] })], [text('done')]);
    const tools = new HederaAIToolkit(world.kit, { tools: ['transfer_hbar_tool'] }).getTools();
    const result = await generateText({ model, tools, prompt: 'pay', stopWhen: stepCountIs(3), experimental_context: context });
    return result.steps[0]!.toolResults[0]!.output;
  }

  it("keeps each user's budget apart and names the user and the model's call ID on the audit topic", async () => {
    // What else the application keeps in its context (a client, a secret) stays out of the kit.
    const alice = await runFor({ userId: 'alice', apiKey: 'sk-not-for-the-kit', db: { query: () => undefined } }, 'ai-alice-1', 4);
    const bob = await runFor({ userId: 'bob' }, 'ai-bob-1', 4);
    expect(alice.raw.status, alice.humanMessage).to.equal('SUCCESS');
    expect(bob.raw.status, bob.humanMessage).to.equal('SUCCESS');
    const over = await runFor({ userId: 'alice' }, 'ai-alice-2', 2);
    expect(over.raw.blockedBy).to.deep.include({ policy: 'Spend Limit Policy' });
    expect(over.humanMessage).to.contain('alice').and.to.contain('1 HBAR left');

    await expectBudgetsKeptApart(world, { alice: ['executed', 'blocked'], bob: ['executed'] });
    const entries = await world.callEntries();
    expect(entries.map((entry) => entry.toolCallId)).to.deep.equal(['ai-alice-1', 'ai-bob-1', 'ai-alice-2']);
    expect(JSON.stringify(entries)).to.not.contain('sk-not-for-the-kit');
  });

  it('reads the context under its later name, `context`, too', async () => {
    const [description] = world.kit.listTools().filter((tool) => tool.method === 'get_hbar_balance_query_tool');
    const balance = kitAiSdkTool(world.kit, description!);
    const output = await balance.execute!({ accountId: world.recipient }, { toolCallId: 'ai-carol-1', messages: [], context: { userId: 'carol' } } as never);
    expect((output as { raw: { status: string } }).raw.status).to.equal('SUCCESS');
    const entries = await world.callEntries();
    expect(entries.find((entry) => entry.toolCallId === 'ai-carol-1')?.principal).to.deep.equal({ userId: 'carol' });
  });
});
