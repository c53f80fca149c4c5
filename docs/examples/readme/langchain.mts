import { createAgentKit } from 'hedera-agent-hooks';
import { startDevnet } from 'hedera-agent-hooks/devnet';
import { HederaLangchainToolkit } from 'hedera-agent-hooks/langchain';
import { MaxRecipientsPolicy } from 'hedera-agent-hooks/policies';

const net = await startDevnet();
const kit = await createAgentKit({ client: net.client(), context: { hooks: [new MaxRecipientsPolicy(5)] } });
const tools = new HederaLangchainToolkit(kit, { tools: ['transfer_hbar_tool'] }).getTools();
// An agent takes them as they are: createAgent({ model, tools }) from 'langchain', or model.bindTools(tools).
// Here the tool call a model would make, made by hand:
const message = await tools[0]!.invoke({ type: 'tool_call', id: 'call-1', name: 'transfer_hbar_tool', args: { transfers: [{ accountId: '0.0.98', amount: 1 }] } });
console.log(message.content);                    // the sentence the model reads
console.log(message.artifact.raw.transactionId);  // the whole result, for the app
await kit.close();
await net.stop();
