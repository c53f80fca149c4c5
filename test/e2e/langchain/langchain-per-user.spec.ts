import { expect } from 'chai';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { createAgent } from 'langchain';
import { z } from 'zod';
import { HederaLangchainToolkit } from '../../../src/adapters/langchain/langchain-toolkit.js';
import { expectBudgetsKeptApart, twoUsersWorld } from '../../support/two-users-world.js';

/**
 * One toolkit, one kit, two users: the kit keeps a 5 HBAR budget per `context.userId`, and LangChain
 * says whose call each is, in the tool's config (`configurable`) or, in a v1 agent, its `context`.
 */
describe('LangChain tools serving two users through one kit, on the devnet', function () {
  this.timeout(120_000);

  describe('when the tools are invoked with a config naming the user', () => {
    const world = twoUsersWorld();

    it("keeps each user's budget apart, names the user on the audit topic, and the model's arguments cannot name another", async () => {
      const [transfer] = new HederaLangchainToolkit(world.kit, { tools: ['transfer_hbar_tool'] }).getTools();
      const pay = (user: string, id: string, amount: number, extraArgs: Record<string, unknown> = {}) =>
        transfer!.invoke({ type: 'tool_call', id, name: 'transfer_hbar_tool', args: { transfers: [{ accountId: world.recipient, amount }], ...extraArgs } }, { configurable: { userId: user, thread_id: `thread-${user}` } }) as Promise<ToolMessage>;

      const alice = await pay('alice', 'lc-alice-1', 4);
      const bob = await pay('bob', 'lc-bob-1', 4);
      expect(alice.artifact.raw.status, alice.content as string).to.equal('SUCCESS');
      expect(bob.artifact.raw.status, bob.content as string).to.equal('SUCCESS');
      const over = await pay('alice', 'lc-alice-2', 2);
      expect(over.status).to.equal('error');
      expect(over.artifact.raw.blockedBy.policy).to.equal('Spend Limit Policy');
      expect(over.content).to.contain('alice').and.to.contain('1 HBAR left');
      // A model that writes a user into its arguments gets its input refused; the budget is still the config's.
      const forged = await pay('alice', 'lc-alice-3', 1, { userId: 'carol' });
      expect(forged.artifact.raw.status).to.equal('ERROR');
      expect(forged.artifact.raw.errorCode, JSON.stringify(forged.artifact.raw)).to.equal('E_INVALID_PARAMS');

      await expectBudgetsKeptApart(world, { alice: ['executed', 'blocked', 'failed'], bob: ['executed'] });
      const entries = await world.callEntries();
      expect(entries.map((entry) => entry.toolCallId)).to.deep.equal(['lc-alice-1', 'lc-bob-1', 'lc-alice-2', 'lc-alice-3']);
    });
  });

  describe('when a v1 agent (createAgent with a contextSchema) runs for each user', () => {
    const world = twoUsersWorld();

    it("runs each tool call for the user of the agent's context, and keeps their budgets apart", async () => {
      const tools = new HederaLangchainToolkit(world.kit, { tools: ['transfer_hbar_tool'] }).getTools();
      const runFor = async (user: string, id: string, amount: number) => {
        const model = fakeModel()
          .respondWithTools([{ id, name: 'transfer_hbar_tool', args: { transfers: [{ accountId: world.recipient, amount }] } }])
          .respond(new AIMessage('done'));
        const agent = createAgent({ model, tools, contextSchema: z.object({ userId: z.string() }) });
        const state = await agent.invoke({ messages: [new HumanMessage(`pay ${amount} HBAR`)] }, { context: { userId: user } });
        return state.messages.find((message): message is ToolMessage => ToolMessage.isInstance(message))!;
      };

      expect((await runFor('alice', 'agent-alice-1', 4)).artifact.raw.status).to.equal('SUCCESS');
      expect((await runFor('bob', 'agent-bob-1', 4)).artifact.raw.status).to.equal('SUCCESS');
      const over = await runFor('alice', 'agent-alice-2', 2);
      expect(over.status).to.equal('error');
      expect(over.content).to.contain('alice').and.to.contain('1 HBAR left');

      await expectBudgetsKeptApart(world, { alice: ['executed', 'blocked'], bob: ['executed'] });
      expect((await world.callEntries()).map((entry) => entry.toolCallId)).to.deep.equal(['agent-alice-1', 'agent-bob-1', 'agent-alice-2']);
    });
  });
});
