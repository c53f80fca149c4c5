import { createAgentKit } from 'hedera-agent-hooks';
import { startDevnet } from 'hedera-agent-hooks/devnet';
import { ExpressionPolicy, MaxTransferPolicy, RecipientDenylistPolicy } from 'hedera-agent-hooks/policies';

const net = await startDevnet();
const kit = await createAgentKit({
  client: net.client(),
  mirrorNodeUrl: net.mirrorUrl,
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
console.log(refused.raw.blockedBy);
// { policy: 'Max Transfer Policy', stage: 'postParamsNormalization',
//   reason: 'transfer_hbar_tool moves 150 HBAR (15000000000 tinybars) in this call, to 0.0.98; the cap is 100 HBAR per call' }
await kit.close();
await net.stop();
