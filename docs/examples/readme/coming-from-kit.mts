// Compiled by test/integration/docs/readme-examples.spec.ts. Above the marker: what the README sample
// assumes its reader already has (an operator client, a mirror node URL); below it: the sample
// exactly as README.md shows it.
import type { Client } from '@hiero-ledger/sdk';

declare const client: Client;
declare const mirrorNodeUrl: string;

// ---- README.md sample (verbatim below this line) ----
import { createAgentKit } from 'hedera-agent-hooks';
import { coreAccountPlugin } from '@hashgraph/hedera-agent-kit/plugins'; // its plugins, unchanged
import { MaxRecipientsPolicy } from '@hashgraph/hedera-agent-kit/policies'; // its policies, unchanged

const kit = await createAgentKit({
  client,
  pluginsDir: null, // only the plugins given, as that kit loads them
  plugins: [coreAccountPlugin],
  mirrorNodeUrl, // e.g. 'https://testnet.mirrornode.hedera.com'
  context: { hooks: [new MaxRecipientsPolicy(5)] },
});
