import { expect } from 'chai';
import { Agent, run, setTracingDisabled } from '@openai/agents';
import { HederaAgentsToolkit } from '../../../src/adapters/openai-agents/agents-toolkit.js';
import { toolCallingModel, toolOutputsIn } from '../../support/scripted-agents-model.js';
import { expectBudgetsKeptApart, twoUsersWorld } from '../../support/two-users-world.js';

/**
 * One toolkit, one kit, two users: the kit keeps a 5 HBAR budget per `context.userId`, and the
 * Agents SDK's own runner (`run`) hands each tool the run's context. The model is scripted: it makes
 * the call its user message spells out, then answers with what the tool returned.
 */
describe('OpenAI Agents SDK runs serving two users through one kit, on the devnet', function () {
  this.timeout(120_000);
  const world = twoUsersWorld();
  // No run may try to export traces to OpenAI's servers.
  before(() => setTracingDisabled(true));

  async function runFor(context: unknown, callId: string, amount: number) {
    const toolkit = new HederaAgentsToolkit(world.kit, { tools: ['transfer_hbar_tool'] });
    const model = toolCallingModel();
    const agent = new Agent({ name: 'payer', instructions: 'Pay as asked.', model, tools: toolkit.getTools() });
    const result = await run(agent, JSON.stringify({ name: 'transfer_hbar_tool', args: { transfers: [{ accountId: world.recipient, amount }] }, callId }), { context });
    // What the model read of its call is the tool result, JSON it parses.
    const read = toolOutputsIn(model.requests.at(-1)!).get(callId)!;
    return { result, read: JSON.parse(read) as { raw: Record<string, any>; humanMessage: string } };
  }

  it("keeps each user's budget apart, returns a block as a result the model reads, and names the user on the audit topic", async () => {
    const alice = await runFor({ userId: 'alice', openaiClient: { secret: 'not-for-the-kit' } }, 'oa-alice-1', 4);
    const bob = await runFor({ userId: 'bob' }, 'oa-bob-1', 4);
    expect(alice.read.raw.status, alice.read.humanMessage).to.equal('SUCCESS');
    expect(bob.read.raw.status, bob.read.humanMessage).to.equal('SUCCESS');
    const over = await runFor({ userId: 'alice' }, 'oa-alice-2', 2);
    expect(over.read.raw.blockedBy.policy).to.equal('Spend Limit Policy');
    expect(over.read.humanMessage).to.contain('alice').and.to.contain('1 HBAR left');
    // The run went on after the block: the model answered with what it read.
    expect(over.result.finalOutput).to.contain('Spend Limit Policy');

    await expectBudgetsKeptApart(world, { alice: ['executed', 'blocked'], bob: ['executed'] });
    const entries = await world.callEntries();
    expect(entries.map((entry) => entry.toolCallId)).to.deep.equal(['oa-alice-1', 'oa-bob-1', 'oa-alice-2']);
    expect(JSON.stringify(entries)).to.not.contain('not-for-the-kit');
  });
});
