// Compiled by test/integration/docs/readme-examples.spec.ts. Above the marker: what the README sample
// assumes its reader already has (an operator client, an AI SDK language model such as
// openai('gpt-4o')); below it: the sample exactly as README.md shows it.
import type { Client } from '@hiero-ledger/sdk';
import type { LanguageModel } from 'ai';

declare const client: Client;
declare const model: LanguageModel;

// ---- README.md sample (verbatim below this line) ----
import { generateText, stepCountIs } from 'ai';
import { createAgentKit } from 'hedera-agent-hooks';
import { HederaAIToolkit } from 'hedera-agent-hooks/ai-sdk';
import { MaxRecipientsPolicy } from 'hedera-agent-hooks/policies';

const kit = await createAgentKit({ client, context: { hooks: [new MaxRecipientsPolicy(5)] } });
const tools = new HederaAIToolkit(kit, { tools: ['transfer_hbar_tool'] }).getTools();
const { text, steps } = await generateText({ model, tools, prompt: 'Send 1 HBAR to 0.0.98', stopWhen: stepCountIs(3) });
const [paid] = steps[0]!.toolResults;   // paid.output is the kit's result: { raw: { status, transactionId, … }, humanMessage }
