import { expect } from 'chai';
import { AccountBalanceQuery, type Client } from '@hiero-ledger/sdk';
import { AIMessageChunk, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { FakeStreamingChatModel } from '@langchain/core/utils/testing';
import { HederaLangchainToolkit } from '../../../src/adapters/langchain/langchain-toolkit.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { MaxRecipientsPolicy } from '../../../src/policies/max-recipients-policy.js';

describe('LangChain agent loop through the toolkit, on the devnet', () => {
  let devnet: Devnet;
  let client: Client;
  let kit: AgentKit;
  let accounts: string[];

  before(async () => {
    devnet = await startDevnet();
    client = devnet.client();
    accounts = (await Promise.all([1, 2, 3].map(() => devnet.createAccount({ hbar: 1 })))).map((account) => account.accountId);
    kit = await createAgentKit({
      client,
      context: { accountId: devnet.operatorId },
      hooks: [new MaxRecipientsPolicy(2)],
      mirrorNodeUrl: devnet.mirrorUrl,
    });
  });

  after(async () => {
    await kit?.close();
    await devnet?.stop();
  });

  const balanceOf = async (accountId: string): Promise<bigint> =>
    BigInt((await new AccountBalanceQuery().setAccountId(accountId).execute(client)).hbars.toTinybars().toString());

  /** One agent turn: the scripted model answers with tool calls, each runs through the toolkit. */
  async function agentTurn(scripted: AIMessageChunk): Promise<ToolMessage[]> {
    const toolkit = new HederaLangchainToolkit(kit, { tools: ['transfer_hbar_tool'] });
    const model = new FakeStreamingChatModel({ chunks: [scripted] }).bindTools(toolkit.getTools());
    const history: BaseMessage[] = [new HumanMessage('pay people')];
    const reply = await model.invoke(history);
    const toolsByName = new Map(toolkit.getTools().map((tool) => [tool.name, tool]));
    const results: ToolMessage[] = [];
    for (const call of reply.tool_calls ?? []) results.push((await toolsByName.get(call.name)!.invoke({ ...call, type: 'tool_call' })) as ToolMessage);
    return results;
  }

  it('executes an allowed tool call from the model on the devnet', async () => {
    const [alice] = accounts as [string];
    const before = await balanceOf(alice);
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
    expect((await balanceOf(alice)) - before).to.equal(300_000_000n);
  });

  it('returns the policy message to the model for a blocked call, and nothing moves', async () => {
    const before = await Promise.all(accounts.map(balanceOf));
    const [message] = await agentTurn(
      new AIMessageChunk({
        content: '',
        tool_calls: [{ id: 'call-blocked', name: 'transfer_hbar_tool', args: { transfers: accounts.map((accountId) => ({ accountId, amount: 1 })) } }],
      }),
    );
    expect(message!.status).to.equal('error');
    expect(message!.artifact.raw.blockedBy.policy).to.equal('Max Recipients Policy');
    expect(message!.content).to.contain('3 recipients exceed the maximum of 2').and.to.contain('retrying the same request will not help');
    expect(await Promise.all(accounts.map(balanceOf))).to.deep.equal(before);
  });
});
