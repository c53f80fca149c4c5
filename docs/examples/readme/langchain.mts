// Compiled by test/integration/docs/readme-examples.spec.ts. Above the marker: what the README sample
// assumes its reader already has (an operator client, a chat model, LangChain's createAgent); below
// it: the sample exactly as README.md shows it.
import type { Client } from '@hiero-ledger/sdk';
import type { StructuredToolInterface } from '@langchain/core/tools';

declare const client: Client;
declare const model: unknown;
declare function createAgent(options: { model: unknown; tools: StructuredToolInterface[] }): unknown;

// ---- README.md sample (verbatim below this line) ----
import { createAgentKit } from 'hedera-agent-hooks';
import { HederaLangchainToolkit } from 'hedera-agent-hooks/langchain';
import { MaxRecipientsPolicy } from 'hedera-agent-hooks/policies';

const kit = await createAgentKit({ client, context: { hooks: [new MaxRecipientsPolicy(5)] } });
const tools = new HederaLangchainToolkit(kit, { tools: ['transfer_hbar_tool'] }).getTools();
const agent = createAgent({ model, tools });   // createAgent from 'langchain', or model.bindTools(tools) in your own loop
