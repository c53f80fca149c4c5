// Compiled by test/integration/docs/readme-examples.spec.ts. Above the marker: what the README sample
// assumes its reader already has (an operator client); below it: the sample exactly as README.md shows it.
import type { Client } from '@hiero-ledger/sdk';

declare const client: Client;

// ---- README.md sample (verbatim below this line) ----
import { loadPlugins } from 'hedera-agent-hooks';
import { HederaLangchainToolkit } from 'hedera-agent-hooks/langchain';
import { MaxRecipientsPolicy } from 'hedera-agent-hooks/policies';

const plugins = (await loadPlugins()).map(({ plugin }) => plugin);
const toolkit = new HederaLangchainToolkit({
  client,
  configuration: { plugins, tools: ['transfer_hbar_tool'], context: { hooks: [new MaxRecipientsPolicy(5)] } },
});
const tools = toolkit.getTools();   // toolkit.kit is the kit it built from the configuration
