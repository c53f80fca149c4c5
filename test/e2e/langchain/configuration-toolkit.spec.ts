import { expect } from 'chai';
import { AccountBalanceQuery, type Client } from '@hiero-ledger/sdk';
import { AIMessageChunk, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { FakeStreamingChatModel } from '@langchain/core/utils/testing';
import { HederaLangchainToolkit } from '../../../src/adapters/langchain/langchain-toolkit.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import type { Plugin } from '../../../src/plugins/plugin-contract.js';
import { loadPlugins } from '../../../src/plugins/plugin-loader.js';
import { MaxRecipientsPolicy } from '../../../src/policies/max-recipients-policy.js';

/**
 * The Hedera Agent Kit's toolkit constructor, `new HederaLangchainToolkit({ client, configuration })`,
 * with this project's core plugins, driven from LangChain's side (`tool.invoke`) on the devnet.
 */
describe('LangChain toolkit built from { client, configuration }, on the devnet', () => {
  let devnet: Devnet;
  let client: Client;
  let plugins: Plugin[];
  let toolkit: HederaLangchainToolkit;
  let accounts: string[];

  before(async () => {
    devnet = await startDevnet();
    client = devnet.client();
    plugins = (await loadPlugins()).map(({ plugin }) => plugin);
    accounts = (await Promise.all([1, 2, 3].map(() => devnet.createAccount({ hbar: 1 })))).map((account) => account.accountId);
    toolkit = new HederaLangchainToolkit({
      client,
      configuration: {
        plugins,
        tools: ['transfer_hbar_tool', 'get_hbar_balance_query_tool'],
        context: { accountId: devnet.operatorId, mirrorNodeUrl: devnet.mirrorUrl, hooks: [new MaxRecipientsPolicy(2)] },
      },
    });
  });

  after(async () => {
    await toolkit?.kit.close();
    await devnet?.stop();
  });

  const toolNamed = (name: string) => toolkit.getTools().find((tool) => tool.name === name)!;
  const tinybarsOf = async (accountId: string): Promise<bigint> =>
    BigInt((await new AccountBalanceQuery().setAccountId(accountId).execute(client)).hbars.toTinybars().toString());

  it('offers only the configured tools of the plugins given', () => {
    expect(toolkit.getTools().map((tool) => tool.name)).to.have.members(['transfer_hbar_tool', 'get_hbar_balance_query_tool']);
  });

  it('sends a transfer a model asks for through a tool call, and the HBAR arrive', async () => {
    const [alice] = accounts as [string];
    const before = await tinybarsOf(alice);
    const model = new FakeStreamingChatModel({
      chunks: [new AIMessageChunk({ content: '', tool_calls: [{ id: 'call-pay', name: 'transfer_hbar_tool', args: { transfers: [{ accountId: alice, amount: 2 }] } }] })],
    }).bindTools(toolkit.getTools());
    const [call] = (await model.invoke([new HumanMessage('pay alice 2 HBAR')])).tool_calls!;
    const message = (await toolNamed(call!.name).invoke({ ...call!, type: 'tool_call' })) as ToolMessage;
    expect(message.status).to.equal('success');
    const raw = message.artifact.raw;
    expect(raw.status).to.equal('SUCCESS');
    expect(raw.transactionId).to.be.a('string');
    expect((await tinybarsOf(alice)) - before).to.equal(200_000_000n);
  });

  it('blocks a call the context\'s policy refuses, and nothing moves', async () => {
    const before = await Promise.all(accounts.map(tinybarsOf));
    const message = (await toolNamed('transfer_hbar_tool').invoke({
      type: 'tool_call', id: 'call-wide', name: 'transfer_hbar_tool', args: { transfers: accounts.map((accountId) => ({ accountId, amount: 1 })) },
    })) as ToolMessage;
    expect(message.status).to.equal('error');
    expect(message.artifact.raw.blockedBy).to.deep.include({ policy: 'Max Recipients Policy' });
    expect(message.content).to.contain('3 recipients exceed the maximum of 2');
    expect(await Promise.all(accounts.map(tinybarsOf))).to.deep.equal(before);
  });

  it('answers a balance query from the mirror node of the context', async () => {
    const [, bob] = accounts as [string, string];
    const message = (await toolNamed('get_hbar_balance_query_tool').invoke({ type: 'tool_call', id: 'call-balance', name: 'get_hbar_balance_query_tool', args: { accountId: bob } })) as ToolMessage;
    expect(message.artifact.raw).to.deep.include({ status: 'SUCCESS', accountId: bob, tinybars: String(await tinybarsOf(bob)) });
  });
});
