import { Agent, run, setTracingDisabled, Usage, type Model, type ModelRequest } from '@openai/agents';
import { createAgentKit } from 'hedera-agent-hooks';
import { startDevnet } from 'hedera-agent-hooks/devnet';
import { HederaAgentsToolkit } from 'hedera-agent-hooks/openai-agents';
import { SpendLimitPolicy } from 'hedera-agent-hooks/policies';

setTracingDisabled(true); // this sample has no OpenAI key to send traces with
const net = await startDevnet();
const { accountId } = await net.createAccount({ hbar: 0 });
const budget = new SpendLimitPolicy({ hbar: 5, windowMs: 86_400_000, per: 'context.userId' });
const kit = await createAgentKit({ client: net.client(), mirrorNodeUrl: net.mirrorUrl, context: { hooks: [budget] } });

// Any Agents SDK model (e.g. 'gpt-5-mini' with OPENAI_API_KEY set). This one runs offline: it asks for
// the transfer its user message names, then repeats what the tool returned.
const model: Model = {
  async getResponse(request: ModelRequest) {
    const items = request.input as { type?: string; role?: string; content?: string; output?: string | { text: string } }[];
    const result = items.find((item) => item.type === 'function_call_result');
    const amount = Number(items.find((item) => item.role === 'user')?.content);
    const output = result
      ? [{ type: 'message' as const, role: 'assistant' as const, status: 'completed' as const, content: [{ type: 'output_text' as const, text: typeof result.output === 'string' ? result.output : result.output!.text }] }]
      : [{ type: 'function_call' as const, callId: `call-${amount}`, name: 'transfer_hbar_tool', arguments: JSON.stringify({ transfers: [{ accountId, amount }] }) }];
    return { usage: new Usage(), output };
  },
  getStreamedResponse: () => { throw new Error('not streamed'); },
};
const agent = new Agent({ name: 'payer', instructions: 'Pay as asked.', model, tools: new HederaAgentsToolkit(kit, { tools: ['transfer_hbar_tool'] }).getTools() });
// Each run names its user in its context; the tools read runContext.context, never the model's arguments.
const pay = async (userId: string, amount: number) => JSON.parse(String((await run(agent, String(amount), { context: { userId } })).finalOutput)).raw.status;
console.log(await pay('alice', 4), await pay('bob', 4), await pay('alice', 2)); // SUCCESS SUCCESS ERROR: alice's budget has 1 HBAR left
await kit.close();
await net.stop();
