// Compiled by test/integration/docs/readme-examples.spec.ts. Above the marker: what the README sample
// assumes its reader already has; below it: the sample exactly as README.md shows it.
import type { Client } from '@hiero-ledger/sdk';

declare const client: Client;

// ---- README.md sample (verbatim below this line) ----
import { createAgentKit } from 'hedera-agent-hooks';
import { ExpressionPolicy, MaxTransferPolicy, RecipientDenylistPolicy } from 'hedera-agent-hooks/policies';

const kit = await createAgentKit({
  client,
  context: {
    hooks: [
      new MaxTransferPolicy({ hbar: 100, tokens: { '0.0.5678': 250 } }),   // per call, in HBAR and display units
      new RecipientDenylistPolicy(['0.0.666']),
      new ExpressionPolicy({
        expression: "movements.all(m, m.asset != 'HBAR' || m.amount <= 2500000000)",   // tinybars: 25 HBAR
        message: 'at most 25 HBAR to any one account',
      }),
    ],
  },
});
const refused = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.98', amount: 150 }] });
// refused.raw.blockedBy: { policy: 'Max Transfer Policy', stage: 'postParamsNormalization',
//   reason: 'transfer_hbar_tool moves 150 HBAR (15000000000 tinybars) in this call, to 0.0.98; the cap is 100 HBAR per call' }
