// Compiled by test/integration/docs/readme-examples.spec.ts. Above the marker: what the README sample
// assumes its reader already has; below it: the sample exactly as README.md shows it.
import type { Client } from '@hiero-ledger/sdk';

declare const client: Client;
declare const auditTopicId: string;   // an HCS topic the operator may submit to

// ---- README.md sample (verbatim below this line) ----
import { createAgentKit } from 'hedera-agent-hooks';
import { HcsAuditTrailHook } from 'hedera-agent-hooks/hooks';
import { MaxRecipientsPolicy, RejectToolPolicy } from 'hedera-agent-hooks/policies';

const kit = await createAgentKit({
  client,                                   // an @hiero-ledger/sdk Client with an operator
  context: {
    hooks: [
      new HcsAuditTrailHook(['transfer_hbar_tool'], auditTopicId),   // a topic your operator may submit to
      new MaxRecipientsPolicy(5),
      new RejectToolPolicy(['delete_account_tool']),
    ],
  },
});
const result = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.98', amount: 1 }] });
