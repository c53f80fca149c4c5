import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { createAgentKit } from 'hedera-agent-hooks';
import { HederaAIToolkit } from 'hedera-agent-hooks/ai-sdk';
import { startDevnet } from 'hedera-agent-hooks/devnet';
import { SpendLimitPolicy } from 'hedera-agent-hooks/policies';

const net = await startDevnet();
const { accountId } = await net.createAccount({ hbar: 0 });
const budget = new SpendLimitPolicy({ hbar: 5, windowMs: 86_400_000, per: 'context.userId' });
const kit = await createAgentKit({ client: net.client(), mirrorNodeUrl: net.mirrorUrl, context: { hooks: [budget] } });
const tools = new HederaAIToolkit(kit, { tools: ['transfer_hbar_tool'] }).getTools();

// Any AI SDK model; the AI SDK's test model here, offline: it asks for the transfer, then says "Done.".
const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
const payingModel = (amount: number) =>
  new MockLanguageModelV3({
    doGenerate: async ({ prompt }) =>
      prompt.some((message) => message.role === 'tool')
        ? { content: [{ type: 'text', text: 'Done.' }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] }
        : { content: [{ type: 'tool-call', toolCallId: `call-${amount}`, toolName: 'transfer_hbar_tool', input: JSON.stringify({ transfers: [{ accountId, amount }] }) }], finishReason: { unified: 'tool-calls', raw: undefined }, usage, warnings: [] },
  });
// Each run says whose it is in experimental_context; every tool call of the run is that user's.
const pay = async (userId: string, amount: number) =>
  (await generateText({ model: payingModel(amount), tools, prompt: `Send ${amount} HBAR`, stopWhen: stepCountIs(3), experimental_context: { userId } })).steps[0]!.toolResults[0]!.output.raw.status;
console.log(await pay('alice', 4), await pay('bob', 4), await pay('alice', 2)); // SUCCESS SUCCESS ERROR: alice's budget has 1 HBAR left
await kit.close();
await net.stop();
