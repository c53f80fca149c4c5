import { createAgentKit } from 'hedera-agent-hooks';
import { startDevnet } from 'hedera-agent-hooks/devnet';
import { HederaLangchainToolkit } from 'hedera-agent-hooks/langchain';
import { SpendLimitPolicy } from 'hedera-agent-hooks/policies';

const net = await startDevnet();
const { accountId } = await net.createAccount({ hbar: 0 });
// One kit for every user: 5 HBAR a day each, keyed on the user each call runs for.
const budget = new SpendLimitPolicy({ hbar: 5, windowMs: 86_400_000, per: 'context.userId' });
const kit = await createAgentKit({ client: net.client(), mirrorNodeUrl: net.mirrorUrl, context: { hooks: [budget] } });
const [transfer] = new HederaLangchainToolkit(kit, { tools: ['transfer_hbar_tool'] }).getTools();
// Your server names the user in the config; an agent passes its config on (agent.invoke(input, { configurable }),
// or a v1 agent's { context }). The model's tool call carries only the arguments.
const pay = (userId: string, id: string, amount: number) =>
  transfer!.invoke({ type: 'tool_call', id, name: 'transfer_hbar_tool', args: { transfers: [{ accountId, amount }] } }, { configurable: { userId } });
console.log((await pay('alice', 'call-1', 4)).artifact.raw.status, (await pay('bob', 'call-2', 4)).artifact.raw.status); // SUCCESS SUCCESS
console.log((await pay('alice', 'call-3', 2)).content); // alice's budget: 1 HBAR left, so blocked
await kit.close();
await net.stop();
