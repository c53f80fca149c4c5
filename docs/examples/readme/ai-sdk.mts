import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { createAgentKit } from 'hedera-agent-hooks';
import { HederaAIToolkit } from 'hedera-agent-hooks/ai-sdk';
import { startDevnet } from 'hedera-agent-hooks/devnet';
import { MaxRecipientsPolicy } from 'hedera-agent-hooks/policies';

// Any AI SDK model, e.g. openai('gpt-5-mini') from '@ai-sdk/openai'. This one, the AI SDK's test
// model, runs offline: it asks for the transfer, then answers once it sees the result.
const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
const model = new MockLanguageModelV3({
  doGenerate: async ({ prompt }) =>
    prompt.some((message) => message.role === 'tool')
      ? { content: [{ type: 'text', text: 'Sent.' }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] }
      : { content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'transfer_hbar_tool', input: '{"transfers":[{"accountId":"0.0.98","amount":1}]}' }], finishReason: { unified: 'tool-calls', raw: undefined }, usage, warnings: [] },
});

const net = await startDevnet();
const kit = await createAgentKit({ client: net.client(), context: { hooks: [new MaxRecipientsPolicy(5)] } });
const tools = new HederaAIToolkit(kit, { tools: ['transfer_hbar_tool'] }).getTools();
const { text, steps } = await generateText({ model, tools, prompt: 'Send 1 HBAR to 0.0.98', stopWhen: stepCountIs(3) });
const [paid] = steps[0]!.toolResults;   // paid.output is the kit's result: { raw: { status, transactionId, … }, humanMessage }
console.log(text, paid?.output.raw.status, paid?.output.raw.transactionId);
await kit.close();
await net.stop();
